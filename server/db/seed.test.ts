import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { sql } from 'kysely';
import { verifyPassword } from '../auth/passwords.ts';
import { createDatabase, type Database } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { DEMO_PASSWORD, invoiceFor, isDatabaseEmpty, seedDemo } from './seed.ts';
import { openPan } from '../cards/pan-vault.ts';
import { LOCAL_IDP_CLIENT_ID, LOCAL_IDP_ISSUER, LOCAL_IDP_SECRET_ENV } from '../sso/local-idp.ts';
import { loadTenants } from '../tenants/store.ts';

const TODAY = '2026-11-23';
const INVOICE_STATUSES = [
  'Billed',
  'Past Due',
  'Pending',
  'Payment Pending',
  'Paid',
  'Unbilled',
  'Disputed',
  'On hold',
  'Adjusted',
  'Terminated',
];
const DISPUTE_STATUSES = ['open', 'waiting on customer', 'waiting on merchant', 'escalated', 'closed'];

async function freshDatabase(): Promise<Database> {
  const db = await createDatabase({ dataDir: 'memory://' });
  await migrateToLatest(db);
  return db;
}

let db: Database;
let emptyBeforeSeed: boolean;

beforeAll(async () => {
  db = await freshDatabase();
  emptyBeforeSeed = await isDatabaseEmpty(db);
  await seedDemo(db, { today: TODAY });
}, 120_000);

afterAll(async () => {
  await db?.destroy();
});

const countBy = async (query: ReturnType<typeof sql<{ key: string; count: number }>>) =>
  Object.fromEntries((await query.execute(db)).rows.map((row) => [row.key, Number(row.count)]));

describe('isDatabaseEmpty', () => {
  it('is true before the seed and false after it', async () => {
    expect(emptyBeforeSeed).toBe(true);
    expect(await isDatabaseEmpty(db)).toBe(false);
  });
});

