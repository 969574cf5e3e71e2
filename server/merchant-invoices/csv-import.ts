import { sql, type Kysely } from 'kysely';
import { ErrorCode } from '../../domain/error-codes.ts';
import {
  checkInvoiceDraft,
  INVOICE_ID_PATTERN,
  TEXT_LIMITS,
  type DraftProblem,
  type InvoiceDraft,
} from '../../domain/merchant-invoices.ts';
import type { CsvContract, CsvProblem } from '../csv/contract.ts';
import type { CsvImport, ValidRow } from '../csv/import.ts';
import type { DB } from '../db/schema.ts';
import { existingInvoiceIds, loadMerchantContext, minorUnitsOf, relationshipProblems } from './context.ts';
import { insertInvoices, type ReadyInvoice } from './write.ts';

/** One CSV row: an invoice's fields (repeated or left empty on its further rows) and one line item. */
export interface InvoiceCsvRow {
  invoice_id: string;
  buid_customer: string;
  po_number: string;
  currency: string;
  received_date: string;
  status?: string;
  due_date?: string;
  product?: string;
  notes?: string;
  merchant_original_invoice?: string;
  tax?: string;
  description: string;
  quantity: string;
  unit_price: string;
}

const INVOICE_FIELDS = [
  'invoice_id',
  'buid_customer',
  'po_number',
  'currency',
  'status',
  'received_date',
  'due_date',
  'product',
  'notes',
  'merchant_original_invoice',
  'tax',
] as const;

const textColumn = (maxLength: number) => ({ type: 'string', maxLength });

/**
 * The dealer's invoice import (spec "Other screens": invoice import): one row per line item;
 * the rows of one invoice share its invoice_id (its other invoice cells repeated or empty, so
 * those columns are `inHeader`: the rules of domain/merchant-invoices.ts require them per invoice).
 */
export const invoiceCsvContract: CsvContract = {
  name: 'merchant-invoices',
  maxRows: 5_000,
  maxChars: 2_000_000,
  columns: [
    { name: 'invoice_id', required: true, schema: { type: 'string', pattern: INVOICE_ID_PATTERN }, example: 'ACME-10001' },
    { name: 'buid_customer', inHeader: true, schema: textColumn(64), example: 'C-1001' },
    { name: 'po_number', inHeader: true, schema: textColumn(TEXT_LIMITS.po_number), example: 'PO-4471' },
    { name: 'currency', inHeader: true, schema: { type: 'string', pattern: '^[A-Z]{3}$' }, example: 'USD' },
    { name: 'status', schema: { type: 'string', enum: ['Billed', 'Pending', 'Unbilled'] }, example: 'Billed' },
    { name: 'received_date', inHeader: true, schema: textColumn(10), example: '2026-11-20' },
    { name: 'due_date', schema: textColumn(10), example: '2026-12-20' },
    { name: 'product', schema: textColumn(TEXT_LIMITS.product), example: 'Diesel' },
    { name: 'notes', schema: textColumn(TEXT_LIMITS.notes) },
    { name: 'merchant_original_invoice', schema: textColumn(TEXT_LIMITS.merchant_original_invoice) },
    { name: 'tax', schema: textColumn(40), example: '8.25' },
    { name: 'description', required: true, schema: textColumn(TEXT_LIMITS.description), example: 'Diesel, bulk delivery' },
    { name: 'quantity', required: true, schema: textColumn(40), example: '120.5' },
    { name: 'unit_price', required: true, schema: textColumn(40), example: '3.41' },
  ],
};

export interface ImportEnv {
  merchant: string;
  today: string;
  userId: number;
}
interface Lookup {
  problems: Map<number, CsvProblem[]>;
  ready: ReadyInvoice[];
}

/** One writer of a merchant's invoices at a time: the duplicate-id check and the insert cannot interleave. */
export async function lockMerchantInvoices(db: Kysely<DB>, merchant: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`merchant-invoices:${merchant}`}))`.execute(db);
}

/** The rows of one invoice, in file order. */
function groupRows(rows: ReadonlyArray<ValidRow<InvoiceCsvRow>>): Array<Array<ValidRow<InvoiceCsvRow>>> {
  const groups = new Map<string, Array<ValidRow<InvoiceCsvRow>>>();
  for (const row of rows) {
    const group = groups.get(row.value.invoice_id);
    if (group) group.push(row);
    else groups.set(row.value.invoice_id, [row]);
  }
  return [...groups.values()];
}

export const invoiceCsvImport: CsvImport<InvoiceCsvRow, ImportEnv, Lookup> = {
  contract: invoiceCsvContract,

  /** Groups the rows into invoices and runs every rule of domain/merchant-invoices.ts on each, once. */
  async prepare(db, rows, env) {
    await lockMerchantInvoices(db, env.merchant);
    const context = await loadMerchantContext(db, env.merchant);
    const taken = await existingInvoiceIds(
      db,
      env.merchant,
      rows.map((row) => row.value.invoice_id),
    );
    const problems = new Map<number, CsvProblem[]>();
    const report = (row: number, column: string | undefined, code: string, meta?: Record<string, unknown>) => {
      const list = problems.get(row) ?? [];
      list.push({ row, ...(column ? { column } : {}), code, meta: { ...(column ? { field: column } : {}), ...meta } });
      problems.set(row, list);
    };
    const ready: ReadyInvoice[] = [];
    for (const group of groupRows(rows)) {
      const [first, ...rest] = group as [ValidRow<InvoiceCsvRow>, ...Array<ValidRow<InvoiceCsvRow>>];
      let agrees = true;
      for (const row of rest) {
        for (const field of INVOICE_FIELDS) {
          const value = row.value[field];
          if (value !== undefined && value !== first.value[field]) {
            report(row.row, field, ErrorCode.merchantInvoiceRowsDisagree, { other: first.row });
            agrees = false;
          }
        }
      }
      const draft: InvoiceDraft = {
        ...Object.fromEntries(INVOICE_FIELDS.map((field) => [field, first.value[field]]).filter(([, value]) => value !== undefined)),
        line_items: group.map((row) => ({
          description: row.value.description,
          quantity: row.value.quantity,
          unit_price: row.value.unit_price,
        })),
      };
      const checked = checkInvoiceDraft(draft, { today: env.today, minorUnits: minorUnitsOf(context, draft.currency) });
      const found: DraftProblem[] = [...checked.problems, ...relationshipProblems(draft, context)];
      if (taken.has(first.value.invoice_id))
        found.push({ field: 'invoice_id', code: ErrorCode.merchantInvoiceDuplicateId, values: { invoice_id: first.value.invoice_id } });
      for (const problem of found) {
        const line = /^line_items\.(\d+)\.(\w+)$/.exec(problem.field);
        const at = line ? (group[Number(line[1])] ?? first) : first;
        report(at.row, line ? line[2] : problem.field === 'line_items' ? undefined : problem.field, problem.code, problem.values);
      }
      if (found.length === 0 && agrees && checked.priced) ready.push({ draft, priced: checked.priced });
    }
    return { problems, ready };
  },

  checkRow: (row, lookup) => lookup.problems.get(row.row) ?? [],

  async write(trx, _rows, lookup, env) {
    const trxIds = await insertInvoices(trx, env.merchant, lookup.ready, env.today, env.userId);
    return trxIds.length;
  },
};
