import type { CardStatus } from '../schema.ts';
import type { SeededInvoice } from './invoices.ts';
import { invoiceFor } from './invoices.ts';
import { luhnCheckDigit } from '../../../domain/cards.ts';
import { sealPan } from '../../cards/pan-vault.ts';
import { SETTLE_JOB } from '../../payments/service.ts';
import { addDays, at, createRng, DEMO, endOfMonthAfter, type Writer } from './util.ts';

interface CardSeed {
  customer: string;
  name: string;
  holder: string;
  status: CardStatus;
  requestedDaysAgo?: number;
  terminatedDaysAgo?: number;
}

const CARDS: CardSeed[] = [
  { customer: 'C-1001', name: 'Truck 12', holder: 'Maria Lopez', status: 'active' },
  { customer: 'C-1001', name: 'Truck 14', holder: 'James Carter', status: 'active' },
  { customer: 'C-1001', name: 'Van 3', holder: 'Priya Shah', status: 'active' },
  { customer: 'C-1001', name: 'Truck 7', holder: 'Tom Becker', status: 'terminated', terminatedDaysAgo: 30 },
  { customer: 'C-1001', name: 'Truck 21', holder: 'Alex Kim', status: 'requested', requestedDaysAgo: 2 },
  { customer: 'C-1001', name: 'Truck 22', holder: 'Sam Ortiz', status: 'activation', requestedDaysAgo: 12 },
  { customer: 'C-1005', name: 'Truck 1', holder: 'Earl Dunn', status: 'active' },
  { customer: 'C-1005', name: 'Truck 2', holder: 'Ruth Hale', status: 'active' },
  { customer: 'F-3001', name: 'Unit 5', holder: 'Nina Vos', status: 'active' },
];

/** Cards: 16-digit Luhn-valid numbers starting 7083, expiring 18 to 36 months after today. */
export async function seedCards(db: Writer, today: string): Promise<void> {
  const rng = createRng(7083);
  await db
    .insertInto('cards')
    .values(
      CARDS.map((card) => {
        const body = `7083${rng.digits(11)}`;
        return {
          buid_customer: card.customer,
          card_name: card.name,
          card_holder: card.holder,
          ...sealPan(body + luhnCheckDigit(body)),
          expiry_date: endOfMonthAfter(today, rng.int(18, 36)),
          status: card.status,
          requested_at: card.requestedDaysAgo !== undefined ? at(addDays(today, -card.requestedDaysAgo), 15) : null,
          termination_date: card.terminatedDaysAgo !== undefined ? addDays(today, -card.terminatedDaysAgo) : null,
          termination_reason: card.status === 'terminated' ? ('lost' as const) : null,
        };
      }),
    )
    .execute();
}

