import type { Insertable } from 'kysely';
import type { AddressesTable, InvoiceStatus, NewInvoice } from '../schema.ts';
import { addDays, at, createRng, minimalPdf, pad, type Rng, type Writer } from './util.ts';

type Tag =
  | 'doc1'
  | 'doc2'
  | 'ineligibleOld'
  | 'ineligiblePaid'
  | 'ineligibleTerminated'
  | 'paymentPending1'
  | 'paymentPending2'
  | 'paid1'
  | 'paid2'
  | 'paid3'
  | 'dispute1'
  | 'dispute2'
  | 'dispute3'
  | 'dispute4'
  | 'dispute5'
  | 'dispute6'
  | 'dispute7'
  | 'dispute8'
  | 'dispute9'
  | 'doc3';

interface Row {
  status: InvoiceStatus;
  /** Due date relative to today: negative = days past due. */
  due: number;
  tag?: Tag;
  currency?: string;
  merchant?: string;
  /** Share of the total that is disputed (Disputed only), default all of it. */
  disputedShare?: number;
  adjustmentReason?: string;
  notes?: string;
  merchantOriginal?: string;
}

interface CustomerInvoices {
  customer: string;
  number: string;
  invoiceDigit: string;
  currency: string;
  merchant: string;
  locations: string[];
  details: boolean;
  rows: Row[];
}

