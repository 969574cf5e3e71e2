import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionHolds, disabledReason } from '../../common/conditions.ts';
import { lookup, resolveAll, resolveBinding, type BindingContext } from '../../engine/definitions/bindings.ts';
import { noticesFor, type NoticeDefinition } from '../../engine/widgets/notices.ts';
import { readScreens } from '../../engine/build/screens-plugin.ts';
import { DEMO_PASSWORD, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

/**
 * The cards screen's definition against the real API: what each tab lists, the notices the
 * responses ask for, and its actions' calls as the engine builds them (bindings resolved, the
 * dialog's form data as `$form`), so a definition and the API cannot drift apart unnoticed.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

interface ActionJson {
  do: string;
  label: string;
  path: string;
  body?: Record<string, unknown>;
  when?: Record<string, unknown>;
  secret?: string;
  expires?: string;
  reauth?: { when: Record<string, unknown>; path: string };
}
interface TableJson {
  id: string;
  source: { resource: string; filter: Record<string, string> };
  defaultSort: { sort: string; direction: string };
  notices: NoticeDefinition[];
  rowActions: ActionJson[];
}
// As the portal renders it: its tabs' tables use the shared part screens/parts/cards-table.json.
const cardsScreen = readScreens('screens').find(({ definition }) => definition.id === 'cards')!.definition;
const tabs = (cardsScreen.body.find((node) => node.widget === 'tabs') as unknown as { tabs: Array<{ children: TableJson[] }> }).tabs;
const tables = tabs.map((tab) => tab.children[0]!);
const table = (id: string) => tables.find((candidate) => candidate.id === `cards-${id}`)!;
const rowAction = (label: string) => table('active').rowActions.find((action) => action.label === label)!;
const requestAction = (cardsScreen.body.find((node) => node.widget === 'actions') as unknown as { actions: ActionJson[] }).actions[0]!;

interface CardRecord {
  card_id: number;
  card_name: string;
  status: string;
  termination_date: string | null;
  can_activate: boolean;
  can_terminate: boolean;
}
interface CardList {
  data: Array<{ attributes: CardRecord }>;
  meta: Record<string, unknown>;
}

const bindingsFor = (customer: string, record?: CardRecord): BindingContext => ({
  session: {},
  customer: { buidCustomer: customer },
  merchant: null,
  route: {},
  query: {},
  selection: [],
  tenant: {},
  ...(record ? { record: record as unknown as Record<string, unknown> } : {}),
});

async function signedIn(username: string, customer: string): Promise<ApiClient> {
  const client = api.client();
  await client.loginWithCustomer(username, customer);
  return client;
}

/** A tab's first page as the table asks for it: the source's filters and the default sort. */
async function listed(client: ApiClient, tab: string, customer: string): Promise<CardList> {
  const { source, defaultSort } = table(tab);
  const filters = resolveAll(source.filter, bindingsFor(customer));
  const query = new URLSearchParams({
    ...Object.fromEntries(Object.entries(filters).map(([name, value]) => [`filter[${name}]`, String(value)])),
    'filter[sort]': `${defaultSort.sort}|${defaultSort.direction}`,
    'page[number]': '1',
    'page[size]': '25',
  });
  const response = await client.get(`${source.resource}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CardList;
}

/** Which of the row's actions the table shows (their `when` over the row). */
const shownActions = (customer: string, record: CardRecord) =>
  table('active')
    .rowActions.filter((action) => !action.when || conditionHolds(action.when, bindingsFor(customer, record)))
    .map((action) => action.label);

describe('the cards screen against the API', () => {
  it('lists each state in its tab, the terminated ones newest first with their date', async () => {
    const client = await signedIn('admin', 'C-1001');
    for (const state of ['active', 'requested', 'activation', 'terminated']) {
      const rows = (await listed(client, state, 'C-1001')).data.map((row) => row.attributes);
      expect(rows.length, state).toBeGreaterThan(0);
      expect(
        rows.every((row) => row.status === state),
        state,
      ).toBe(true);
    }
    const terminated = (await listed(client, 'terminated', 'C-1001')).data.map((row) => row.attributes);
    expect(terminated.every((row) => row.termination_date !== null)).toBe(true);
    expect((await listed(client, 'all', 'C-1001')).data.length).toBe(6);
  });

  it('shows the inactive-account notices only when the response says so, and no change actions then', async () => {
    const admin = await signedIn('admin', 'C-1001');
    const active = await listed(admin, 'active', 'C-1001');
    expect(noticesFor(table('active').notices, active.meta)).toEqual([]);
    expect(shownActions('C-1001', active.data[0]!.attributes)).toEqual(['cards.actions.showNumber', 'cards.actions.terminate']);

    const corporate = await signedIn('corporate', 'C-1005');
    const inactive = await listed(corporate, 'active', 'C-1005');
    expect(noticesFor(table('active').notices, inactive.meta).map((notice) => notice.text)).toEqual([
      'errors.cards.unavailableInactive',
      'errors.cards.inactiveAccount',
    ]);
    for (const row of inactive.data) expect(shownActions('C-1005', row.attributes)).toEqual(['cards.actions.showNumber']);
  });

  it("disables Request a card for an inactive account, with the spec's reason, as the session's customer says (issue 26)", async () => {
    for (const [username, id, reason] of [
      ['corporate', 'C-1005', 'errors.cards.inactiveAccount'],
      ['admin', 'C-1001', null],
    ] as const) {
      const client = await signedIn(username, id);
      // The session's selected customer, as the portal loads it (engine/session/signed-in.ts).
      const customer = (
        JSON.parse((await client.get(`/customers?filter%5Bbuid_customer%5D=${id}`)).body) as {
          data: Array<{ attributes: Record<string, unknown> }>;
        }
      ).data[0]!.attributes;
      expect(disabledReason(requestAction, { ...bindingsFor(id), customer }), id).toBe(reason);
    }
  });

  it('requests, activates and terminates with the bodies the engine sends', async () => {
    const client = await signedIn('admin', 'C-1001');
    // "$form": the request dialog's data, under the resolved customer.
    const { $form: withForm, ...bound } = requestAction.body!;
    expect(withForm).toBe(true);
    const requested = await client.post(requestAction.path, {
      card_name: 'Screen Van',
      card_holder: 'Ada Lane',
      ...resolveAll(bound, bindingsFor('C-1001')),
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const card = (requested.json() as { data: { attributes: CardRecord } }).data.attributes;
    expect(shownActions('C-1001', card)).toEqual(['cards.actions.showNumber', 'cards.actions.activate', 'cards.actions.terminate']);

    const activate = rowAction('cards.actions.activate');
    const activated = await client.post(String(resolveBinding(activate.path, bindingsFor('C-1001', card))), {});
    expect(activated.statusCode, activated.body).toBe(200);

    const terminate = rowAction('cards.actions.terminate');
    const terminated = await client.post(String(resolveBinding(terminate.path, bindingsFor('C-1001', card))), { reason: 'stolen' });
    expect(terminated.statusCode, terminated.body).toBe(200);
    expect((terminated.json() as { data: { attributes: CardRecord } }).data.attributes).toMatchObject({
      status: 'terminated',
      can_terminate: false,
    });
  });

  it('reveals as the definition says: refused until the password, then the secret and its expiry where it looks', async () => {
    const client = await signedIn('cardviewer', 'C-1001');
    const reveal = rowAction('cards.actions.showNumber');
    const record = (await listed(client, 'active', 'C-1001')).data[0]!.attributes;
    const body = resolveAll(reveal.body, bindingsFor('C-1001', record));
    const refused = await client.post(reveal.path, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].meta).toMatchObject(reveal.reauth!.when);
    expect((await client.post(reveal.reauth!.path, { password: DEMO_PASSWORD })).statusCode).toBe(200);
    const shown = await client.post(reveal.path, body);
    expect(shown.statusCode).toBe(200);
    const document = shown.json() as Record<string, unknown>;
    expect(String(lookup(document, reveal.secret!))).toMatch(/^7083\d{12}$/);
    expect(Date.parse(String(lookup(document, reveal.expires!)))).toBeGreaterThan(api.clock.now().getTime());
  });
});
