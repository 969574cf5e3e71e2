import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

interface AccountAttributes {
  buid_customer: string;
  kind: 'us' | 'cfi';
  bank_country: string;
  bank_name: string | null;
  account_name: string | null;
  account_number_masked: string;
  routing_number: string | null;
  bank_number: string | null;
  branch_number: string | null;
  account_type: string | null;
  autopay: boolean;
  online_payment: boolean;
  stops_online_payment: boolean;
}
interface Account {
  type: string;
  id: string;
  attributes: AccountAttributes;
}

const US = {
  bank_country: 'US',
  bank_name: 'First Test Bank',
  account_number: '9876543210',
  routing_number: '011000015',
  account_type: 'savings',
  online_payment: true,
};
const CFI = {
  bank_country: 'CA',
  account_name: 'Maple Freight Reserve',
  bank_number: '0010',
  branch_number: '54321',
  account_number: '7654321',
  online_payment: true,
};

async function signedIn(username: string, customer: string, host?: string): Promise<ApiClient> {
  const client = api.client(host);
  await client.loginWithCustomer(username, customer);
  return client;
}

async function list(client: ApiClient, query = ''): Promise<Account[]> {
  const response = await client.get(`/bank-accounts${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Account[] }).data;
}

const liveRows = (customer: string) =>
  api.db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('buid_customer', '=', customer)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
const auditOf = (id: string) =>
  api.db.selectFrom('audit_log').selectAll().where('entity', '=', 'bank_account').where('entity_id', '=', id).orderBy('id').execute();
const rowCount = async () =>
  (
    await api.db
      .selectFrom('bank_accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

/** A refusal: its status and code, and nothing written. */
async function refused(
  client: ApiClient,
  method: 'post' | 'patch',
  url: string,
  body: Record<string, unknown>,
  status: number,
  code: string,
) {
  const before = await rowCount();
  const auditBefore = await api.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const response = await client[method](url, body);
  expect(response.statusCode, response.body).toBe(status);
  expect(errorCode(response)).toBe(code);
  expect(await rowCount()).toBe(before);
  expect(
    (
      await api.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ).toBe(auditBefore.n);
  return response.json() as { errors: Array<{ source?: { pointer?: string }; meta?: Record<string, unknown> }> };
}

describe('GET /bank-accounts', () => {
  it("lists the selected customer's live accounts with the number masked, never in full", async () => {
    const response = await (await signedIn('admin', 'C-1001')).get('/bank-accounts');
    const [account, ...rest] = (response.json() as { data: Account[] }).data;
    expect(rest).toEqual([]);
    expect(account!.type).toBe('bank-accounts');
    expect(account!.attributes).toMatchObject({
      buid_customer: 'C-1001',
      kind: 'us',
      bank_country: 'US',
      bank_name: 'JPMorgan Chase Bank',
      account_number_masked: '••••6789',
      routing_number: '021000021',
      bank_number: null,
      branch_number: null,
      account_type: 'checking',
      autopay: true,
      online_payment: true,
      stops_online_payment: true,
    });
    expect(response.body).not.toContain('000123456789');
    expect(response.body).not.toContain('account_number"');
  });

  it("filters by one of the user's customers; a Canadian account shows its CFI fields", async () => {
    const [account] = await list(await signedIn('admin', 'C-1001'), '?filter[buid_customer]=C-1002');
    expect(account!.attributes).toMatchObject({
      kind: 'cfi',
      bank_country: 'CA',
      bank_number: '0004',
      branch_number: '12345',
      account_number_masked: '••••2345',
    });
  });

  it('is for admins of the customer only (policy BankAccount; other customers are not found)', async () => {
    for (const username of ['payer', 'viewer', 'cardviewer', 'safety']) {
      const response = await (await signedIn(username, 'C-1001')).get('/bank-accounts');
      expect(response.statusCode, username).toBe(403);
    }
    const admin = await signedIn('admin', 'C-1001');
    expect((await admin.get('/bank-accounts?filter[buid_customer]=C-1005')).statusCode).toBe(404);
    expect((await admin.get('/bank-accounts?filter[nope]=1')).statusCode).toBe(400);
    expect((await api.client().get('/bank-accounts')).statusCode).toBe(401);
  });

  it('GET /bank-accounts/:id shows one account in scope, else 404', async () => {
    const admin = await signedIn('admin', 'C-1001');
    const [row] = await liveRows('C-1001');
    const response = await admin.get(`/bank-accounts/${row!.id}`);
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: Account }).data.attributes.account_number_masked).toBe('••••6789');
    expect((await admin.get('/bank-accounts/999999')).statusCode).toBe(404);
    expect((await admin.get('/bank-accounts/abc')).statusCode).toBe(404);
    const fleetRow = await api.db
      .insertInto('bank_accounts')
      .values({
        buid_customer: 'F-3001',
        kind: 'us',
        bank_country: 'US',
        bank_name: 'Fleet Bank',
        account_name: null,
        account_number: '11112222',
        routing_number: '011000015',
        bank_number: null,
        branch_number: null,
        account_type: 'checking',
        autopay: false,
        online_payment: true,
        removed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await admin.get(`/bank-accounts/${fleetRow.id}`)).statusCode).toBe(404);
    await api.db.deleteFrom('bank_accounts').where('id', '=', fleetRow.id).execute();
  });
});

describe('POST /bank-accounts', () => {
  it('adds a US account: stored whole, answered masked, audited', async () => {
    const admin = await signedIn('admin', 'C-1004');
    const response = await admin.post('/bank-accounts', US);
    expect(response.statusCode, response.body).toBe(201);
    const account = (response.json() as { data: Account }).data;
    expect(account.attributes).toMatchObject({
      buid_customer: 'C-1004',
      kind: 'us',
      account_number_masked: '••••3210',
      routing_number: '011000015',
      account_type: 'savings',
      autopay: false,
      online_payment: true,
    });
    expect(response.body).not.toContain('9876543210');
    const [row] = await liveRows('C-1004');
    expect(row).toMatchObject({ account_number: '9876543210', bank_number: null, created_at: new Date('2026-11-23T15:00:00Z') });
    const [entry] = await auditOf(account.id);
    expect(entry).toMatchObject({ action: 'create', tenant_id: 'demo' });
    expect(JSON.stringify(entry!.detail)).not.toContain('9876543210');
  });

  it('adds a Canadian CFI account and drops the US-only fields', async () => {
    const admin = await signedIn('admin', 'C-1002');
    const response = await admin.post('/bank-accounts', { ...CFI, routing_number: '021000021', account_type: 'checking' });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as { data: Account }).data.attributes).toMatchObject({
      kind: 'cfi',
      routing_number: null,
      account_type: null,
      bank_number: '0010',
      branch_number: '54321',
    });
  });

  it('refuses each spec §5 rule with its own code and writes nothing', async () => {
    const admin = await signedIn('admin', 'C-1001');
    expect(
      (await refused(admin, 'post', '/bank-accounts', { ...US, routing_number: '12345' }, 422, ErrorCode.routingNumberDigits)).errors[0]!
        .source,
    ).toEqual({ pointer: '/routing_number' });
    await refused(admin, 'post', '/bank-accounts', { ...US, routing_number: '011000016' }, 422, ErrorCode.routingNumberCheckDigit);
    await refused(admin, 'post', '/bank-accounts', { ...US, account_number: '12' }, 422, ErrorCode.accountNumberInvalid);
    await refused(admin, 'post', '/bank-accounts', { ...US, online_payment: false }, 422, ErrorCode.paymentTypeRequired);
    const missing = await refused(
      admin,
      'post',
      '/bank-accounts',
      { bank_country: 'US', online_payment: true },
      422,
      ErrorCode.fieldRequired,
    );
    expect(missing.errors[0]).toMatchObject({ source: { pointer: '/bank_name' }, meta: { field: 'bank_name' } });
    await refused(admin, 'post', '/bank-accounts', { ...CFI, bank_number: '1010' }, 422, ErrorCode.bankNumberInvalid);
    await refused(admin, 'post', '/bank-accounts', { ...CFI, branch_number: '5432' }, 422, ErrorCode.branchNumberInvalid);
    await refused(admin, 'post', '/bank-accounts', { ...US, account_number: 9876543210 }, 400, ErrorCode.invalidRequest);
    await refused(admin, 'post', '/bank-accounts', { ...US, account_number_full: '1' }, 400, ErrorCode.invalidRequest);
  });

  it("takes the country from the customer's banking countries (system type G, module version 2)", async () => {
    // C-1002 banks in Canada only.
    await refused(await signedIn('admin', 'C-1002'), 'post', '/bank-accounts', US, 422, ErrorCode.bankCountryNotOffered);
    await refused(
      await signedIn('admin', 'C-1001'),
      'post',
      '/bank-accounts',
      { ...US, bank_country: 'DE' },
      422,
      ErrorCode.bankCountryNotOffered,
    );
  });

  it('falls back to US and Canada where the lookup is not offered, and refuses AutoPay where the tenant has it off', async () => {
    const fleet = await signedIn('fleetadmin', 'F-3001', 'fleet.localhost');
    await refused(fleet, 'post', '/bank-accounts', { ...US, autopay: true }, 422, ErrorCode.autopayDisabled);
    const response = await fleet.post('/bank-accounts', CFI);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('is refused for roles without the payment-methods rule', async () => {
    await refused(await signedIn('payer', 'C-1001'), 'post', '/bank-accounts', US, 403, ErrorCode.forbidden);
    await refused(await signedIn('admin', 'C-1001'), 'post', '/bank-accounts', { ...US, buid_customer: 'C-1005' }, 404, ErrorCode.notFound);
  });
});

describe('the AutoPay conflict (spec §4: one AutoPay account)', () => {
  it('409 names the current AutoPay account (bank, account name, masked number); replace_autopay removes it for good in the same transaction', async () => {
    const admin = await signedIn('admin', 'C-1001');
    const [current] = await liveRows('C-1001');
    const conflict = await refused(admin, 'post', '/bank-accounts', { ...US, autopay: true }, 409, ErrorCode.autopayConflict);
    // issue 13: "••••6789" alone is ambiguous when two accounts share the digits; the label names the bank and the account too.
    expect(conflict.errors[0]!.meta).toEqual({
      account_id: String(current!.id),
      account: '••••6789',
      bank_name: 'JPMorgan Chase Bank',
      account_name: 'Northwind Logistics Operating',
      label: 'JPMorgan Chase Bank · Northwind Logistics Operating ••••6789',
    });

    const response = await admin.post('/bank-accounts', { ...US, autopay: true, replace_autopay: true });
    expect(response.statusCode, response.body).toBe(201);
    const created = (response.json() as { data: Account }).data;
    const live = await liveRows('C-1001');
    expect(live.map((row) => String(row.id))).toEqual([created.id]);
    expect(live[0]!.autopay).toBe(true);
    const removed = await api.db.selectFrom('bank_accounts').selectAll().where('id', '=', current!.id).executeTakeFirstOrThrow();
    expect(removed.removed_at).toEqual(new Date('2026-11-23T15:00:00Z'));
    expect((await auditOf(String(current!.id))).map((entry) => [entry.action, (entry.detail as { reason: string }).reason])).toEqual([
      ['remove', 'autopay_replaced'],
    ]);
    // Removed accounts are gone from every read.
    expect((await admin.get(`/bank-accounts/${current!.id}`)).statusCode).toBe(404);
  });

  it('PATCH enabling AutoPay on another account takes the same flow', async () => {
    const admin = await signedIn('admin', 'C-1003');
    const [savings] = await liveRows('C-1003');
    const patched = await admin.patch(`/bank-accounts/${savings!.id}`, { autopay: true });
    expect(patched.statusCode, patched.body).toBe(200);
    const second = (await admin.post('/bank-accounts', US)).json() as { data: Account };
    await refused(admin, 'patch', `/bank-accounts/${second.data.id}`, { autopay: true }, 409, ErrorCode.autopayConflict);
    const replaced = await admin.patch(`/bank-accounts/${second.data.id}`, { autopay: true, replace_autopay: true });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await liveRows('C-1003')).map((row) => [String(row.id), row.autopay])).toEqual([[second.data.id, true]]);
  });

  it('concurrent AutoPay additions leave exactly one AutoPay account', async () => {
    const admin = await signedIn('admin', 'C-1004');
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        admin.post('/bank-accounts', { ...US, account_number: `5550000${index}`, autopay: true, replace_autopay: true }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect((await liveRows('C-1004')).filter((row) => row.autopay)).toHaveLength(1);
  });
});

describe('PATCH and DELETE', () => {
  it('keeps at least one payment type and never changes numbers', async () => {
    const admin = await signedIn('admin', 'C-1002');
    const [account] = await liveRows('C-1002');
    await refused(admin, 'patch', `/bank-accounts/${account!.id}`, { online_payment: false }, 422, ErrorCode.paymentTypeRequired);
    await refused(admin, 'patch', `/bank-accounts/${account!.id}`, { account_number: '1234567' }, 400, ErrorCode.invalidRequest);
    await refused(admin, 'patch', `/bank-accounts/${account!.id}`, {}, 400, ErrorCode.invalidRequest);
    const renamed = await admin.patch(`/bank-accounts/${account!.id}`, { account_name: 'Maple Freight Operating' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await auditOf(String(account!.id))).at(-1)!.action).toBe('update');
  });

  it('removes softly, flags the last online-payment account first, and audits', async () => {
    const admin = await signedIn('admin', 'C-1002');
    const accounts = await list(admin);
    expect(accounts.map((account) => account.attributes.stops_online_payment)).toEqual([false, false]);
    const [first, second] = accounts;
    expect((await admin.delete(`/bank-accounts/${first!.id}`)).statusCode).toBe(204);
    const [left] = await list(admin);
    expect(left!.id).toBe(second!.id);
    expect(left!.attributes.stops_online_payment).toBe(true);
    expect((await admin.delete(`/bank-accounts/${second!.id}`)).statusCode).toBe(204);
    expect(await list(admin)).toEqual([]);
    expect((await admin.delete(`/bank-accounts/${second!.id}`)).statusCode).toBe(404);
    const row = await api.db
      .selectFrom('bank_accounts')
      .select('removed_at')
      .where('id', '=', Number(second!.id))
      .executeTakeFirstOrThrow();
    expect(row.removed_at).not.toBeNull();
    expect((await auditOf(second!.id)).at(-1)).toMatchObject({ action: 'remove' });
    const payer = await signedIn('payer', 'C-1001');
    const [c1001] = await liveRows('C-1001');
    expect((await payer.delete(`/bank-accounts/${c1001!.id}`)).statusCode).toBe(403);
  });
});
