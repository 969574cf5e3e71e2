import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagBindings } from '../../domain/flags.ts';
import { decideGuard, guardWithOverride, type GuardContext } from '../../domain/route-guards.ts';
import { readScreens } from '../../engine/build/screens-plugin.ts';
import { sideOfUserType } from '../../domain/disputes.ts';
import { resolveBinding, resolveQueryValues, type BindingContext } from '../../engine/definitions/bindings.ts';
import type { ScreenDefinition } from '../../engine/definitions/types.ts';
import { guardOf, isServiceAccess, type DeclaredRoute, type PortalAccess, type ServiceAccess } from '../../server/auth/access.ts';
import type { PermissionOverrides } from '../../domain/policy-overrides.ts';
import type { Tenant } from '../../domain/tenant.ts';
import { USERS } from '../../server/db/seed/users.ts';
import { guardContext, ROLES, screenPath, SNAPSHOT_CUSTOMER } from '../screens/matrix.ts';
import { startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

/**
 * The UI/API agreement (DESIGN.md "Deny by default"): for every demo user, what the portal's
 * ability and screen guards let through is what the API answers when really called. Only 401 and
 * 403 mean "refused"; 400, 404 and 422 (made-up ids, empty bodies) mean access was granted.
 */
type Username = (typeof ROLES)[number];
type Caller = Username | 'anonymous';
type Verdict = 'allowed' | 401 | 403;

/** Path parameters: seeded where a GET shows real data, out of range where a write must change nothing. */
const PARAMETERS: Record<string, string> = {
  trx_id: 'T-1001-0007',
  customer: SNAPSHOT_CUSTOMER,
  hostname: 'localhost.json',
  location: 'statements',
  id: '999999',
  application_id: '999999',
  dispute_id: '999999',
  card_id: '999999',
  document_id: '999999',
  index: '0',
  program_id: '999999',
  // An interaction of the local identity provider that does not exist.
  uid: 'no-such-interaction',
};
const DEALER_MERCHANT = 'M-2001';

function concreteUrl(url: string): string {
  return url.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = PARAMETERS[name];
    if (value === undefined) throw new Error(`No value for :${name} of ${url}: add it to PARAMETERS`);
    return value;
  });
}

function verdictOf(response: LightMyRequestResponse): Verdict | 'error' {
  if (response.statusCode === 401 || response.statusCode === 403) return response.statusCode;
  return response.statusCode >= 500 ? 'error' : 'allowed';
}

/** What the portal decides for a demo user (signed in, customer or merchant selected), or for a visitor. */
function browserVerdict(access: PortalAccess | ServiceAccess, caller: Caller, permissions?: PermissionOverrides): Verdict {
  // The operator's service routes (issue 26) take a key no portal user or visitor holds.
  if (isServiceAccess(access)) return 401;
  const guard = guardOf(access);
  if (!guard) return 'allowed';
  if (caller === 'anonymous') return 401;
  return decideGuard(guard, guardContext(caller, permissions)).allow ? 'allowed' : 403;
}

let api: TestApi;
const clients = new Map<Caller, ApiClient>();

async function signIn(username: Username): Promise<ApiClient> {
  const client = api.client();
  const user = USERS.find((candidate) => candidate.username === username)!;
  if (user.customers.length > 0) {
    await client.loginWithCustomer(username, SNAPSHOT_CUSTOMER);
    return client;
  }
  expect((await client.login(username)).statusCode).toBe(200);
  const select = await client.post('/session_data', { sessionKeys: [{ key: 'merchant_id', value: DEALER_MERCHANT }] });
  expect(select.statusCode).toBe(200);
  return client;
}

beforeAll(async () => {
  api = await startTestApi();
  clients.set('anonymous', api.client());
  for (const username of ROLES) clients.set(username, await signIn(username));
});
afterAll(async () => {
  await api?.close();
});

const CALLERS: readonly Caller[] = [...ROLES, 'anonymous'];

