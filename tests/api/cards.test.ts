import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProgramCardNumber } from '../../domain/cards.ts';
import { openPan } from '../../server/cards/pan-vault.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import { DEMO_PASSWORD, errorCode, startTestApi, TEST_TODAY, type ApiClient, type TestApi } from '../support/api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

interface CardAttributes {
  card_id: number;
  card_name: string;
  card_identifier: string;
  expiry_date: string;
  holder: string;
  status: string;
  termination_date: string | null;
  termination_reason: string | null;
  can_activate: boolean;
  can_terminate: boolean;
  card_number?: string;
}
interface CardList {
  data: Array<{ type: string; id: string; attributes: CardAttributes }>;
  meta: {
    page: { number: number; size: number; total: number; pages: number };
    unavailable?: boolean;
    code?: string;
    account_status: string;
  };
}

async function signedIn(username: string, customer?: string, host?: string): Promise<ApiClient> {
  const client = api.client(host);
  if (customer) await client.loginWithCustomer(username, customer);
  else expect((await client.login(username)).statusCode).toBe(200);
  return client;
}

async function list(client: ApiClient, query = ''): Promise<CardList> {
  const response = await client.get(`/ecaas/cards${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CardList;
}

const names = (body: CardList) => body.data.map((row) => row.attributes.card_name);
const cardsOf = (customer: string) =>
  api.db.selectFrom('cards').selectAll().where('buid_customer', '=', customer).orderBy('card_id').execute();
const auditCount = async () =>
  (
    await api.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
const cardId = async (customer: string, name: string) =>
  (
    await api.db
      .selectFrom('cards')
      .select('card_id')
      .where('buid_customer', '=', customer)
      .where('card_name', '=', name)
      .executeTakeFirstOrThrow()
  ).card_id;

describe('GET /ecaas/cards', () => {
  it("lists the selected customer's cards by name, numbers masked to the last four digits", async () => {
    const response = await (await signedIn('admin', 'C-1001')).get('/ecaas/cards');
    const body = response.json() as CardList;
    expect(names(body)).toEqual(['Truck 12', 'Truck 14', 'Truck 21', 'Truck 22', 'Truck 7', 'Van 3']);
    expect(body.meta.page).toEqual({ number: 1, size: 50, total: 6, pages: 1 });
    expect(body.meta.unavailable).toBeUndefined();
    const rows = await cardsOf('C-1001');
    for (const row of rows) {
      const card = body.data.find((item) => item.attributes.card_id === row.card_id)!;
      expect(card.attributes).toMatchObject({
        card_identifier: `•••• ${openPan(row).slice(-4)}`,
        expiry_date: row.expiry_date,
        holder: row.card_holder,
        status: row.status,
        termination_date: row.termination_date,
        termination_reason: row.termination_reason,
      });
      // Never the full number, anywhere in the document.
      expect(response.body).not.toContain(openPan(row));
      expect(response.body).not.toContain(openPan(row).slice(0, 12));
    }
    const truck7 = body.data.find((item) => item.attributes.card_name === 'Truck 7')!.attributes;
    expect(truck7).toMatchObject({ status: 'terminated', termination_reason: 'lost', can_activate: false, can_terminate: false });
    const truck21 = body.data.find((item) => item.attributes.card_name === 'Truck 21')!.attributes;
    expect(truck21).toMatchObject({ status: 'requested', can_activate: true, can_terminate: true });
  });

  it('filters by status (comma list) and refuses unknown statuses', async () => {
    const client = await signedIn('admin', 'C-1001');
    expect(names(await list(client, '?filter[status]=active'))).toEqual(['Truck 12', 'Truck 14', 'Van 3']);
    expect(names(await list(client, '?filter[status]=requested,activation'))).toEqual(['Truck 21', 'Truck 22']);
    const bad = await client.get('/ecaas/cards?filter[status]=lost');
    expect(bad.statusCode).toBe(400);
    expect(errorCode(bad)).toBe(ErrorCode.invalidFilter);
  });

  it('searches names, holders and the last four digits only', async () => {
    const client = await signedIn('admin', 'C-1001');
    expect(names(await list(client, '?filter[search]=truck%201'))).toEqual(['Truck 12', 'Truck 14']);
    expect(names(await list(client, '?filter[search]=LOPEZ'))).toEqual(['Truck 12']);
    const van = (await cardsOf('C-1001')).find((row) => row.card_name === 'Van 3')!;
    expect(names(await list(client, `?filter[search]=${openPan(van).slice(-4)}`))).toContain('Van 3');
    // The hidden digits are not searchable: a search cannot be used to guess a number.
    expect(names(await list(client, `?filter[search]=${openPan(van).slice(0, 8)}`))).toEqual([]);
  });

  it('sorts and pages', async () => {
    const client = await signedIn('admin', 'C-1001');
    const byHolder = await list(client, '?filter[sort]=holder|desc');
    expect(byHolder.data.map((row) => row.attributes.holder)).toEqual([
      'Tom Becker',
      'Sam Ortiz',
      'Priya Shah',
      'Maria Lopez',
      'James Carter',
      'Alex Kim',
    ]);
    const page = await list(client, '?page[size]=2&page[number]=2');
    expect(names(page)).toEqual(['Truck 21', 'Truck 22']);
    expect(page.meta.page).toEqual({ number: 2, size: 2, total: 6, pages: 3 });
    const bad = await client.get('/ecaas/cards?filter[sort]=card_number|asc');
    expect(bad.statusCode).toBe(400);
  });

  it('takes filter[buid_customer] within scope; another customer is not found', async () => {
    const client = await signedIn('admin', 'C-1001');
    expect(names(await list(client, '?filter[buid_customer]=C-1002'))).toEqual([]);
    for (const customer of ['C-1005', 'F-3001']) {
      const response = await client.get(`/ecaas/cards?filter[buid_customer]=${customer}`);
      expect(response.statusCode, customer).toBe(404);
      expect(errorCode(response)).toBe(ErrorCode.notFound);
    }
    expect((await client.get('/ecaas/cards?filter[card_number]=1')).statusCode).toBe(400);
  });

  it("still lists an inactive account's cards, flagged unavailable", async () => {
    const body = await list(await signedIn('corporate', 'C-1005'));
    expect(names(body)).toEqual(['Truck 1', 'Truck 2']);
    expect(body.meta).toMatchObject({ unavailable: true, code: ErrorCode.cardsUnavailableInactive, account_status: 'inactive' });
    expect(body.data.every((row) => !row.attributes.can_terminate && !row.attributes.can_activate)).toBe(true);
  });

  it('lets a card viewer read (without actions) and bars safety manager and payer', async () => {
    const viewer = await list(await signedIn('cardviewer', 'C-1001'));
    expect(viewer.data).toHaveLength(6);
    expect(viewer.data.every((row) => !row.attributes.can_terminate)).toBe(true);
    for (const username of ['safety', 'payer', 'viewer']) {
      const response = await (await signedIn(username, 'C-1001')).get('/ecaas/cards');
      expect(response.statusCode, username).toBe(403);
      expect(errorCode(response)).toBe(ErrorCode.forbidden);
    }
  });
});

describe('card requests and transitions', () => {
  it('requests a card: status requested, a 7083 Luhn-valid number, audited', async () => {
    const client = await signedIn('admin', 'C-1001');
    const before = await auditCount();
    const response = await client.post('/ecaas/cards/request', { card_name: '  Truck 30 ', card_holder: 'Lee Park' });
    expect(response.statusCode, response.body).toBe(201);
    const card = (response.json() as { data: { attributes: CardAttributes } }).data.attributes;
    expect(card).toMatchObject({
      card_name: 'Truck 30',
      holder: 'Lee Park',
      status: 'requested',
      expiry_date: '2029-11-30',
      can_activate: true,
    });
    const row = await api.db.selectFrom('cards').selectAll().where('card_id', '=', card.card_id).executeTakeFirstOrThrow();
    expect(isProgramCardNumber(openPan(row))).toBe(true);
    expect(openPan(row)).toMatch(/^7083\d{12}$/);
    expect(card.card_identifier).toBe(`•••• ${openPan(row).slice(-4)}`);
    expect(response.body).not.toContain(openPan(row));
    expect(row.buid_customer).toBe('C-1001');
    expect(await auditCount()).toBe(before + 1);
    const entry = await api.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'request', entity: 'card', entity_id: String(card.card_id) });
  });

  it('activates a requested card, then refuses to activate it again', async () => {
    const client = await signedIn('admin', 'C-1001');
    const id = await cardId('C-1001', 'Truck 21');
    const response = await client.post(`/ecaas/cards/${id}/activate`);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { data: { attributes: CardAttributes } }).data.attributes.status).toBe('active');
    const again = await client.post(`/ecaas/cards/${id}/activate`);
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe(ErrorCode.invalidRequest);
  });

  it('activates a card awaiting activation', async () => {
    const client = await signedIn('admin', 'C-1001');
    const response = await client.post(`/ecaas/cards/${await cardId('C-1001', 'Truck 22')}/activate`);
    expect((response.json() as { data: { attributes: CardAttributes } }).data.attributes.status).toBe('active');
  });

  it('terminates with a reason, dated today in Central time; termination is final', async () => {
    const client = await signedIn('admin', 'C-1001');
    const id = await cardId('C-1001', 'Truck 14');
    const response = await client.post(`/ecaas/cards/${id}/terminate`, { reason: 'stolen' });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { data: { attributes: CardAttributes } }).data.attributes).toMatchObject({
      status: 'terminated',
      termination_date: TEST_TODAY,
      termination_reason: 'stolen',
      can_activate: false,
      can_terminate: false,
    });
    expect((await client.post(`/ecaas/cards/${id}/terminate`, { reason: 'lost' })).statusCode).toBe(409);
    expect((await client.post(`/ecaas/cards/${id}/activate`)).statusCode).toBe(409);
    const row = await api.db.selectFrom('cards').selectAll().where('card_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'terminated', termination_reason: 'stolen', termination_date: TEST_TODAY });
  });

  it('refuses bad bodies and ids and writes nothing', async () => {
    const client = await signedIn('admin', 'C-1001');
    const before = await cardsOf('C-1001');
    const id = await cardId('C-1001', 'Truck 12');
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/ecaas/cards/request', { card_name: 'X' }, ErrorCode.fieldRequired],
      ['/ecaas/cards/request', { card_name: '   ', card_holder: 'A' }, ErrorCode.fieldRequired],
      ['/ecaas/cards/request', { card_name: 'x'.repeat(51), card_holder: 'A' }, ErrorCode.invalidRequest],
      ['/ecaas/cards/request', { card_name: 'x'.repeat(101), card_holder: 'A' }, ErrorCode.invalidRequest],
      ['/ecaas/cards/request', { card_name: { text: 'A' }, card_holder: 'A' }, ErrorCode.invalidRequest],
      [`/ecaas/cards/${id}/terminate`, { reason: 'bored' }, ErrorCode.invalidRequest],
      [`/ecaas/cards/${id}/terminate`, {}, ErrorCode.fieldRequired],
      ['/ecaas/cards/abc/activate', {}, ErrorCode.invalidRequest],
    ];
    for (const [path, body, code] of cases) {
      const response = await client.post(path, body);
      expect(response.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(errorCode(response), path).toBe(code);
    }
    expect(await cardsOf('C-1001')).toEqual(before);
  });

  it('refuses requests and terminations for inactive or terminated accounts and writes nothing', async () => {
    const client = await signedIn('corporate', 'C-1005');
    const before = await cardsOf('C-1005');
    const audits = await auditCount();
    const request = await client.post('/ecaas/cards/request', { card_name: 'Truck 3', card_holder: 'Ann Lee' });
    expect(request.statusCode).toBe(422);
    expect(errorCode(request)).toBe(ErrorCode.cardsInactiveAccount);
    const terminate = await client.post(`/ecaas/cards/${before[0]!.card_id}/terminate`, { reason: 'lost' });
    expect(terminate.statusCode).toBe(422);
    expect(errorCode(terminate)).toBe(ErrorCode.cardsInactiveAccount);
    const terminated = await client.post('/ecaas/cards/request', { buid_customer: 'C-1006', card_name: 'T', card_holder: 'H' });
    expect(errorCode(terminated)).toBe(ErrorCode.cardsInactiveAccount);
    expect(await cardsOf('C-1005')).toEqual(before);
    expect(await cardsOf('C-1006')).toEqual([]);
    expect(await auditCount()).toBe(audits);
  });

  it("hides other customers' cards (404) and bars roles without card management (403)", async () => {
    const admin = await signedIn('admin', 'C-1001');
    const foreign = await cardId('C-1005', 'Truck 1');
    expect((await admin.post(`/ecaas/cards/${foreign}/terminate`, { reason: 'lost' })).statusCode).toBe(404);
    expect((await admin.post(`/ecaas/cards/${foreign}/activate`)).statusCode).toBe(404);
    expect((await admin.post('/ecaas/cards/999999/activate')).statusCode).toBe(404);
    expect((await admin.post('/ecaas/cards/request', { buid_customer: 'C-1005', card_name: 'A', card_holder: 'B' })).statusCode).toBe(404);

    const viewer = await signedIn('cardviewer', 'C-1001');
    const own = await cardId('C-1001', 'Van 3');
    expect((await viewer.post('/ecaas/cards/request', { card_name: 'A', card_holder: 'B' })).statusCode).toBe(403);
    expect((await viewer.post(`/ecaas/cards/${own}/terminate`, { reason: 'lost' })).statusCode).toBe(403);
    expect((await (await signedIn('safety', 'C-1001')).post(`/ecaas/cards/${own}/terminate`, { reason: 'lost' })).statusCode).toBe(403);
    expect((await api.db.selectFrom('cards').select('status').where('card_id', '=', own).executeTakeFirstOrThrow()).status).toBe('active');
  });
});

describe('full card numbers (spec §6 password re-entry)', () => {
  it('shows a full number only after the password is re-entered, until the configured minutes pass', async () => {
    const client = await signedIn('cardviewer', 'C-1001');
    const card = (await cardsOf('C-1001')).find((row) => row.card_name === 'Van 3')!;
    const view = () => client.post('/ecaas/cards/view-secure', { buid_customer: 'C-1001', card_id: String(card.card_id) });

    const before = await view();
    expect(before.statusCode).toBe(403);
    expect(errorCode(before)).toBe(ErrorCode.forbidden);
    expect(before.json().errors[0].meta).toEqual({ reauth_required: true });
    expect(before.body).not.toContain(openPan(card));

    const wrong = await client.post('/ecaas/cards/secure-access', { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(401);
    expect(errorCode(wrong)).toBe(ErrorCode.passwordIncorrect);
    expect((await view()).statusCode).toBe(403);

    const access = await client.post('/ecaas/cards/secure-access', { password: DEMO_PASSWORD });
    expect(access.statusCode).toBe(200);
    const minutes = api.tenants.byId('demo')!.limits.cardSecureAccessMinutes;
    expect(access.json().meta.card_secure_until).toBe(new Date(api.clock.now().getTime() + minutes * 60_000).toISOString());

    const audits = await auditCount();
    const shown = await view();
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.json().data.attributes).toMatchObject({
      card_number: openPan(card),
      card_name: 'Van 3',
      card_identifier: `•••• ${openPan(card).slice(-4)}`,
    });
    expect(await auditCount()).toBe(audits + 1);
    const entry = await api.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'view_secure', entity: 'card', entity_id: String(card.card_id) });

    // A JSON number is accepted for card_id too.
    expect((await client.post('/ecaas/cards/view-secure', { buid_customer: 'C-1001', card_id: card.card_id })).statusCode).toBe(200);

    api.clock.advanceMinutes(minutes - 1);
    expect((await view()).statusCode).toBe(200);
    api.clock.advanceMinutes(1);
    const expired = await view();
    expect(expired.statusCode).toBe(403);
    expect(expired.json().errors[0].meta).toEqual({ reauth_required: true });
  });

  it("keeps other customers' cards hidden and checks bodies", async () => {
    const client = await signedIn('admin', 'C-1001');
    expect((await client.post('/ecaas/cards/secure-access', { password: DEMO_PASSWORD })).statusCode).toBe(200);
    const foreign = await cardId('C-1005', 'Truck 1');
    const own = await cardId('C-1001', 'Van 3');
    expect((await client.post('/ecaas/cards/view-secure', { buid_customer: 'C-1005', card_id: String(foreign) })).statusCode).toBe(404);
    expect((await client.post('/ecaas/cards/view-secure', { buid_customer: 'C-1001', card_id: String(foreign) })).statusCode).toBe(404);
    expect((await client.post('/ecaas/cards/view-secure', { buid_customer: 'C-1002', card_id: String(own) })).statusCode).toBe(404);
    expect((await client.post('/ecaas/cards/view-secure', { buid_customer: 'C-1001' })).statusCode).toBe(400);
    expect((await client.post('/ecaas/cards/view-secure', { buid_customer: 'C-1001', card_id: '1 OR 1=1' })).statusCode).toBe(400);
    expect((await client.post('/ecaas/cards/secure-access', {})).statusCode).toBe(400);
  });

  it('bars safety managers and payers from secure access', async () => {
    for (const username of ['safety', 'payer']) {
      const client = await signedIn(username, 'C-1001');
      expect((await client.post('/ecaas/cards/secure-access', { password: DEMO_PASSWORD })).statusCode, username).toBe(403);
      expect((await client.post('/ecaas/cards/view-secure', { buid_customer: 'C-1001', card_id: '1' })).statusCode, username).toBe(403);
    }
  });

  it('ends with the session: a new sign-in must re-enter the password', async () => {
    const client = await signedIn('admin', 'C-1001');
    expect((await client.post('/ecaas/cards/secure-access', { password: DEMO_PASSWORD })).statusCode).toBe(200);
    const again = await signedIn('admin', 'C-1001');
    const id = await cardId('C-1001', 'Van 3');
    expect((await again.post('/ecaas/cards/view-secure', { buid_customer: 'C-1001', card_id: String(id) })).statusCode).toBe(403);
  });
});