/** The hand-written invoices; C-1001 covers every status at least twice and every ageing bucket. */
const SETS: CustomerInvoices[] = [
  {
    customer: 'C-1001',
    number: '1001',
    invoiceDigit: '1',
    currency: 'USD',
    merchant: 'M-2001',
    locations: ['L-1001-1', 'L-1001-2', 'L-1001-3'],
    details: true,
    rows: [
      { status: 'Billed', due: 3, tag: 'doc1' },
      { status: 'Billed', due: 10 },
      { status: 'Billed', due: 17 },
      { status: 'Billed', due: 24, notes: 'Delivered to dock 4; signed by R. Patel.' },
      { status: 'Billed', due: 0 },
      { status: 'Billed', due: 28 },
      { status: 'Past Due', due: -3, tag: 'doc2' }, // 1-30
      { status: 'Past Due', due: -17 },
      { status: 'Past Due', due: -30 },
      { status: 'Past Due', due: -31 }, // 31-60
      { status: 'Past Due', due: -45, merchantOriginal: 'ACME-55012' },
      { status: 'Past Due', due: -62 }, // 61-90
      { status: 'Past Due', due: -80 },
      { status: 'Past Due', due: -91 }, // >90
      { status: 'Past Due', due: -140 },
      { status: 'Past Due', due: -200, tag: 'ineligibleOld' },
      { status: 'Pending', due: 20 },
      { status: 'Pending', due: 26, notes: 'Awaiting merchant posting.' },
      { status: 'Payment Pending', due: 6, tag: 'paymentPending1' },
      { status: 'Payment Pending', due: 12, tag: 'paymentPending2' },
      { status: 'Paid', due: -25, tag: 'paid1' },
      { status: 'Paid', due: -40, tag: 'paid2' },
      { status: 'Paid', due: -12, tag: 'paid3' },
      { status: 'Paid', due: -150, tag: 'ineligiblePaid' },
      { status: 'Unbilled', due: 35 },
      { status: 'Unbilled', due: 40 },
      { status: 'Disputed', due: 10, tag: 'dispute1', disputedShare: 0.4 },
      { status: 'Disputed', due: 4, tag: 'dispute2' },
      { status: 'Disputed', due: -8, tag: 'dispute3' },
      { status: 'Disputed', due: -20, tag: 'dispute4', merchantOriginal: 'ACME-55107' },
      { status: 'Disputed', due: 2, tag: 'dispute5' },
      { status: 'Disputed', due: -50, tag: 'dispute6', disputedShare: 0.5 },
      { status: 'On hold', due: 14, notes: 'On hold pending proof of delivery.' },
      { status: 'On hold', due: -10, tag: 'doc3' },
      {
        status: 'Adjusted',
        due: 9,
        tag: 'dispute7',
        adjustmentReason: 'Price correction per contract',
        notes: 'Credited after price review.',
      },
      { status: 'Adjusted', due: -5, adjustmentReason: 'Volume discount applied' },
      { status: 'Terminated', due: -100, tag: 'ineligibleTerminated' },
      { status: 'Terminated', due: -60 },
      { status: 'Billed', due: 15, currency: 'CAD', merchant: 'M-2002' },
      { status: 'Past Due', due: -22, currency: 'CAD', merchant: 'M-2002' },
    ],
  },
  {
    customer: 'C-1002',
    number: '1002',
    invoiceDigit: '2',
    currency: 'CAD',
    merchant: 'M-2002',
    locations: ['L-1002-1'],
    details: false,
    rows: [
      { status: 'Billed', due: 7 },
      { status: 'Billed', due: 21 },
      { status: 'Past Due', due: -12 },
      { status: 'Past Due', due: -40 },
      { status: 'Paid', due: -20 },
      { status: 'Disputed', due: 5, tag: 'dispute8' },
    ],
  },
  {
    customer: 'C-1003',
    number: '1003',
    invoiceDigit: '3',
    currency: 'EUR',
    merchant: 'M-2001',
    locations: ['L-1003-1'],
    details: false,
    rows: [
      { status: 'Billed', due: 9 },
      { status: 'Billed', due: 18 },
      { status: 'Past Due', due: -8 },
      { status: 'Past Due', due: -70 },
      { status: 'Disputed', due: -3, tag: 'dispute9' },
      { status: 'Paid', due: -30 },
    ],
  },
  {
    customer: 'C-1005',
    number: '1005',
    invoiceDigit: '5',
    currency: 'USD',
    merchant: 'M-2001',
    locations: [],
    details: false,
    rows: [
      { status: 'Past Due', due: -65 },
      { status: 'Past Due', due: -120 },
      { status: 'Paid', due: -90 },
    ],
  },
  {
    customer: 'C-1006',
    number: '1006',
    invoiceDigit: '6',
    currency: 'USD',
    merchant: 'M-2001',
    locations: [],
    details: false,
    rows: [
      { status: 'Terminated', due: -150 },
      { status: 'Terminated', due: -95 },
      { status: 'Past Due', due: -200 },
    ],
  },
  {
    customer: 'C-1007',
    number: '1007',
    invoiceDigit: '7',
    currency: 'USD',
    merchant: 'M-2001',
    locations: [],
    details: false,
    rows: [
      { status: 'Billed', due: 12 },
      { status: 'Billed', due: 20 },
      { status: 'Past Due', due: -15 },
    ],
  },
  // Issue 26: Northwind's sub-accounts (server/db/seed/customers.ts), a standing each.
  {
    customer: 'C-1011',
    number: '1011',
    invoiceDigit: '11',
    currency: 'USD',
    merchant: 'M-2001',
    locations: [],
    details: false,
    rows: [
      { status: 'Billed', due: 11 },
      { status: 'Past Due', due: -9 },
      { status: 'Unbilled', due: 33 },
      { status: 'Paid', due: -18 },
    ],
  },
  {
    customer: 'C-1012',
    number: '1012',
    invoiceDigit: '12',
    currency: 'USD',
    merchant: 'M-2001',
    locations: [],
    details: false,
    rows: [
      { status: 'Billed', due: 5 },
      { status: 'Billed', due: 19 },
      { status: 'Past Due', due: -35 },
      { status: 'Pending', due: 30 },
    ],
  },
  {
    customer: 'C-1013',
    number: '1013',
    invoiceDigit: '13',
    currency: 'CAD',
    merchant: 'M-2002',
    locations: [],
    details: false,
    rows: [
      { status: 'Billed', due: 14 },
      { status: 'Unbilled', due: 38 },
      { status: 'Unbilled', due: 45 },
    ],
  },
  // Issue 26: the phone test's account (C-1008): an invoice it pays, one it disputes, and one of each left over.
  {
    customer: 'C-1008',
    number: '1008',
    invoiceDigit: '08',
    currency: 'USD',
    merchant: 'M-2003',
    locations: [],
    details: false,
    rows: [
      { status: 'Billed', due: 6 },
      { status: 'Billed', due: 18 },
      { status: 'Past Due', due: -12 },
      { status: 'Past Due', due: -26 },
    ],
  },
  {
    customer: 'F-3001',
    number: '3001',
    invoiceDigit: '8',
    currency: 'USD',
    merchant: 'F-M-1',
    locations: [],
    details: false,
    rows: [
      { status: 'Billed', due: 8 },
      { status: 'Billed', due: 19 },
      { status: 'Past Due', due: -6 },
      { status: 'Past Due', due: -48 },
      { status: 'Paid', due: -22 },
    ],
  },
];

