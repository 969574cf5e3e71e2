import type { DisputeStatus } from '../schema.ts';
import type { SeededInvoice } from './invoices.ts';
import { invoiceFor } from './invoices.ts';
import { addDays, at, minimalPdf, type Writer } from './util.ts';

type Side = 'customer' | 'merchant' | 'support';
interface ResponseSeed {
  side: Side;
  action: string;
  description: string;
  comment: string;
  daysAgo: number;
  by?: string;
}
interface DisputeSeed {
  tag: Parameters<typeof invoiceFor>[0];
  status: DisputeStatus;
  reason: number;
  description: string;
  createdDaysAgo: number;
  dueIn: number;
  chargeback?: boolean;
  closedDaysAgo?: number;
  contacts?: Array<{ name: string; email: string; type: 'Primary' | 'Billing' }>;
  responses?: ResponseSeed[];
}

const PRIMARY = { name: 'Alex Morgan', email: 'admin@demo.example', type: 'Primary' as const };
const BILLING = { name: 'Northwind Billing Desk', email: 'billing@northwind.example', type: 'Billing' as const };

/**
 * Dispute ids follow this order on a fresh database (1..9). Expired = response_due_at before
 * today and not closed: disputes 3, 4 and 9. Dispute 6 is a chargeback.
 */
const DISPUTES: DisputeSeed[] = [
  {
    tag: 'dispute1',
    status: 'open',
    reason: 1,
    description: 'Billed at the pump price instead of the contract price.',
    createdDaysAgo: 4,
    dueIn: 10,
    contacts: [PRIMARY],
  },
  { tag: 'dispute2', status: 'open', reason: 5, description: 'Retread tyres failed within a week.', createdDaysAgo: 2, dueIn: 12 },
  {
    tag: 'dispute3',
    status: 'open',
    reason: 2,
    description: 'DEF delivery never arrived at the Dallas yard.',
    createdDaysAgo: 25,
    dueIn: -2,
  },
  {
    tag: 'dispute4',
    status: 'waiting on customer',
    reason: 3,
    description: 'Same fuelling charged twice on the same day.',
    createdDaysAgo: 30,
    dueIn: -3,
    contacts: [PRIMARY, BILLING],
    responses: [
      {
        side: 'merchant',
        action: 'respond_to_customer',
        description: 'Respond to customer',
        comment: 'Please upload both receipts so we can match the duplicate.',
        daysAgo: 10,
      },
    ],
  },
  {
    tag: 'dispute5',
    status: 'waiting on merchant',
    reason: 4,
    description: 'Card was reported stolen before this purchase.',
    createdDaysAgo: 6,
    dueIn: 5,
    contacts: [PRIMARY],
    responses: [
      {
        side: 'customer',
        action: 'respond_to_merchant',
        description: 'Respond to merchant',
        comment: 'Police report attached; we did not authorise this purchase.',
        daysAgo: 5,
        by: 'admin',
      },
    ],
  },
  {
    tag: 'dispute6',
    status: 'escalated',
    reason: 1,
    description: 'Service labour hours exceed the quote.',
    createdDaysAgo: 40,
    dueIn: 12,
    chargeback: true,
    contacts: [PRIMARY, BILLING],
    responses: [
      {
        side: 'merchant',
        action: 'respond_to_customer',
        description: 'Respond to customer',
        comment: 'Hours match the signed work order.',
        daysAgo: 35,
      },
      {
        side: 'customer',
        action: 'escalate',
        description: 'Escalate to customer support (disagree)',
        comment: 'The work order was signed for a different truck.',
        daysAgo: 30,
        by: 'admin',
      },
      {
        side: 'support',
        action: 'respond_to_customer',
        description: 'Support response',
        comment: 'A chargeback has been opened with the merchant.',
        daysAgo: 28,
      },
    ],
  },
  {
    tag: 'dispute7',
    status: 'closed',
    reason: 1,
    description: 'Price did not reflect the contract discount.',
    createdDaysAgo: 45,
    dueIn: -25,
    closedDaysAgo: 20,
    responses: [
      {
        side: 'customer',
        action: 'respond_to_merchant',
        description: 'Respond to merchant',
        comment: 'Contract price is 3.41 per gallon.',
        daysAgo: 40,
        by: 'admin',
      },
      { side: 'merchant', action: 'close', description: 'Close', comment: 'Credit issued as an adjustment.', daysAgo: 20 },
    ],
  },
  {
    tag: 'dispute8',
    status: 'open',
    reason: 5,
    description: 'Tyre pressure sensors missing after service.',
    createdDaysAgo: 3,
    dueIn: 7,
    contacts: [{ name: 'Maple AP', email: 'ap@maplefreight.example', type: 'Billing' }],
  },
  {
    tag: 'dispute9',
    status: 'waiting on merchant',
    reason: 2,
    description: 'Fuel delivery to Duisburg not received.',
    createdDaysAgo: 20,
    dueIn: -1,
    responses: [
      {
        side: 'customer',
        action: 'respond_to_merchant',
        description: 'Respond to merchant',
        comment: 'Nothing arrived at the Duisburg yard.',
        daysAgo: 18,
      },
    ],
  },
];