describe('seedDemo invoices', () => {
  it('has every invoice status, each at least twice for C-1001', async () => {
    const all = await countBy(sql`select status as key, count(*) as count from invoices group by status`);
    const c1001 = await countBy(sql`select status as key, count(*) as count from invoices where buid_customer = 'C-1001' group by status`);
    for (const status of INVOICE_STATUSES) {
      expect(all[status], status).toBeGreaterThan(0);
      expect(c1001[status], status).toBeGreaterThanOrEqual(2);
    }
    const total = Object.values(c1001).reduce((sum, count) => sum + count, 0);
    expect(total).toBeGreaterThanOrEqual(35);
  });

  it('spreads C-1001 open invoices over every ageing bucket', async () => {
    const buckets = await countBy(sql`
      select case when ${TODAY}::date - due_date <= 0 then 'current'
                  when ${TODAY}::date - due_date <= 30 then '1-30'
                  when ${TODAY}::date - due_date <= 60 then '31-60'
                  when ${TODAY}::date - due_date <= 90 then '61-90'
                  else '>90' end as key, count(*) as count
      from invoices where buid_customer = 'C-1001' and status in ('Billed', 'Past Due') group by 1`);
    for (const bucket of ['current', '1-30', '31-60', '61-90', '>90']) expect(buckets[bucket], bucket).toBeGreaterThanOrEqual(2);
    const futureBilled = await sql<{ n: number }>`select count(*) as n from invoices
      where buid_customer = 'C-1001' and status = 'Billed' and due_date > ${TODAY}::date`.execute(db);
    expect(Number(futureBilled.rows[0]?.n)).toBeGreaterThanOrEqual(3);
    const badPastDue = await sql<{ n: number }>`select count(*) as n from invoices
      where (status = 'Past Due' and due_date >= ${TODAY}::date) or (status = 'Billed' and due_date < ${TODAY}::date)`.execute(db);
    expect(Number(badPastDue.rows[0]?.n)).toBe(0);
  });

  it('keeps the amounts consistent with the status', async () => {
    const { rows } = await sql<{ rule: string; n: number }>`
      select 'total' as rule, count(*) as n from invoices where invoice_total_minor <> subtotal_minor + tax_minor + late_fee_minor or amount_minor <> invoice_total_minor
      union all select 'billed', count(*) from invoices where status = 'Billed' and (current_due_minor <> amount_minor or past_due_minor <> 0)
      union all select 'past due', count(*) from invoices where status = 'Past Due' and (past_due_minor <> amount_minor or current_due_minor <> 0)
      union all select 'paid', count(*) from invoices where status = 'Paid' and (current_due_minor <> 0 or past_due_minor <> 0)
      union all select 'disputed', count(*) from invoices where status = 'Disputed' and disputed_total_minor <= 0
      union all select 'billed total', count(*) from invoices where status in ('Billed', 'Past Due', 'Paid') and billed_total_minor <> invoice_total_minor
      union all select 'lines', count(*) from invoices i join (select trx_id, sum(amount_minor) as s, count(*) as c from invoice_line_items group by trx_id) l using (trx_id)
        where l.s <> i.subtotal_minor or l.c not between 2 and 4`.execute(db);
    for (const row of rows) expect(Number(row.n), row.rule).toBe(0);
  });

  it('gives C-1001 invoices line items, addresses and locations, and the other currencies billed and past due invoices', async () => {
    const missing = await sql<{ n: number }>`select count(*) as n from invoices i where i.buid_customer in ('C-1001', 'C-1002', 'C-1003')
      and (select count(*) from addresses a where a.trx_id = i.trx_id) <> 3`.execute(db);
    expect(Number(missing.rows[0]?.n)).toBe(0);
    const c1001 = await sql<{ locations: number; no_lines: number; no_location: number }>`select count(distinct buid_location) as locations,
      count(*) filter (where not exists (select 1 from invoice_line_items l where l.trx_id = i.trx_id)) as no_lines,
      count(*) filter (where buid_location is null) as no_location
      from invoices i where buid_customer = 'C-1001'`.execute(db);
    expect(c1001.rows[0]).toEqual({ locations: 3, no_lines: 0, no_location: 0 });
    const merchantAddress = await db
      .selectFrom('addresses')
      .selectAll()
      .where('trx_id', '=', 'T-1001-0001')
      .where('kind', '=', 'merchant')
      .executeTakeFirstOrThrow();
    expect(merchantAddress.contact_name).toBe('Janet Ruiz');
    for (const [customer, currency] of [
      ['C-1002', 'CAD'],
      ['C-1003', 'EUR'],
    ] as const) {
      const statuses = await db
        .selectFrom('invoices')
        .select('status')
        .distinct()
        .where('buid_customer', '=', customer)
        .where('currency', '=', currency)
        .execute();
      expect(statuses.map((row) => row.status)).toEqual(expect.arrayContaining(['Billed', 'Past Due']));
    }
    const documents = await db.selectFrom('invoice_documents').selectAll().execute();
    expect(documents.length).toBeGreaterThanOrEqual(3);
    for (const document of documents) {
      expect(new TextDecoder().decode(document.content.slice(0, 5))).toBe('%PDF-');
      expect(document.file_size).toBe(document.content.byteLength);
      expect(document.mime_type).toBe('application/pdf');
    }
  });

  it('gives the big customer exactly 12000 invoices', async () => {
    const { count } = await db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('buid_customer', '=', 'C-1004')
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(12000);
  });
});