describe("every API operation: the portal's ability and the API agree", () => {
  it('covers every route the server registered', () => {
    expect(operations().length).toBeGreaterThan(60);
  });

  it.each(CALLERS)('%s', async (caller) => {
    expect(await operationDisagreements(caller)).toEqual([]);
  });
});

/** Where the API answers an operation otherwise than the portal's ability for `caller` under the tenant's permission overrides. */
async function operationDisagreements(caller: Caller, permissions?: PermissionOverrides): Promise<string[]> {
  const client = clients.get(caller)!;
  const disagreements: string[] = [];
  for (const { method, url, access } of operations()) {
    // Public routes are the same for everyone: a visitor calls them; a signed-in user would
    // only sign out (POST /auth/logout) or start another sign-in.
    if (!isServiceAccess(access) && guardOf(access) === undefined && caller !== 'anonymous') continue;
    const response = await client.request(method as InjectOptions['method'], concreteUrl(url), method === 'GET' ? undefined : {});
    const expected = browserVerdict(access, caller, permissions);
    const actual = verdictOf(response);
    if (actual !== expected)
      disagreements.push(`${method} ${url}: portal ${expected}, API ${response.statusCode} ${response.body.slice(0, 120)}`);
  }
  return disagreements;
}

/**
 * Issue 24: a tenant's permission overrides (the studio's matrix) are applied by the portal and
 * the API alike. Admins lose payment methods, payers dispute creation, viewers gain payments: the
 * callers they concern agree operation by operation.
 */
describe("every API operation agrees under a tenant's permission overrides", () => {
  const OVERRIDES: PermissionOverrides = {
    grants: {
      customer: {
        admin: [
          'session',
          'notifications',
          'account',
          'programOverview',
          'loyalty',
          'documents',
          'pay',
          'disputeCreate',
          'disputeRespond',
          'cards',
          'cardsManage',
          'users',
          'rejections',
          'rejectionsManage',
        ],
        payer: [
          'session',
          'notifications',
          'account',
          'programOverview',
          'loyalty',
          'documents',
          'pay',
          'disputeRead',
          'rejections',
          'rejectionsManage',
        ],
        'view only': ['session', 'notifications', 'account', 'programOverview', 'loyalty', 'pay', 'disputeRead', 'rejections'],
      },
    },
  };
  let shipped: Tenant;
  beforeAll(() => {
    shipped = api.tenants.byId('demo')!;
    api.tenants.replace(
      api.tenants.tenants.map((tenant) =>
        tenant.id === 'demo' ? { ...tenant, overrides: { ...tenant.overrides, permissions: OVERRIDES } } : tenant,
      ),
    );
  });
  afterAll(() => {
    api.tenants.replace(api.tenants.tenants.map((tenant) => (tenant.id === 'demo' ? shipped : tenant)));
  });

  it('changes what the API answers', async () => {
    expect((await clients.get('admin')!.get('/bank-accounts')).statusCode).toBe(403);
  });

  it.each(['admin', 'payer', 'viewer'] as const)('%s', async (caller) => {
    expect(await operationDisagreements(caller, OVERRIDES)).toEqual([]);
  });
});

/** Every portal and service operation once (HEAD is Fastify's twin of each GET); the operator studio's are tests/api/studio.test.ts's. */
function operations(): Array<DeclaredRoute & { access: PortalAccess | ServiceAccess }> {
  return api.app.routeAccess.filter(
    (route): route is DeclaredRoute & { access: PortalAccess | ServiceAccess } => route.method !== 'HEAD' && !('operator' in route.access),
  );
}

interface Source {
  resource: string;
  filter?: Record<string, unknown>;
  params?: Record<string, unknown>;
}

/** Every data source a definition names (tables, details, stats, filter options, action sources), in document order. */
function sourcesOf(node: unknown, found: Source[] = []): Source[] {
  if (Array.isArray(node)) {
    for (const item of node) sourcesOf(item, found);
  } else if (node !== null && typeof node === 'object') {
    if (typeof (node as { resource?: unknown }).resource === 'string') found.push(node as Source);
    for (const value of Object.values(node)) sourcesOf(value, found);
  }
  return found;
}