const trxIdOf = (set: CustomerInvoices, index: number) => `T-${set.number}-${pad(index + 1, 4)}`;

/** trx_id of a notable hand-written invoice, e.g. invoiceFor('dispute1') = 'T-1001-0027'. */
export function invoiceFor(tag: Tag): string {
  for (const set of SETS) {
    const index = set.rows.findIndex((row) => row.tag === tag);
    if (index >= 0) return trxIdOf(set, index);
  }
  throw new Error(`No seed invoice tagged ${tag}`);
}

/** Statuses that still owe money: current due until the due date, past due after it. */
const OPEN: ReadonlySet<InvoiceStatus> = new Set(['Billed', 'Past Due', 'Payment Pending', 'Disputed', 'On hold', 'Adjusted']);
const NOT_BILLED: ReadonlySet<InvoiceStatus> = new Set(['Pending', 'Unbilled']);

const PRODUCT_LINES: Record<string, string[]> = {
  Diesel: ['Diesel fuel', 'Reefer diesel', 'Fuel surcharge', 'Pump service fee'],
  Tyres: ['Drive tyre 11R22.5', 'Steer tyre 295/75R22.5', 'Mounting and balancing', 'Tyre disposal fee'],
  Service: ['Preventive maintenance', 'Brake inspection', 'Labour', 'Shop supplies'],
  AdBlue: ['AdBlue (DEF) bulk', 'DEF dispenser fee', 'Container deposit', 'Handling'],
};
const PRODUCTS = Object.keys(PRODUCT_LINES);