describe('seedDemo disputes and rejections', () => {
  it('has every dispute status, expired disputes and a chargeback', async () => {
    const statuses = await countBy(sql`select status as key, count(*) as count from disputes group by status`);
    for (const status of DISPUTE_STATUSES) expect(statuses[status], status).toBeGreaterThan(0);
    const expired = await sql<{ dispute_id: number }>`select dispute_id from disputes
      where response_due_at < ${TODAY}::date and status <> 'closed' order by dispute_id`.execute(db);
    expect(expired.rows.map((row) => row.dispute_id)).toEqual([3, 4, 9]);
    const chargebacks = await db.selectFrom('disputes').select('dispute_id').where('is_chargeback', '=', true).execute();
    expect(chargebacks.length).toBeGreaterThanOrEqual(1);
    const first = await db.selectFrom('disputes').selectAll().where('dispute_id', '=', 1).executeTakeFirstOrThrow();
    expect(first.trx_id).toBe(invoiceFor('dispute1'));
    const responses = await db.selectFrom('dispute_responses').select('action').distinct().execute();
    expect(responses.map((row) => row.action)).toContain('respond_to_merchant');
    const contacts = await db.selectFrom('dispute_contacts').select('dispute_id').distinct().execute();
    expect(contacts.length).toBeGreaterThanOrEqual(3);
  });

  it('marks three C-1001 invoices dispute-ineligible', async () => {
    const rows = await db
      .selectFrom('dispute_ineligible_trxs')
      .innerJoin('invoices', 'invoices.trx_id', 'dispute_ineligible_trxs.trx_id')
      .select(['invoices.trx_id', 'invoices.buid_customer', 'invoices.eligible_for_dispute', 'ineligible_reason'])
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.buid_customer).toBe('C-1001');
      expect(row.eligible_for_dispute).toBe(false);
    }
    expect(rows.map((row) => row.ineligible_reason)).toContain('Invoice older than 120 days');
  });

  it('has 3 active, 1 cancelled and 1 resubmitted rejection for C-1001', async () => {
    const counts = await countBy(
      sql`select status as key, count(*) as count from rejections where buid_customer = 'C-1001' group by status`,
    );
    expect(counts).toEqual({ active: 3, cancelled: 1, resubmitted: 1 });
  });
});

