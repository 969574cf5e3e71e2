import { describe, expect, it } from 'vitest';
import { ErrorCode } from './error-codes.ts';
import { groupNameProblems, groupPaths, groupSsoProblems, issuerAcceptable, wouldCycle } from './groups.ts';

describe('group rules', () => {
  it('accepts https issuers and http only on localhost', () => {
    expect(issuerAcceptable('https://idp.example.com/realms/a')).toBe(true);
    expect(issuerAcceptable('http://localhost:8080/oidc')).toBe(true);
    expect(issuerAcceptable('http://idp.example.com')).toBe(false);
    expect(issuerAcceptable('https://user:pw@idp.example.com')).toBe(false);
    expect(issuerAcceptable('not a url')).toBe(false);
  });

  it('checks the secret variable name and a whole provider', () => {
    expect(groupSsoProblems({ oidc_issuer: 'https://i.example', oidc_client_id: 'c', oidc_client_secret_env: 'PORTAL_SECRET_1' })).toEqual([]);
    expect(groupSsoProblems({ oidc_issuer: 'https://i.example', oidc_client_id: 'c', oidc_client_secret_env: '1BAD' })[0]?.code).toBe(ErrorCode.groupSecretEnvInvalid);
    expect(groupSsoProblems({ oidc_client_id: 'c' })).toEqual([{ field: 'oidc_issuer', code: ErrorCode.fieldRequired }]);
    expect(groupNameProblems(' ')[0]?.code).toBe(ErrorCode.fieldRequired);
  });

  it('finds cycles and paths in the tree', () => {
    const groups = [
      { id: 1, name: 'HQ', parent_group_id: null },
      { id: 2, name: 'East', parent_group_id: 1 },
      { id: 3, name: 'Depot', parent_group_id: 2 },
    ];
    expect(wouldCycle(groups, 1, 3)).toBe(true);
    expect(wouldCycle(groups, 1, 1)).toBe(true);
    expect(wouldCycle(groups, 3, 1)).toBe(false);
    expect(groupPaths(groups).get(3)).toEqual({ path: ['HQ', 'East', 'Depot'], depth: 2 });
  });
});
