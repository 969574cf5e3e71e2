/**
 * The policy's role names as the portal's text keys (`common.status.<key>`), shared by the
 * studio's diff words (server/studio/describe.ts) and its permission matrix (studio/), so a role
 * reads the same in both. roleTextKey('card viewer') === 'common.status.cardViewer'
 */
const ROLE_KEYS: Record<string, string> = {
  admin: 'admin',
  payer: 'payer',
  'view only': 'viewOnly',
  'card viewer': 'cardViewer',
  'safety manager': 'safetyManager',
  'enrollment manager': 'enrollmentManager',
};

/** A role's name inside text keys: roleKeyName('card viewer') === 'cardViewer'. */
export function roleKeyName(role: string): string {
  return ROLE_KEYS[role] ?? role;
}

export function roleTextKey(role: string): string {
  return `common.status.${roleKeyName(role)}`;
}