export async function seedDisputes(
  db: Writer,
  today: string,
  invoices: Map<string, SeededInvoice>,
  users: Map<string, number>,
): Promise<void> {
  const admin = users.get('admin') ?? null;
  for (const seed of DISPUTES) {
    const trxId = invoiceFor(seed.tag);
    const invoice = invoices.get(trxId);
    if (!invoice) throw new Error(`Dispute on unknown invoice ${trxId}`);
    const lastResponse = seed.responses?.reduce((min, response) => Math.min(min, response.daysAgo), Infinity);
    const { dispute_id: disputeId } = await db
      .insertInto('disputes')
      .values({
        trx_id: trxId,
        buid_customer: invoice.buid_customer,
        buid_merchant: invoice.buid_merchant,
        dispute_reason_id: seed.reason,
        description: seed.description,
        status: seed.status,
        is_chargeback: seed.chargeback ?? false,
        amount_minor: invoice.disputed_total_minor > 0 ? invoice.disputed_total_minor : invoice.amount_minor,
        currency: invoice.currency,
        created_at: at(addDays(today, -seed.createdDaysAgo), 15),
        created_by: invoice.buid_customer === 'C-1001' ? admin : null,
        response_due_at: at(addDays(today, seed.dueIn), 23),
        response_date: lastResponse !== undefined && Number.isFinite(lastResponse) ? at(addDays(today, -lastResponse), 16) : null,
        closed_at: seed.closedDaysAgo !== undefined ? at(addDays(today, -seed.closedDaysAgo), 17) : null,
      })
      .returning('dispute_id')
      .executeTakeFirstOrThrow();
    if (seed.contacts?.length) {
      await db
        .insertInto('dispute_contacts')
        .values(
          seed.contacts.map((contact) => ({
            dispute_id: disputeId,
            name: contact.name,
            email_address: contact.email,
            contact_type: contact.type,
            contact_type_text: `${contact.type} contact`,
          })),
        )
        .execute();
    }
    if (seed.responses?.length) {
      await db
        .insertInto('dispute_responses')
        .values(
          seed.responses.map((response) => ({
            dispute_id: disputeId,
            side: response.side,
            action: response.action,
            dispute_action_description: response.description,
            comment: response.comment,
            comment_date: at(addDays(today, -response.daysAgo), 16),
            user_id: response.by ? (users.get(response.by) ?? null) : null,
          })),
        )
        .execute();
    }
    if (seed.tag === 'dispute5') {
      const content = minimalPdf('Police report 2026-4471');
      await db
        .insertInto('dispute_documents')
        .values({
          dispute_id: disputeId,
          file_name: 'police-report.pdf',
          file_size: content.byteLength,
          mime_type: 'application/pdf',
          content,
          entry_ts: at(addDays(today, -5), 16),
          // Migration 008: the transaction it supports and its document type ("Other").
          trx_id: trxId,
          doc_type_id: 4,
        })
        .execute();
    }
  }
}

/** Rejected card transactions of C-1001 (3 active, 1 cancelled, 1 resubmitted) on its seeded cards. */
export async function seedRejections(db: Writer, today: string): Promise<void> {
  const cards = await db
    .selectFrom('cards')
    .select(['card_name', 'card_holder', 'card_bin', 'card_last4'])
    .where('buid_customer', '=', 'C-1001')
    .orderBy('card_id')
    .execute();
  const rejection = (
    n: number,
    status: 'active' | 'cancelled' | 'resubmitted',
    merchant: string,
    currency: string,
    cardName: string,
    reason: string,
    daysAgo: number,
    amount: number,
    product: string,
  ) => {
    const card = cards.find((row) => row.card_name === cardName);
    if (!card) throw new Error(`Rejection on unknown card ${cardName}`);
    return {
      trx_id: `R-1001-${String(n).padStart(4, '0')}`,
      buid_customer: 'C-1001',
      buid_merchant: merchant,
      status,
      card_holder: card.card_holder,
      card_identifier: `${card.card_bin.slice(0, 4)}********${card.card_last4}`,
      reject_reason: reason,
      transaction_date: addDays(today, -daysAgo),
      amount_minor: amount,
      currency,
      product,
      updated_at: at(addDays(today, -Math.max(daysAgo - 1, 0)), 13),
    };
  };
  await db
    .insertInto('rejections')
    .values([
      rejection(1, 'active', 'M-2001', 'USD', 'Truck 12', 'Card expired', 3, 41250, 'Diesel'),
      rejection(2, 'active', 'M-2001', 'USD', 'Truck 14', 'Invalid PIN', 5, 38799, 'Diesel'),
      rejection(3, 'active', 'M-2002', 'CAD', 'Van 3', 'Product not allowed on card', 6, 125000, 'Tyres'),
      rejection(4, 'cancelled', 'M-2001', 'USD', 'Truck 7', 'Over credit limit', 20, 52300, 'Service'),
      rejection(5, 'resubmitted', 'M-2002', 'CAD', 'Truck 12', 'Missing odometer reading', 10, 18450, 'AdBlue'),
    ])
    .execute();
  // Issue 15: a C-1003 rejection at M-2001 whose resubmission the demo program takes 30 s to process
  // (a transaction id ending in SLOW, domain/rejections.ts simulatedProcessing): "still processing", then a notification.
  await db
    .insertInto('rejections')
    .values({
      trx_id: 'R-1003-SLOW',
      buid_customer: 'C-1003',
      buid_merchant: 'M-2001',
      status: 'active',
      card_holder: 'Jonas Weber',
      card_identifier: '7083********5510',
      reject_reason: 'Missing odometer reading',
      transaction_date: addDays(today, -2),
      amount_minor: 23990,
      currency: 'EUR',
      product: 'Diesel',
      updated_at: at(addDays(today, -1), 9),
    })
    .execute();
}
