import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth/context.ts';
import { applyInvoiceFilters, invoiceFilterValues, type InvoiceListQuery } from '../invoices/list.ts';
import type { DB } from './schema.ts';
import { StatementTemplates } from './statement-templates.ts';

/** Compiles only. */
const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const byCustomer = (values: { customer: string; status?: string | undefined; limit: number }) => {
  let query = db.selectFrom('invoices').select('trx_id').where('buid_customer', '=', values.customer);
  if (values.status) query = query.where('status', '=', values.status as never);
  return query.limit(values.limit);
};

describe('StatementTemplates', () => {
  it('builds a shape once and gives each call its own values', () => {
    const templates = new StatementTemplates();
    let builds = 0;
    const counted = (values: Parameters<typeof byCustomer>[0]) => {
      builds += 1;
      return byCustomer(values);
    };
    const first = templates.compile('q', { customer: 'C-1', status: 'Billed', limit: 50 }, counted);
    const second = templates.compile('q', { customer: 'C-2', status: 'Paid', limit: 10 }, counted);
    expect(builds).toBe(1);
    expect(first.sql).toBe(byCustomer({ customer: 'C-1', status: 'Billed', limit: 50 }).compile().sql);
    expect(first.parameters).toEqual(['C-1', 'Billed', 50]);
    expect(second.parameters).toEqual(['C-2', 'Paid', 10]);
  });

  it('tells shapes apart by absent values, array lengths and falsy values', () => {
    const templates = new StatementTemplates();
    const absent = templates.compile('q', { customer: 'C-1', status: undefined, limit: 5 }, byCustomer);
    expect(absent.sql).not.toContain('status');
    expect(absent.parameters).toEqual(['C-1', 5]);
    const empty = templates.compile('q', { customer: 'C-1', status: '', limit: 5 }, byCustomer);
    expect(empty.sql).not.toContain('status');
    const list = (values: { ids: readonly string[] }) => db.selectFrom('invoices').select('trx_id').where('trx_id', 'in', values.ids);
    expect(templates.compile('in', { ids: ['a', 'b'] }, list).parameters).toEqual(['a', 'b']);
    expect(templates.compile('in', { ids: ['c', 'd', 'e'] }, list).parameters).toEqual(['c', 'd', 'e']);
    const offset = (values: { skip: number }) => db.selectFrom('invoices').select('trx_id').offset(values.skip);
    expect(templates.compile('o', { skip: 0 }, offset).parameters).toEqual([0]);
    expect(templates.compile('o', { skip: 50 }, offset).parameters).toEqual([50]);
    expect(templates.compile('o', { skip: 0 }, offset).parameters).toEqual([0]);
    expect(templates.size).toBe(6);
  });

  it('refuses a builder that reshapes a value instead of passing it on', () => {
    const templates = new StatementTemplates();
    const upper = (values: { name: string }) =>
      db.selectFrom('invoices').select('trx_id').where('po_number', '=', String(values.name).toUpperCase());
    expect(() => templates.compile('upper', { name: 'po-1' }, upper)).toThrow(/did not reach the parameters/);
  });

  it('compiles the invoice list filters as building them directly does', () => {
    const templates = new StatementTemplates();
    const auth = {
      user: { user_type: 'customer' },
      session: { customer_id: 'C-1', location: null, merchant_id: null },
      customerIds: ['C-1', 'C-2', 'C-3'],
      merchantIds: [],
    } as unknown as AuthContext;
    const cases: Array<InvoiceListQuery['filters']> = [
      {},
      { status: 'Billed' },
      { buid_customer: 'C-2,C-3', status: 'Billed,Paid', amount_min: '0', amount_max: '12000' },
      { search: '100%_x', due_from: '2026-01-01', due_to: '2026-02-01', received_from: '2025-12-01', received_to: '2026-03-01' },
      { trx_id: 'T-1,T-2', invoice_id: 'I-1', po_number: 'PO', product: 'Diesel', sol_currency: 'usd', buid_location: 'L-1,L-2,L-3' },
      { amount_min: '-5', buid_merchant: 'M-1' },
    ];
    const count = (values: ReturnType<typeof invoiceFilterValues>['values']) =>
      applyInvoiceFilters(db.selectFrom('invoices'), values, undefined).select(sql<number>`count(*)::int`.as('total'));
    for (const round of [1, 2]) {
      for (const filters of cases) {
        const { values } = invoiceFilterValues(auth, filters);
        const direct = count(values).compile();
        const templated = templates.compile('count', values, count);
        expect({ round, sql: templated.sql, parameters: templated.parameters }).toEqual({
          round,
          sql: direct.sql,
          parameters: direct.parameters,
        });
      }
    }
  });
});
