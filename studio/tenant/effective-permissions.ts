import { useEffect, useState } from 'react';
import { studioData, type Resource } from '../api.ts';

export type RefusalReason = 'userType' | 'role' | 'flag' | 'policy' | 'scope';

/** One screen or API rule set as the effective-permissions API judges it for a user (server/studio/permissions-routes.ts). */
export interface PermissionVerdict {
  allowed: boolean;
  reason?: RefusalReason;
  name: string;
  why: string;
}

export interface EffectivePermissions {
  user: { username: string; user_type: string; role: string };
  draft_id: number | null;
  revision: number | null;
  screens: Array<PermissionVerdict & { screen: string; path: string | null }>;
  rule_sets: Array<PermissionVerdict & { ruleSet: string }>;
}

/**
 * What `username` may do on the tenant, under the draft `draftId` (its saved document) or as
 * published, in the studio's language; null until a user is picked and while it loads.
 */
export function useEffectivePermissions(
  tenantId: string,
  username: string | null,
  draftId: string | null,
  language: string,
): { permissions: EffectivePermissions | null; error: unknown } {
  const [permissions, setPermissions] = useState<EffectivePermissions | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    setPermissions(null);
    setError(null);
    if (!username) return;
    let current = true;
    const query = new URLSearchParams({ user: username, lang: language, ...(draftId ? { draft: draftId } : {}) });
    studioData<Resource<EffectivePermissions>>(`/tenants/${tenantId}/effective-permissions?${query}`).then(
      (resource) => current && setPermissions(resource.attributes),
      (failure: unknown) => current && setError(failure),
    );
    return () => {
      current = false;
    };
  }, [tenantId, username, draftId, language]);
  return { permissions, error };
}