const BILLING: Record<string, Omit<Insertable<AddressesTable>, 'trx_id' | 'kind'>> = {
  'C-1001': {
    contact_name: 'Accounts Payable',
    line_1: '200 W Adams St',
    line_2: 'Suite 1400',
    line_3: null,
    city_state_zip: 'Chicago, IL 60606',
    country: 'US',
  },
  'C-1002': {
    contact_name: 'Accounts Payable',
    line_1: '155 Carlton St',
    line_2: null,
    line_3: null,
    city_state_zip: 'Winnipeg, MB R3C 3H8',
    country: 'CA',
  },
  'C-1003': {
    contact_name: 'Buchhaltung',
    line_1: 'Am Hafen 12',
    line_2: null,
    line_3: null,
    city_state_zip: '47119 Duisburg',
    country: 'DE',
  },
};
const SHIPPING: Record<string, Omit<Insertable<AddressesTable>, 'trx_id' | 'kind'>> = {
  'L-1001-1': {
    contact_name: 'Chicago Terminal',
    line_1: '4800 S Kilbourn Ave',
    line_2: null,
    line_3: null,
    city_state_zip: 'Chicago, IL 60632',
    country: 'US',
  },
  'L-1001-2': {
    contact_name: 'Columbus Depot',
    line_1: '2150 Refugee Rd',
    line_2: null,
    line_3: null,
    city_state_zip: 'Columbus, OH 43207',
    country: 'US',
  },
  'L-1001-3': {
    contact_name: 'Dallas Yard',
    line_1: '7700 Ambassador Row',
    line_2: 'Gate B',
    line_3: null,
    city_state_zip: 'Dallas, TX 75247',
    country: 'US',
  },
  'L-1002-1': {
    contact_name: 'Winnipeg Hub',
    line_1: '1800 Inkster Blvd',
    line_2: null,
    line_3: null,
    city_state_zip: 'Winnipeg, MB R2X 1R3',
    country: 'CA',
  },
  'L-1003-1': {
    contact_name: 'Duisburg Hafen',
    line_1: 'Ruhrorter Str. 40',
    line_2: null,
    line_3: null,
    city_state_zip: '47119 Duisburg',
    country: 'DE',
  },
};
/** The merchant address uses contact_name as the merchant's contact. */
const MERCHANT_ADDRESS: Record<string, Omit<Insertable<AddressesTable>, 'trx_id' | 'kind'>> = {
  'M-2001': {
    contact_name: 'Janet Ruiz',
    line_1: '1 Acme Plaza',
    line_2: 'Billing Department',
    line_3: null,
    city_state_zip: 'Tulsa, OK 74103',
    country: 'US',
  },
  'M-2002': {
    contact_name: 'Marc Gagnon',
    line_1: '88 Portage Ave',
    line_2: null,
    line_3: null,
    city_state_zip: 'Winnipeg, MB R3B 2B3',
    country: 'CA',
  },
};

export interface SeededInvoice {
  trx_id: string;
  buid_customer: string;
  buid_merchant: string;
  currency: string;
  amount_minor: number;
  disputed_total_minor: number;
  product: string;
}

function lineItems(rng: Rng, trxId: string, product: string, subtotal: number) {
  const descriptions = PRODUCT_LINES[product] ?? ['Goods'];
  const count = rng.int(2, 4);
  const lines = [];
  let remaining = subtotal;
  for (let lineNo = 1; lineNo < count; lineNo += 1) {
    const quantity = rng.int(1, 6);
    const unit = Math.max(1, Math.floor((subtotal * (0.15 + rng.next() * 0.2)) / quantity));
    lines.push({
      trx_id: trxId,
      line_no: lineNo,
      description: descriptions[lineNo - 1] ?? 'Goods',
      quantity,
      unit_price_minor: unit,
      amount_minor: unit * quantity,
    });
    remaining -= unit * quantity;
  }
  lines.push({
    trx_id: trxId,
    line_no: count,
    description: descriptions[count - 1] ?? 'Goods',
    quantity: 1,
    unit_price_minor: remaining,
    amount_minor: remaining,
  });
  return lines;
}

