import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

let api: TestApi;
let admin: ApiClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = api.client();
  expect((await admin.login('admin')).statusCode).toBe(200);
});
afterAll(async () => { await api?.close(); });

type Group = { id: string; attributes: Record<string, unknown> & { name: string; path: string; customers: string[] } };
type GroupList = { data: Group[] };

const groupId = async (name: string) => Number((await api.db.selectFrom('user_groups').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id);
const userId = async (username: string) => Number((await api.db.selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirstOrThrow()).user_id);
const groupCount = async () => (await api.db.selectFrom('user_groups').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
const customerIds = async (client: ApiClient) => ((await client.get('/customers?page[size]=100')).json() as GroupList).data.map((row) => row.id);

describe('GET /user-groups', () => {
  it('lists the tree, parents before children, with customers and inherited SSO', async () => {
    const response = await admin.get('/user-groups?page[size]=100');
    expect(response.statusCode).toBe(200);
    const groups = (response.json() as GroupList).data;
    const paths = groups.map((group) => group.attributes.path);
    expect(paths.indexOf('Headquarters')).toBeLessThan(paths.indexOf('Headquarters / East Region'));
    const hq = groups.find((group) => group.attributes.name === 'Headquarters')!;
    expect(hq.attributes).toMatchObject({ customers: ['C-1001', 'C-1004'], include_child_accounts: true, depth: 0 });
    expect(groups.find((group) => group.attributes.name === 'SSO Partners')!.attributes.sso_enabled).toBe(true);
  });

  it('is refused to a payer', async () => {
    const payer = api.client();
    await payer.login('payer');
    expect((await payer.get('/user-groups')).statusCode).toBe(403);
    expect((await payer.post('/user-groups', { name: 'Sneaky' })).statusCode).toBe(403);
  });
});

describe('the group wizard', () => {
  it('creates a group with network access, identity provider and customers, then a child group that inherits SSO', async () => {
    const created = await admin.post('/user-groups', {
      name: 'North Region', parent_group_id: await groupId('Headquarters'), network_access: 'vpn', sso_enabled: true,
      identity_provider: 'Local IdP', oidc_issuer: 'http://localhost:8080/oidc', oidc_client_id: 'portal', oidc_client_secret_env: 'NORTH_OIDC_SECRET',
      customers: 'C-1003, C-1004', include_child_accounts: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = (created.json() as { data: Group }).data;
    expect(group.attributes).toMatchObject({ path: 'Headquarters / North Region', customers: ['C-1003', 'C-1004'], sso_enabled: true, oidc_client_secret_env: 'NORTH_OIDC_SECRET' });

    const child = await admin.post('/user-groups', { name: 'North Depot', parent_group_id: Number(group.id), customers: ['C-1003'] });
    expect(child.statusCode, child.body).toBe(201);
    expect((child.json() as { data: Group }).data.attributes).toMatchObject({ depth: 2, sso_enabled: false, sso_inherited: true });
  });

  it('edits a group and its customers', async () => {
    const id = await groupId('West Region');
    const response = await admin.patch(`/user-groups/${id}`, { customers: ['C-1003', 'C-1002'], network_access: 'office' });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { data: Group }).data.attributes).toMatchObject({ customers: ['C-1002', 'C-1003'], network_access: 'office' });
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const before = await groupCount();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ name: '' }, 422, ErrorCode.fieldRequired],
      [{ name: 'X'.repeat(101) }, 422, ErrorCode.groupNameTooLong],
      [{ name: 'headquarters' }, 409, ErrorCode.groupNameTaken],
      [{ name: 'Bad Issuer', oidc_issuer: 'http://idp.example.com', oidc_client_id: 'x' }, 422, ErrorCode.groupIssuerInvalid],
      [{ name: 'Bad Env', oidc_issuer: 'https://idp.example.com', oidc_client_id: 'x', oidc_client_secret_env: 'lower-case' }, 422, ErrorCode.groupSecretEnvInvalid],
      [{ name: 'Half Provider', oidc_issuer: 'https://idp.example.com' }, 422, ErrorCode.fieldRequired],
      // C-1005 belongs to the corporate user only: an admin cannot hand out what they cannot see.
      [{ name: 'Stolen', customers: 'C-1001, C-1005' }, 422, ErrorCode.groupCustomerOutOfScope],
      [{ name: 'Orphan', parent_group_id: 999999 }, 404, ErrorCode.notFound],
    ];
    for (const [body, status, code] of cases) {
      const response = await admin.post('/user-groups', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorCode(response), JSON.stringify(body)).toBe(code);
    }
    expect(await groupCount()).toBe(before);
  });

  it('never puts a group under itself or its descendants', async () => {
    const hq = await groupId('Headquarters');
    const east = await groupId('East Region');
    const response = await admin.patch(`/user-groups/${hq}`, { parent_group_id: east });
    expect(response.statusCode).toBe(422);
    expect(errorCode(response)).toBe(ErrorCode.groupParentCycle);
    const row = await api.db.selectFrom('user_groups').select('parent_group_id').where('id', '=', hq).executeTakeFirstOrThrow();
    expect(row.parent_group_id).toBeNull();
  });
});

