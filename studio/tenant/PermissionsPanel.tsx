import { Checkbox, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import policyJson from '../../permissions/policy.json';
import type { Policy } from '../../domain/policy.ts';
import { roleTextKey } from '../../domain/role-text-keys.ts';
import { useText } from '../../engine/i18n/use-text.ts';
import { matrixOf, overridesOf, ruleSetNames, toggleGrant, withPermissions } from '../permission-matrix.ts';
import classes from '../studio.module.css';
import type { TenantDocument } from './tenant-types.ts';

const policy = policyJson as unknown as Policy;

/**
 * The role permissions of a tenant: per user type, a matrix of rule sets (rows) × roles
 * (columns), as the tenant's users get them. A change writes the tenant's `overrides.permissions`
 * as the merge patch the API expects (permission-matrix.ts); the server's check refuses what the
 * guardrails forbid, with the reason, on check and publish.
 */
export function PermissionsPanel({
  document,
  editable,
  onChange,
}: {
  document: TenantDocument;
  editable: boolean;
  onChange(document: TenantDocument): void;
}) {
  const { t } = useText();
  const previous = document.overrides?.permissions;
  const matrix = useMemo(() => matrixOf(policy, previous), [previous]);
  const ruleSets = ruleSetNames(policy);
  const toggle = (userType: string, role: string, ruleSet: string, granted: boolean) =>
    onChange(withPermissions(document, overridesOf(policy, toggleGrant(matrix, userType, role, ruleSet, granted, policy), previous)));
  return (
    <Stack gap="lg">
      <Text size="sm">{t('studioUi.permissions.intro')}</Text>
      {Object.entries(matrix).map(([userType, roles]) => {
        const userTypeName = t(`studio.userTypes.${userType}`);
        const headingId = `permissions-${userType}`;
        return (
          <section key={userType} aria-labelledby={headingId}>
            <Title order={2} size="h4" id={headingId} mb="xs">
              {userTypeName}
            </Title>
            <Table.ScrollContainer minWidth={640}>
              <Table striped withTableBorder data-matrix={userType}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('studioUi.permissions.ruleSet')}</Table.Th>
                    {Object.keys(roles).map((role) => (
                      <Table.Th key={role} scope="col">
                        {t(roleTextKey(role))}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {ruleSets.map((ruleSet) => (
                    <Table.Tr key={ruleSet}>
                      <Table.Th scope="row" className={classes.ruleSetCell}>
                        {t(`studio.ruleSets.${ruleSet}`)}
                      </Table.Th>
                      {Object.entries(roles).map(([role, granted]) => (
                        <Table.Td key={role}>
                          <Checkbox
                            aria-label={t('studioUi.permissions.cell', {
                              userType: userTypeName,
                              role: t(roleTextKey(role)),
                              ruleSet: t(`studio.ruleSets.${ruleSet}`),
                            })}
                            checked={granted.includes(ruleSet)}
                            disabled={!editable}
                            onChange={(event) => toggle(userType, role, ruleSet, event.currentTarget.checked)}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </section>
        );
      })}
    </Stack>
  );
}
