import { useEffect, useState } from 'react';
import { normaliseRole } from '../../domain/policy.ts';
import { roleTextKey } from '../../domain/role-text-keys.ts';
import type { Translate } from '../../engine/i18n/use-text.ts';
import { studioData, type Resource } from '../api.ts';

/** A portal user of the tenant, as the studio lists them to pick one (server/studio/permissions-routes.ts). */
export interface TenantUser {
  username: string;
  user_type: string;
  role: string;
}

/** The tenant's portal users, read once per tenant; the error is the caller's to show. */
export function useTenantUsers(tenantId: string): { users: TenantUser[]; error: unknown } {
  const [users, setUsers] = useState<TenantUser[]>([]);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let current = true;
    studioData<Array<Resource<TenantUser>>>(`/tenants/${tenantId}/users`).then(
      (rows) => current && setUsers(rows.map((row) => row.attributes)),
      (failure: unknown) => current && setError(failure),
    );
    return () => {
      current = false;
    };
  }, [tenantId]);
  return { users, error };
}

/** A user named with their user type and role, as the diff names them ("payer (Customer, Payer)"). */
export function userLabel(t: Translate, user: TenantUser): string {
  return t('studioUi.users.option', {
    username: user.username,
    userType: t(`studio.userTypes.${user.user_type}`),
    // Users carry the role as the portal shows it ("Payer"); the texts are keyed by the policy's names.
    role: t(roleTextKey(normaliseRole(user.role))),
  });
}