describe('adding users to a group (spec §4) and the row scope', () => {
  it('asks before moving a user from another group, then moves them and their scope changes at once', async () => {
    const payer = api.client();
    // ssouser signs in only through SSO; use the viewer, put first in East Region.
    const viewer = await userId('viewer');
    const east = await groupId('East Region');
    const hq = await groupId('Headquarters');
    expect((await admin.post(`/user-groups/${east}/users`, { user_ids: [viewer] })).statusCode).toBe(200);
    await payer.login('viewer');
    expect(await customerIds(payer)).toEqual(['C-1002']);

    // In a group already: the move needs a confirmation, and nothing changes without it.
    const ask = await admin.post(`/user-groups/${hq}/users`, { user_id: String(viewer) });
    expect(ask.statusCode).toBe(409);
    expect(errorCode(ask)).toBe(ErrorCode.groupUserInOtherGroup);
    expect((ask.json() as { errors: Array<{ meta: Record<string, string> }> }).errors[0]!.meta).toMatchObject({ users: 'viewer', from: 'East Region', to: 'Headquarters' });
    expect(await customerIds(payer)).toEqual(['C-1002']);

    const moved = await admin.post(`/user-groups/${hq}/users`, { user_id: String(viewer), move: true });
    expect(moved.statusCode, moved.body).toBe(200);
    // Headquarters includes child accounts: its own customers and those of every group below it.
    const scope = await customerIds(payer);
    expect(scope).toEqual(expect.arrayContaining(['C-1001', 'C-1002', 'C-1004']));
    expect(scope).not.toContain('C-1005');
  });

  it('a change to a group\'s customers reaches its members at once', async () => {
    const member = api.client();
    const viewer = await userId('viewer');
    const west = await groupId('West Region');
    expect((await admin.post(`/user-groups/${west}/users`, { user_ids: [viewer], move: true })).statusCode).toBe(200);
    await member.login('viewer');
    const before = await customerIds(member);
    expect((await admin.patch(`/user-groups/${west}`, { customers: ['C-1004'] })).statusCode).toBe(200);
    const after = await customerIds(member);
    expect(after).toEqual(['C-1004']);
    expect(after).not.toEqual(before);
  });

  it('refuses unknown users and writes nothing', async () => {
    const east = await groupId('East Region');
    const corporate = await userId('corporate');
    const response = await admin.post(`/user-groups/${east}/users`, { user_ids: [corporate], move: true });
    expect(response.statusCode).toBe(404);
    const row = await api.db.selectFrom('users').select('user_group_id').where('user_id', '=', corporate).executeTakeFirstOrThrow();
    expect(row.user_group_id).toBeNull();
  });
});