/** Inserts the hand-written invoices, their line items, addresses, documents and dispute ineligibility. */
export async function seedInvoices(db: Writer, today: string): Promise<Map<string, SeededInvoice>> {
  const invoices: NewInvoice[] = [];
  const lines: ReturnType<typeof lineItems> = [];
  const addresses: Insertable<AddressesTable>[] = [];
  const seeded = new Map<string, SeededInvoice>();

  for (const set of SETS) {
    const rng = createRng(Number(set.number) * 7919);
    set.rows.forEach((row, index) => {
      const trxId = trxIdOf(set, index);
      const currency = row.currency ?? set.currency;
      const merchant = row.merchant ?? set.merchant;
      const product = rng.pick(PRODUCTS);
      const dueDate = addDays(today, row.due);
      const past = row.due < 0;
      const subtotal = rng.int(50, 8000) * 100 + rng.int(0, 99);
      const tax = Math.round(subtotal * 0.0825);
      const lateFee = row.status === 'Past Due' && row.due < -30 ? Math.round(subtotal * 0.015) : 0;
      const total = subtotal + tax + lateFee;
      const open = OPEN.has(row.status);
      const disputed = row.status === 'Disputed' ? Math.round(total * (row.disputedShare ?? 1)) : 0;
      const location = set.locations.length > 0 ? (set.locations[index % set.locations.length] ?? null) : null;
      invoices.push({
        trx_id: trxId,
        invoice_id: `INV-${set.invoiceDigit}${pad(index + 1, 5)}`,
        buid_customer: set.customer,
        buid_location: location,
        buid_merchant: merchant,
        po_number: `PO-${rng.int(1000, 9999)}`,
        status: row.status,
        eligible_for_dispute: !(row.tag === 'ineligibleOld' || row.tag === 'ineligiblePaid' || row.tag === 'ineligibleTerminated'),
        due_date: dueDate,
        received_date: addDays(today, Math.min(row.due - 30, -1)),
        currency,
        billed_total_minor: NOT_BILLED.has(row.status) ? 0 : total,
        disputed_total_minor: disputed,
        invoice_total_minor: total,
        subtotal_minor: subtotal,
        tax_minor: tax,
        late_fee_minor: lateFee,
        current_due_minor: open && !past ? total : 0,
        past_due_minor: open && past ? total : 0,
        amount_minor: total,
        product,
        adjustment_reason: row.adjustmentReason ?? null,
        notes: row.notes ?? null,
        merchant_original_invoice: row.merchantOriginal ?? null,
        updated_at: at(addDays(today, Math.min(row.due, 0) - 1), 14),
      });
      seeded.set(trxId, {
        trx_id: trxId,
        buid_customer: set.customer,
        buid_merchant: merchant,
        currency,
        amount_minor: total,
        disputed_total_minor: disputed,
        product,
      });
      if (set.details) lines.push(...lineItems(rng, trxId, product, subtotal));
      const billing = BILLING[set.customer];
      const shipping = location ? SHIPPING[location] : undefined;
      const sold = MERCHANT_ADDRESS[merchant];
      if (billing && shipping && sold) {
        addresses.push({ trx_id: trxId, kind: 'billing', ...billing });
        addresses.push({ trx_id: trxId, kind: 'shipping', ...shipping });
        addresses.push({ trx_id: trxId, kind: 'merchant', ...sold });
      }
    });
  }

  await db.insertInto('invoices').values(invoices).execute();
  await db.insertInto('invoice_line_items').values(lines).execute();
  await db.insertInto('addresses').values(addresses).execute();

  const doc = (tag: Tag, docType: number, fileName: string, title: string, daysAgo: number) => {
    const content = minimalPdf(title);
    return {
      trx_id: invoiceFor(tag),
      doc_type_id: docType,
      entry_ts: at(addDays(today, -daysAgo), 16),
      file_name: fileName,
      file_size: content.byteLength,
      mime_type: 'application/pdf',
      content,
      uploaded_by: null,
    };
  };
  await db
    .insertInto('invoice_documents')
    .values([
      doc('doc1', 1, 'INV-100001.pdf', 'Invoice INV-100001', 20),
      doc('doc2', 1, 'INV-100007.pdf', 'Invoice INV-100007', 30),
      doc('doc2', 2, 'POD-100007-1.pdf', 'Proof of delivery INV-100007', 29),
      doc('doc3', 2, 'POD-100034.pdf', 'Proof of delivery INV-100034', 12),
    ])
    .execute();

  await db
    .insertInto('dispute_ineligible_trxs')
    .values([
      { trx_id: invoiceFor('ineligibleOld'), ineligible_reason: 'Invoice older than 120 days' },
      { trx_id: invoiceFor('ineligiblePaid'), ineligible_reason: 'Invoice already paid' },
      { trx_id: invoiceFor('ineligibleTerminated'), ineligible_reason: 'Invoice terminated' },
    ])
    .execute();
  return seeded;
}