/** The bindings a screen resolves its sources with, as the portal has them for this user on this screen. */
function bindingsFor(definition: ScreenDefinition, username: Username | undefined): BindingContext {
  const user = USERS.find((candidate) => candidate.username === username);
  const names = definition.path.split('/');
  const values = screenPath(definition).split('/');
  const route = Object.fromEntries(names.flatMap((name, index) => (name.startsWith(':') ? [[name.slice(1), values[index]]] : [])));
  const tenant = api.tenants.byId('demo')!;
  return {
    // dispute_side: the dispute API's side of the path, as engine/screens/screen-bindings.ts derives it.
    session: { customerIds: user?.customers ?? [], selectedCurrency: 'USD', dispute_side: sideOfUserType(user?.type ?? '') ?? 'customer' },
    customer: user && user.customers.length > 0 ? { buidCustomer: SNAPSHOT_CUSTOMER } : null,
    merchant: user?.merchants?.length ? { buidMerchant: DEALER_MERCHANT } : null,
    route,
    query: {},
    selection: [{ trxId: PARAMETERS.trx_id }],
    tenant: tenant.config as unknown as Record<string, unknown>,
    flags: flagBindings(tenant.flags),
  };
}

/** The source's GET as the portal sends it (engine/data sourceParams: filters as filter[...], then params). */
function sourceUrl(source: Source, bindings: BindingContext): string {
  const filters = resolveQueryValues(source.filter, bindings);
  const query = new URLSearchParams({
    ...Object.fromEntries(Object.entries(filters).map(([key, value]) => [`filter[${key}]`, value])),
    ...resolveQueryValues(source.params, bindings),
  }).toString();
  return `${String(resolveBinding(source.resource, bindings))}${query ? `?${query}` : ''}`;
}

describe('every screen definition: what the guard lets in, the API serves', () => {
  const screens = readScreens('screens')
    .map(({ definition }) => definition)
    .filter((definition) => !definition.guard.public);

  it('names data sources in some screens', () => {
    expect(screens.filter((definition) => sourcesOf(definition.body).length > 0).length).toBeGreaterThan(5);
  });

  it.each(CALLERS)('%s', async (caller) => {
    const client = clients.get(caller)!;
    const overrides = api.tenants.byId('demo')!.overrides?.screens ?? {};
    const disagreements: string[] = [];
    let checked = 0;
    for (const definition of screens) {
      const sources = sourcesOf(definition.body);
      if (sources.length === 0) continue;
      const guard = guardWithOverride(definition.guard, overrides[definition.id]);
      const context: GuardContext | undefined = caller === 'anonymous' ? undefined : guardContext(caller);
      const decision = context ? decideGuard(guard, context) : decideGuard(guard, { ...guardContext('payer'), authenticated: false });
      const bindings = bindingsFor(definition, caller === 'anonymous' ? undefined : caller);
      if (decision.allow) {
        for (const source of sources) {
          const url = sourceUrl(source, bindings);
          const response = await client.get(url);
          checked += 1;
          if (verdictOf(response) !== 'allowed')
            disagreements.push(
              `${definition.id} lets ${caller} in, GET ${url} answers ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
        }
      } else if (decision.reason === 'permission' || decision.reason === 'unauthenticated') {
        // The screen's primary source (its first) is refused for the same reason the guard refuses.
        const expected = decision.reason === 'permission' ? 403 : 401;
        const url = sourceUrl(sources[0]!, bindings);
        const response = await client.get(url);
        checked += 1;
        if (response.statusCode !== expected)
          disagreements.push(
            `${definition.id} refuses ${caller} (${decision.reason}), GET ${url} answers ${response.statusCode}, not ${expected}`,
          );
      }
    }
    expect(disagreements).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });
});