describe('seedDemo users and groups', () => {
  const expected = [
    // Issue 26: admin and corporate also see Northwind's three sub-accounts (C-1011 to C-1013).
    [
      'demo',
      'admin',
      'customer',
      'Admin',
      ['C-1001', 'C-1002', 'C-1003', 'C-1004', 'C-1011', 'C-1012', 'C-1013'],
      [],
      'Headquarters',
      null,
    ],
    ['demo', 'payer', 'customer', 'Payer', ['C-1001'], [], null, null],
    ['demo', 'viewer', 'customer', 'View Only', ['C-1001'], [], null, null],
    ['demo', 'cardviewer', 'customer', 'Card Viewer', ['C-1001'], [], null, null],
    ['demo', 'safety', 'customer', 'Safety Manager', ['C-1001'], [], null, null],
    [
      'demo',
      'corporate',
      'corporate',
      'Admin',
      ['C-1001', 'C-1002', 'C-1005', 'C-1006', 'C-1007', 'C-1011', 'C-1012', 'C-1013'],
      [],
      null,
      null,
    ],
    ['demo', 'dealer', 'merchant', 'Admin', [], ['M-2001', 'M-2002'], null, null],
    ['demo', 'locked', 'customer', 'Payer', ['C-1001'], [], null, 'locked_by_support'],
    ['demo', 'ssouser', 'customer', 'Payer', ['C-1001'], [], 'SSO Partners', null],
    ['fleet', 'fleetadmin', 'customer', 'Admin', ['F-3001'], [], null, null],
    ['fleet', 'fleetpayer', 'customer', 'Payer', ['F-3001'], [], null, null],
    ['fleet', 'fleetviewer', 'customer', 'View Only', ['F-3001'], [], null, null],
    ['fleet', 'fleetcards', 'customer', 'Card Viewer', ['F-3001'], [], null, null],
    ['fleet', 'fleetsafety', 'customer', 'Safety Manager', ['F-3001'], [], null, null],
    ['fleet', 'fleetenrollment', 'customer', 'Enrollment Manager', ['F-3001'], [], null, null],
    ['demo', 'enrollment', 'customer', 'Enrollment Manager', ['C-1001'], [], null, null],
    // The phone browser test's own payer and account (issue 26).
    ['demo', 'mobile', 'customer', 'Payer', ['C-1008'], [], null, null],
  ] as const;

  it('creates the demo and fleet users with their roles, types, links and groups', async () => {
    const users = await db
      .selectFrom('users')
      .leftJoin('user_groups', 'user_groups.id', 'users.user_group_id')
      .select([
        'users.user_id',
        'users.tenant_id',
        'username',
        'user_type',
        'role',
        'lock_state',
        'lock_reason',
        'user_groups.name as group_name',
        'email_address',
        'time_zone',
        'language',
      ])
      .orderBy('users.user_id')
      .execute();
    expect(users).toHaveLength(expected.length);
    for (const [tenant, username, type, role, customers, merchants, group, lock] of expected) {
      const user = users.find((row) => row.username === username);
      expect(user, username).toBeDefined();
      if (!user) continue;
      expect([user.tenant_id, user.user_type, user.role, user.group_name, user.lock_state], username).toEqual([
        tenant,
        type,
        role,
        group,
        lock,
      ]);
      expect(user.email_address).toBe(`${username}@${tenant}.example`);
      expect([user.time_zone, user.language]).toEqual(['America/Chicago', 'en']);
      const linked = await db
        .selectFrom('user_customers')
        .select('buid_customer')
        .where('user_id', '=', user.user_id)
        .orderBy('buid_customer')
        .execute();
      expect(
        linked.map((row) => row.buid_customer),
        username,
      ).toEqual([...customers]);
      const linkedMerchants = await db
        .selectFrom('user_merchants')
        .select('buid_merchant')
        .where('user_id', '=', user.user_id)
        .orderBy('buid_merchant')
        .execute();
      expect(
        linkedMerchants.map((row) => row.buid_merchant),
        username,
      ).toEqual([...merchants]);
    }
    expect(users.find((row) => row.username === 'locked')?.lock_reason).toBe('Suspicious activity reported');
  });

  it('hashes the demo password once and records it in the password history', async () => {
    const hashes = await db.selectFrom('users').select('password_hash').distinct().execute();
    expect(hashes).toHaveLength(1);
    expect(await verifyPassword(hashes[0]?.password_hash ?? '', DEMO_PASSWORD)).toBe(true);
    const history = await sql<{ n: number }>`select count(*) as n from users u
      where not exists (select 1 from password_history h where h.user_id = u.user_id and h.password_hash = u.password_hash)`.execute(db);
    expect(Number(history.rows[0]?.n)).toBe(0);
  });

  it('builds the group tree, the SSO group and the Headquarters contacts', async () => {
    const groups = await db
      .selectFrom('user_groups as g')
      .leftJoin('user_groups as p', 'p.id', 'g.parent_group_id')
      .select(['g.name', 'p.name as parent', 'g.sso_enabled', 'g.identity_provider_id', 'g.network_access', 'g.include_child_accounts'])
      .orderBy('g.id')
      .execute();
    expect(groups).toEqual([
      {
        name: 'Headquarters',
        parent: null,
        sso_enabled: false,
        identity_provider_id: null,
        network_access: null,
        include_child_accounts: true,
      },
      {
        name: 'East Region',
        parent: 'Headquarters',
        sso_enabled: false,
        identity_provider_id: null,
        network_access: null,
        include_child_accounts: false,
      },
      {
        name: 'West Region',
        parent: 'Headquarters',
        sso_enabled: false,
        identity_provider_id: null,
        network_access: null,
        include_child_accounts: false,
      },
      {
        name: 'SSO Partners',
        parent: null,
        sso_enabled: true,
        identity_provider_id: 'demo-idp',
        network_access: 'internet',
        include_child_accounts: false,
      },
    ]);
    const contacts = await db.selectFrom('user_group_contacts').select('dispute_contact_type').execute();
    expect(contacts.map((row) => row.dispute_contact_type).sort()).toEqual(['Billing', 'Primary', 'Primary']);
  });

  it("has the SSO group choose the demo tenant's local identity provider by id (issue 22)", async () => {
    const chosen = await db
      .selectFrom('user_groups')
      .select(['name', 'identity_provider_id'])
      .where('identity_provider_id', 'is not', null)
      .execute();
    expect(chosen).toEqual([{ name: 'SSO Partners', identity_provider_id: 'demo-idp' }]);
    const demo = loadTenants('tenants').byId('demo');
    expect(demo?.identityProviders?.find((provider) => provider.id === 'demo-idp')).toMatchObject({
      issuer: LOCAL_IDP_ISSUER,
      clientId: LOCAL_IDP_CLIENT_ID,
      clientSecretEnv: LOCAL_IDP_SECRET_ENV,
    });
  });
});

