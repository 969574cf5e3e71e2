import type { PaymentLine } from '../../../domain/payments.ts';
import type { ApiRequestError, ResourceObject } from '../../../engine/data/api-client.ts';
import { useResource, type SourceDefinition } from '../../../engine/data/use-resource.ts';
import type { InvoiceRecord, PaymentOptions } from '../contract.ts';
import type { FlowState } from '../flow-state.ts';

/** spec §4: only Billed and Past Due invoices are payable (the filter GET /invoices understands). */
export const PAYABLE_STATUSES = 'Billed,Past Due';
// One page of the API's largest size: a payment's invoices are listed, not paged.
const ALL = { 'page[size]': 10_000, 'filter[sort]': 'due_date|asc' };
// Without the choice (a reload lost the router state) the customer's most urgent payable invoices are offered.
const FALLBACK = { 'page[size]': 100, 'filter[sort]': 'due_date|asc' };

/** GET /invoices for the flow: the invoices chosen, or the payable invoices of the customers chosen. */
export function invoiceSource(flow: FlowState, customer: string | null): SourceDefinition {
  if (flow.mode === 'PROGRAM_OVERVIEW')
    return { resource: '/invoices', filter: { buid_customer: flow.customers, status: PAYABLE_STATUSES }, params: ALL };
  if (flow.invoices.length > 0) return { resource: '/invoices', filter: { buid_customer: customer, trx_id: flow.invoices }, params: ALL };
  return { resource: '/invoices', filter: { buid_customer: customer, status: PAYABLE_STATUSES }, params: FALLBACK };
}

/** An invoice as a payment line: it costs its open balance, current plus past due (domain/exposure.ts). */
export function toLine(invoice: InvoiceRecord): PaymentLine {
  return {
    trxId: invoice.trxId,
    customer: invoice.buidCustomer,
    currency: invoice.currency,
    amountMinor: invoice.currentDueMinor + invoice.pastDueMinor,
    status: invoice.status,
  };
}

/**
 * The lines a choice pays: the invoices chosen or, paying customers, each chosen customer's
 * payable invoices in its own currency (invoices in another currency are paid by naming them,
 * as server/payments/lines.ts decides).
 */
export function chosenLines(
  invoices: readonly InvoiceRecord[],
  flow: Pick<FlowState, 'mode'>,
  chosen: readonly string[],
  options: PaymentOptions | undefined,
): PaymentLine[] {
  const ids = new Set(chosen);
  if (flow.mode !== 'PROGRAM_OVERVIEW') return invoices.filter((invoice) => ids.has(invoice.trxId)).map(toLine);
  const currencies = new Map((options?.customers ?? []).map((customer) => [customer.buid_customer, customer.currency]));
  return invoices
    .filter((invoice) => ids.has(invoice.buidCustomer) && currencies.get(invoice.buidCustomer) === invoice.currency)
    .map(toLine);
}

export interface PaymentData {
  options: PaymentOptions | undefined;
  invoices: InvoiceRecord[] | undefined;
  loading: boolean;
  error: ApiRequestError | undefined;
}

/** The payment options and the invoices of the flow's customers, from the program API. */
export function usePaymentData(flow: FlowState, customer: string | null): PaymentData {
  const customers = flow.mode === 'PROGRAM_OVERVIEW' ? flow.customers : [customer];
  const options = useResource<PaymentOptions>({ resource: '/payment-options', filter: { buid_customer: customers }, single: true });
  const invoices = useResource<Array<ResourceObject<InvoiceRecord>>>(invoiceSource(flow, customer));
  return {
    options: options.data,
    invoices: invoices.data?.map((item) => item.attributes),
    loading: options.loading || invoices.loading,
    error: options.error ?? invoices.error,
  };
}
