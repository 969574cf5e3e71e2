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
afterAll(async () => {
  await api?.close();
});

type Group = { id: string; attributes: Record<string, unknown> & { name: string; path: string; customers: string[] } };
type GroupList = { data: Group[] };

const groupId = async (name: string) =>
  Number((await api.db.selectFrom('user_groups').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id);
const userId = async (username: string) =>
  Number((await api.db.selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirstOrThrow()).user_id);
const groupCount = async () =>
  (
    await api.db
      .selectFrom('user_groups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
const customerIds = async (client: ApiClient) =>
  ((await client.get('/customers?page[size]=100')).json() as GroupList).data.map((row) => row.id);

describe('GET /user-groups', () => {
  it('lists the tree, parents before children, with customers and inherited SSO', async () => {
    const response = await admin.get('/user-groups?page[size]=100');
    expect(response.statusCode).toBe(200);
    const groups = (response.json() as GroupList).data;
    const paths = groups.map((group) => group.attributes.path);
    expect(paths.indexOf('Headquarters')).toBeLessThan(paths.indexOf('Headquarters / East Region'));
    const hq = groups.find((group) => group.attributes.name === 'Headquarters')!;
    expect(hq.attributes).toMatchObject({
      customers: ['C-1001', 'C-1004', 'C-1011', 'C-1012', 'C-1013'],
      include_child_accounts: true,
      depth: 0,
    });
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
      name: 'North Region',
      parent_group_id: await groupId('Headquarters'),
      network_access: 'vpn',
      sso_enabled: true,
      identity_provider_id: 'demo-idp',
      customers: 'C-1003, C-1004',
      include_child_accounts: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = (created.json() as { data: Group }).data;
    expect(group.attributes).toMatchObject({
      path: 'Headquarters / North Region',
      customers: ['C-1003', 'C-1004'],
      sso_enabled: true,
      identity_provider_id: 'demo-idp',
    });

    const child = await admin.post('/user-groups', { name: 'North Depot', parent_group_id: Number(group.id), customers: ['C-1003'] });
    expect(child.statusCode, child.body).toBe(201);
    expect((child.json() as { data: Group }).data.attributes).toMatchObject({ depth: 2, sso_enabled: false, sso_inherited: true });
  });

  it('edits a group and its customers', async () => {
    const id = await groupId('West Region');
    const response = await admin.patch(`/user-groups/${id}`, { customers: ['C-1003', 'C-1002'], network_access: 'office' });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { data: Group }).data.attributes).toMatchObject({
      customers: ['C-1002', 'C-1003'],
      network_access: 'office',
    });
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const before = await groupCount();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ name: '' }, 422, ErrorCode.fieldRequired],
      [{ name: 'X'.repeat(101) }, 422, ErrorCode.groupNameTooLong],
      [{ name: 'headquarters' }, 409, ErrorCode.groupNameTaken],
      [{ name: 'Unknown Provider', identity_provider_id: 'idp.example.com' }, 422, ErrorCode.groupIdentityProviderUnknown],
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
    expect((ask.json() as { errors: Array<{ meta: Record<string, string> }> }).errors[0]!.meta).toMatchObject({
      users: 'viewer',
      from: 'East Region',
      to: 'Headquarters',
    });
    expect(await customerIds(payer)).toEqual(['C-1002']);

    const moved = await admin.post(`/user-groups/${hq}/users`, { user_id: String(viewer), move: true });
    expect(moved.statusCode, moved.body).toBe(200);
    // Headquarters includes child accounts: its own customers and those of every group below it.
    const scope = await customerIds(payer);
    expect(scope).toEqual(expect.arrayContaining(['C-1001', 'C-1002', 'C-1004']));
    expect(scope).not.toContain('C-1005');
  });

  it("a change to a group's customers reaches its members at once", async () => {
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

/**
 * Issue 22 item 1: identity providers are tenant configuration; a group only chooses one by id,
 * and no request body names an issuer or an environment variable.
 */
describe('single sign-on settings of a group (issue 22)', () => {
  it('refuses a body that names an issuer, a client or an environment variable (400), and writes nothing', async () => {
    const before = await groupCount();
    const attacks: Array<Record<string, unknown>> = [
      {
        name: 'Exfiltrate',
        sso_enabled: true,
        oidc_issuer: 'https://attacker.example',
        oidc_client_id: 'x',
        oidc_client_secret_env: 'CARD_ENCRYPTION_KEYS',
      },
      { name: 'Exfiltrate 2', oidc_client_secret_env: 'DATABASE_URL' },
      { name: 'Exfiltrate 3', oidc_issuer: 'https://attacker.example' },
    ];
    for (const body of attacks) expect((await admin.post('/user-groups', body)).statusCode, JSON.stringify(body)).toBe(400);
    const west = await groupId('West Region');
    expect((await admin.patch(`/user-groups/${west}`, { oidc_client_secret_env: 'CARD_ENCRYPTION_KEYS' })).statusCode).toBe(400);
    expect((await admin.patch(`/user-groups/${west}`, { oidc_issuer: 'https://attacker.example', oidc_client_id: 'x' })).statusCode).toBe(
      400,
    );
    expect(await groupCount()).toBe(before);
  });

  it('answers no issuer, client or variable name, only the chosen provider', async () => {
    const groups = ((await admin.get('/user-groups?page[size]=100')).json() as GroupList).data;
    for (const group of groups) {
      for (const field of ['oidc_issuer', 'oidc_client_id', 'oidc_client_secret_env'])
        expect(group.attributes, field).not.toHaveProperty(field);
    }
    expect(groups.find((group) => group.attributes.name === 'SSO Partners')!.attributes).toMatchObject({
      identity_provider_id: 'demo-idp',
      identity_provider: 'Demo identity provider',
    });
  });

  it("lists the tenant's identity providers by id and name only", async () => {
    const response = await admin.get('/identity-providers');
    expect(response.statusCode, response.body).toBe(200);
    const providers = (response.json() as { data: Array<{ id: string; attributes: Record<string, unknown> }> }).data;
    expect(providers.map((provider) => [provider.id, provider.attributes])).toEqual([
      ['demo-idp', { name: 'Demo identity provider', value: 'demo-idp', label: 'Demo identity provider' }],
    ]);
    // Never where the secret lives, nor the issuer or client.
    expect(response.body).not.toMatch(/DEMO_OIDC_CLIENT_SECRET|portal-demo|localhost:8080/);
    const payer = api.client();
    await payer.login('payer');
    expect((await payer.get('/identity-providers')).statusCode).toBe(403);
  });

  it("chooses one of the tenant's providers by id; an unknown one is refused naming the field", async () => {
    const created = await admin.post('/user-groups', {
      name: 'Chooses A Provider',
      sso_enabled: true,
      identity_provider_id: 'demo-idp',
      customers: ['C-1001'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as { data: Group }).data.attributes).toMatchObject({ sso_enabled: true, identity_provider_id: 'demo-idp' });
    const unknown = await admin.post('/user-groups', { name: 'Unknown Provider', sso_enabled: true, identity_provider_id: 'attacker-idp' });
    expect(unknown.statusCode).toBe(422);
    expect(errorCode(unknown)).toBe(ErrorCode.groupIdentityProviderUnknown);
    expect((unknown.json() as { errors: Array<{ source?: { pointer?: string } }> }).errors[0]!.source?.pointer).toBe(
      '/identity_provider_id',
    );
  });

  it('refuses single sign-on on a group with no provider anywhere up its tree, and keeps it on with an inherited one', async () => {
    const before = await groupCount();
    const refused = await admin.post('/user-groups', { name: 'SSO Without Provider', sso_enabled: true, customers: ['C-1001'] });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorCode(refused)).toBe(ErrorCode.groupSsoProviderRequired);
    const west = await groupId('West Region');
    const edit = await admin.patch(`/user-groups/${west}`, { sso_enabled: true });
    expect(edit.statusCode, edit.body).toBe(422);
    expect(errorCode(edit)).toBe(ErrorCode.groupSsoProviderRequired);
    expect(await groupCount()).toBe(before);
    // Under SSO Partners the provider is inherited.
    const child = await admin.post('/user-groups', {
      name: 'SSO Partners Child',
      parent_group_id: await groupId('SSO Partners'),
      sso_enabled: true,
    });
    expect(child.statusCode, child.body).toBe(201);
  });
});

/**
 * Issue 22 item 5: a user creates, moves, detaches or changes only groups wholly inside their own
 * customers, so no change reaches a group (or its members' scope, or its single sign-on) they
 * cannot see. `admin` has C-1001..C-1004; `corporate` has C-1001, C-1002, C-1005..C-1007.
 */
describe("group tree changes stay inside the caller's scope (issue 22)", () => {
  let corporate: ApiClient;
  beforeAll(async () => {
    corporate = api.client();
    expect((await corporate.login('corporate')).statusCode).toBe(200);
  });
  const scopeOf = async (name: string) =>
    ((await admin.get(`/user-groups/${await groupId(name)}`)).json() as { data: Group }).data.attributes.customers;
  const parentOf = async (name: string) =>
    (await api.db.selectFrom('user_groups').select('parent_group_id').where('name', '=', name).executeTakeFirstOrThrow()).parent_group_id;

  it("refuses to attach a group with the caller's customer under another organisation's tree", async () => {
    // East Region (C-1002) is visible to corporate, but Headquarters above it includes child accounts and holds C-1001/C-1004's admin's customers.
    const before = await groupCount();
    const attach = await corporate.post('/user-groups', {
      name: 'Corporate Under East',
      parent_group_id: await groupId('East Region'),
      customers: ['C-1005'],
    });
    expect(attach.statusCode, attach.body).toBe(403);
    expect(errorCode(attach)).toBe(ErrorCode.groupOutOfScope);
    expect(await groupCount()).toBe(before);
  });

  it("refuses to detach or move a group out of another organisation's tree", async () => {
    const east = await groupId('East Region');
    const hq = await groupId('Headquarters');
    const detach = await corporate.patch(`/user-groups/${east}`, { parent_group_id: null });
    expect(detach.statusCode, detach.body).toBe(403);
    expect(errorCode(detach)).toBe(ErrorCode.groupOutOfScope);
    const own = await corporate.post('/user-groups', {
      name: 'Corporate Own',
      customers: ['C-1002', 'C-1005'],
      include_child_accounts: true,
    });
    expect(own.statusCode, own.body).toBe(201);
    const move = await corporate.patch(`/user-groups/${east}`, { parent_group_id: Number((own.json() as { data: Group }).data.id) });
    expect(move.statusCode, move.body).toBe(403);
    expect(await parentOf('East Region')).toBe(hq);
  });

  it('refuses changing the customers of a group whose including ancestor the caller cannot see', async () => {
    const east = await groupId('East Region');
    const before = await scopeOf('Headquarters');
    const change = await corporate.patch(`/user-groups/${east}`, { customers: ['C-1002', 'C-1005'] });
    expect(change.statusCode, change.body).toBe(403);
    expect(await scopeOf('Headquarters')).toEqual(before);
  });

  it('refuses single sign-on on a group with a child group the caller cannot see', async () => {
    // Corporate's top group (C-1001, not including child accounts) is visible to admin, who puts a child with C-1003 under it.
    const top = await corporate.post('/user-groups', { name: 'Corporate SSO Top', customers: ['C-1001'] });
    expect(top.statusCode, top.body).toBe(201);
    const topId = Number((top.json() as { data: Group }).data.id);
    const child = await admin.post('/user-groups', { name: 'Admin Child Of Corporate', parent_group_id: topId, customers: ['C-1003'] });
    expect(child.statusCode, child.body).toBe(201);
    // Its members would sign in through the provider corporate chooses: refused.
    const sso = await corporate.patch(`/user-groups/${topId}`, { sso_enabled: true });
    expect(sso.statusCode, sso.body).toBe(403);
    expect(errorCode(sso)).toBe(ErrorCode.groupOutOfScope);
    const row = await api.db.selectFrom('user_groups').select('sso_enabled').where('id', '=', topId).executeTakeFirstOrThrow();
    expect(row.sso_enabled).toBe(false);
    // admin sees both: allowed.
    expect((await admin.patch(`/user-groups/${topId}`, { name: 'Corporate SSO Top (renamed)' })).statusCode).toBe(200);
  });
});