describe('seedDemo cards, banking, payments, notifications and loyalty', () => {
  it('has every card state with 16-digit 7083 numbers that expire in the future', async () => {
    const counts = await countBy(sql`select status as key, count(*) as count from cards where buid_customer = 'C-1001' group by status`);
    expect(counts).toEqual({ active: 3, terminated: 1, requested: 1, activation: 1 });
    const cards = await db.selectFrom('cards').selectAll().execute();
    for (const card of cards) {
      expect(openPan(card)).toMatch(/^7083\d{12}$/);
      expect([card.card_bin, card.card_last4]).toEqual([openPan(card).slice(0, 6), openPan(card).slice(-4)]);
      expect(card.expiry_date > TODAY).toBe(true);
    }
    const terminated = cards.find((card) => card.status === 'terminated');
    expect([terminated?.termination_reason, terminated?.termination_date !== null]).toEqual(['lost', true]);
    expect(cards.some((card) => card.buid_customer === 'C-1005')).toBe(true);
  });

  it("has one US, one CFI and one AutoPay bank account, and the phone test's own checking account", async () => {
    const accounts = await db.selectFrom('bank_accounts').selectAll().orderBy('id').execute();
    expect(accounts.map((a) => [a.buid_customer, a.kind, a.bank_country, a.account_type, a.autopay, a.online_payment])).toEqual([
      ['C-1001', 'us', 'US', 'checking', true, true],
      ['C-1002', 'cfi', 'CA', 'checking', false, true],
      ['C-1003', 'us', 'US', 'savings', false, true],
      ['C-1008', 'us', 'US', 'checking', false, true],
    ]);
    expect(accounts[0]?.routing_number).toBe('021000021');
    expect([accounts[1]?.bank_number, accounts[1]?.branch_number]).toEqual(['0004', '12345']);
  });

  it('has two settled payments on Paid invoices and one pending on Payment Pending invoices', async () => {
    const rows = await db
      .selectFrom('payments')
      .innerJoin('payment_invoices', 'payment_invoices.payment_id', 'payments.id')
      .innerJoin('invoices', 'invoices.trx_id', 'payment_invoices.trx_id')
      .select(['payment_number', 'payments.status', 'payment_invoices.active', 'invoices.status as invoice_status'])
      .orderBy('payment_number')
      .execute();
    for (const row of rows) {
      expect([row.status, row.active, row.invoice_status]).toEqual(
        row.status === 'settled' ? ['settled', false, 'Paid'] : ['pending', true, 'Payment Pending'],
      );
    }
    expect([...new Set(rows.map((row) => `${row.payment_number}:${row.status}`))]).toEqual([
      'P-000001:settled',
      'P-000002:settled',
      'P-000003:pending',
    ]);
  });

  it('backs every Payment Pending invoice with a live payment and its settlement job, and audits every payment', async () => {
    const orphans = await sql<{ trx_id: string }>`
      select i.trx_id from invoices i
      where i.status = 'Payment Pending' and not exists (
        select 1 from payment_invoices pi join payments p on p.id = pi.payment_id
        join jobs j on j.dedupe_key = 'payment.settle:' || p.id
        where pi.trx_id = i.trx_id and pi.active and p.status = 'pending' and j.run_at = p.settles_at)`.execute(db);
    expect(orphans.rows).toEqual([]);
    const unaudited = await sql<{ payment_number: string }>`
      select payment_number from payments p where not exists (
        select 1 from audit_log a where a.entity = 'payment' and a.entity_id = p.id::text and a.action = 'payment.create')
      or (p.status = 'settled' and not exists (
        select 1 from audit_log a where a.entity = 'payment' and a.entity_id = p.id::text and a.action = 'payment.settle'))`.execute(db);
    expect(unaudited.rows).toEqual([]);
  });

  it('has the five demo notifications', async () => {
    const notes = await db.selectFrom('notifications').selectAll().where('tenant_id', '=', 'demo').execute();
    const today = new Date(`${TODAY}T00:00:00Z`);
    expect(notes).toHaveLength(5);
    expect(notes.filter((n) => n.high_priority)).toHaveLength(1);
    expect(notes.some((n) => n.notification_links.length > 0 && n.notification_attachments.length > 0)).toBe(true);
    expect(notes.filter((n) => n.effective_ts > today)).toHaveLength(1);
    expect(notes.filter((n) => n.expires_ts !== null && n.expires_ts < today)).toHaveLength(1);
    expect(notes.filter((n) => n.user_type === 'merchant')).toHaveLength(1);
  });

  it('has the loyalty programs, milestones and enrollments', async () => {
    const programs = await db.selectFrom('loyalty_programs').selectAll().orderBy('program_id').execute();
    expect(programs.map((p) => [p.program_template, p.goal_type_id])).toEqual([
      ['Fuel Rewards 2026', 2],
      ['Growth Bonus 2026', 1],
    ]);
    const milestones = await countBy(sql`select program_id::text as key, count(*) as count from loyalty_milestones group by program_id`);
    expect(milestones).toEqual({ 1: 4, 2: 3 });
    const enrollments = await db.selectFrom('loyalty_enrollments').selectAll().orderBy('id').execute();
    expect(enrollments.map((e) => [e.buid_customer, e.enrollment_status])).toEqual([
      ['C-1001', 3],
      ['C-1002', 1],
    ]);
    // Figures come from paid invoices; the program year ends with the anchor's month.
    expect(programs.map((p) => [p.period_start, p.period_end, p.reward_rate_bp])).toEqual([
      ['2025-12-01', '2026-11-30', 150],
      ['2025-12-01', '2026-11-30', 100],
    ]);
    const manager = await db.selectFrom('users').select('user_id').where('username', '=', 'enrollment').executeTakeFirstOrThrow();
    expect(programs.map((p) => p.manager_user_id)).toEqual([manager.user_id, null]);
  });
});

