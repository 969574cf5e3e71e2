import { describe, expect, it } from 'vitest';
import { ErrorCode } from './error-codes.ts';
import { groupNameProblems, groupPaths, wouldCycle } from './groups.ts';
import { issuerAcceptable } from './tenant.ts';

describe('group rules', () => {
  it('accepts https issuers (tenant identity providers) and http only on localhost', () => {
    expect(issuerAcceptable('https://idp.example.com/realms/a')).toBe(true);
    expect(issuerAcceptable('http://localhost:8080/oidc')).toBe(true);
    expect(issuerAcceptable('http://idp.example.com')).toBe(false);
    expect(issuerAcceptable('https://user:pw@idp.example.com')).toBe(false);
    expect(issuerAcceptable('not a url')).toBe(false);
  });

  it('requires a name', () => {
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
