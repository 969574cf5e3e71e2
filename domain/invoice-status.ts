/**
 * Invoice statuses of spec §4 and the rules that depend on nothing but the status.
 * Shared by the browser (what to offer) and the server (what to accept).
 */
export const INVOICE_STATUSES = [
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
] as const;

export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export function isInvoiceStatus(value: string): value is InvoiceStatus {
  return (INVOICE_STATUSES as readonly string[]).includes(value);
}

const slug = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');
const BY_SLUG = new Map<string, InvoiceStatus>(INVOICE_STATUSES.map((status) => [slug(status), status]));

/**
 * The status a filter or route segment names, ignoring case and separators, so the route
 * /invoice-list/{status} may carry "past-due" as well as "Past Due".
 * parseInvoiceStatus('past_due') === 'Past Due'; parseInvoiceStatus('due') === undefined
 */
export function parseInvoiceStatus(text: string): InvoiceStatus | undefined {
  return BY_SLUG.get(slug(text));
}

/**
 * spec §4: "An invoice is payable only if Billed or Past Due and not Pending, Payment Pending
 * or Paid." A status is a single value, so the second half follows from the first; it is
 * spelled out by the tests so a future multi-flag invoice keeps the rule.
 */
export function isPayable(status: string): boolean {
  return status === 'Billed' || status === 'Past Due';
}
