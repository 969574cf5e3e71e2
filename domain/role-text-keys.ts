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

export function roleTextKey(role: string): string {
  return `common.status.${ROLE_KEYS[role] ?? role}`;
}