describe('seedDemo determinism', () => {
  it('gives identical rows and ids on a second fresh database', async () => {
    const other = await freshDatabase();
    try {
      await seedDemo(other, { today: TODAY });
      const firstInvoices = (target: Database) => target.selectFrom('invoices').selectAll().orderBy('trx_id').limit(20).execute();
      expect(await firstInvoices(other)).toEqual(await firstInvoices(db));
      const checksums = (target: Database) =>
        sql<Record<string, string>>`select
        (select md5(string_agg(i::text, '|' order by trx_id)) from invoices i) as invoices,
        (select md5(string_agg(d::text, '|' order by dispute_id)) from disputes d) as disputes,
        (select md5(string_agg(concat_ws(',', card_id, buid_customer, card_name, card_holder, card_bin, card_last4, card_key_id, expiry_date, status), '|' order by card_id)) from cards c) as cards,
        (select md5(string_agg(p::text, '|' order by id)) from payments p) as payments,
        (select md5(string_agg(concat_ws(',', user_id, tenant_id, username, role, user_type, user_group_id, created_at), '|' order by user_id)) from users) as users`
          .execute(target)
          .then((result) => result.rows[0]);
      expect(await checksums(other)).toEqual(await checksums(db));
    } finally {
      await other.destroy();
    }
  }, 120_000);
});