/** One US AutoPay account (C-1001), one Canadian CFI (C-1002), one US savings (C-1003), one US checking (C-1008); two settled payments and one pending. */
export async function seedBankingAndPayments(
  db: Writer,
  today: string,
  invoices: Map<string, SeededInvoice>,
  users: Map<string, number>,
): Promise<void> {
  const created = at(addDays(today, -180), 15);
  const { id: usAccount } = await db
    .insertInto('bank_accounts')
    .values({
      buid_customer: 'C-1001',
      kind: 'us',
      bank_country: 'US',
      bank_name: 'JPMorgan Chase Bank',
      account_name: 'Northwind Logistics Operating',
      account_number: '000123456789',
      routing_number: '021000021',
      bank_number: null,
      branch_number: null,
      account_type: 'checking',
      autopay: true,
      online_payment: true,
      created_at: created,
      removed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('bank_accounts')
    .values([
      {
        buid_customer: 'C-1002',
        kind: 'cfi',
        bank_country: 'CA',
        bank_name: 'TD Canada Trust',
        account_name: 'Maple Freight Ltd',
        account_number: '5012345',
        routing_number: null,
        bank_number: '0004',
        branch_number: '12345',
        account_type: 'checking',
        autopay: false,
        online_payment: true,
        created_at: created,
        removed_at: null,
      },
      {
        buid_customer: 'C-1003',
        kind: 'us',
        bank_country: 'US',
        bank_name: 'Bank of America',
        account_name: 'Rhein Spedition US Savings',
        account_number: '4455667788',
        routing_number: '026009593',
        bank_number: null,
        branch_number: null,
        account_type: 'savings',
        autopay: false,
        online_payment: true,
        created_at: created,
        removed_at: null,
      },
      // The phone test's account pays from it (issue 26).
      {
        buid_customer: 'C-1008',
        kind: 'us',
        bank_country: 'US',
        bank_name: 'U.S. Bank',
        account_name: 'Harbour Line Couriers',
        account_number: '7700112233',
        routing_number: '091000022',
        bank_number: null,
        branch_number: null,
        account_type: 'checking',
        autopay: false,
        online_payment: true,
        created_at: created,
        removed_at: null,
      },
    ])
    .execute();

  const payer = users.get('payer') ?? null;
  const payment = async (
    number: number,
    confirmation: string,
    tags: Array<Parameters<typeof invoiceFor>[0]>,
    status: 'settled' | 'pending',
    createdDaysAgo: number,
  ) => {
    const rows = tags.map((tag) => {
      const invoice = invoices.get(invoiceFor(tag));
      if (!invoice) throw new Error(`Payment for unknown invoice ${tag}`);
      return invoice;
    });
    const createdDay = addDays(today, -createdDaysAgo);
    const { id } = await db
      .insertInto('payments')
      .values({
        payment_number: `P-${String(number).padStart(6, '0')}`,
        confirmation_number: confirmation,
        tenant_id: DEMO,
        user_id: payer,
        mode: 'INDIVIDUAL_ACCOUNT',
        method: 'bank',
        bank_account_id: usAccount,
        card_token: null,
        currency: 'USD',
        amount_minor: rows.reduce((sum, row) => sum + row.amount_minor, 0),
        card_fee_minor: 0,
        status,
        idempotency_key: null,
        request_hash: null,
        source: 'portal',
        created_at: at(createdDay, 16),
        settles_at: at(addDays(createdDay, 2), 16),
        settled_at: status === 'settled' ? at(addDays(createdDay, 1), 18) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('payment_invoices')
      .values(
        rows.map((row) => ({
          payment_id: id,
          trx_id: row.trx_id,
          buid_customer: row.buid_customer,
          amount_minor: row.amount_minor,
          active: status === 'pending',
        })),
      )
      .execute();
    // As the payment service leaves it: audited when made (and settled), a pending one with its settlement job.
    const paymentNumber = `P-${String(number).padStart(6, '0')}`;
    const trxIds = rows.map((row) => row.trx_id);
    const amount = rows.reduce((sum, row) => sum + row.amount_minor, 0);
    await db
      .insertInto('audit_log')
      .values({
        at: at(createdDay, 16),
        tenant_id: DEMO,
        user_id: payer,
        action: 'payment.create',
        entity: 'payment',
        entity_id: String(id),
        detail: JSON.stringify({
          payment_number: paymentNumber,
          mode: 'INDIVIDUAL_ACCOUNT',
          method: 'bank',
          source: 'portal',
          currency: 'USD',
          amount_minor: amount,
          card_fee_minor: 0,
          invoices: trxIds,
        }),
      })
      .execute();
    if (status === 'settled') {
      await db
        .insertInto('audit_log')
        .values({
          at: at(addDays(createdDay, 1), 18),
          tenant_id: DEMO,
          user_id: null,
          action: 'payment.settle',
          entity: 'payment',
          entity_id: String(id),
          detail: JSON.stringify({ payment_number: paymentNumber, amount_minor: amount, currency: 'USD', invoices: trxIds }),
        })
        .execute();
    } else {
      await db
        .insertInto('jobs')
        .values({
          kind: SETTLE_JOB,
          payload: JSON.stringify({ paymentId: id }),
          run_at: at(addDays(createdDay, 2), 16),
          dedupe_key: `${SETTLE_JOB}:${id}`,
        })
        .execute();
    }
  };
  await payment(1, 'CNF-7F3K2', ['paid1', 'paid2'], 'settled', 42);
  await payment(2, 'CNF-Q8M4T', ['paid3'], 'settled', 14);
  await payment(3, 'CNF-Z2R9D', ['paymentPending1', 'paymentPending2'], 'pending', 1);
}
