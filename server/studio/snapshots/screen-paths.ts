import { invoiceFor } from '../../db/seed/invoices.ts';

/**
 * The address a screen is looked at on: its path with representative values of its route
 * parameters, and the query a flow needs to show more than its empty state. Shared by QA's screen
 * snapshots (tests/screens) and the studio's QA snapshots of a draft (issue 24), so both render
 * the same screen. The values name the demo data; on another tenant's data a screen may show its
 * not-found or empty state, which is the same before and after a draft.
 */
const PARAMETERS: Record<string, Record<string, string>> = {
  '*': { status: 'Past Due', location: 'statements', invoice_id: 'T-1001-0007' },
  'dispute-details': { invoice_id: invoiceFor('dispute1') },
  // R-1001-0001 (C-1001 at M-2001, active): every role that may read rejections sees it.
  'rejection-detail': { rejection_id: '1' },
  // The seed's second user (payer, C-1001) and first group (Headquarters, C-1001 and C-1004): the admin manages both.
  'manage-user-edit': { user_id: '2' },
  'manage-group-edit': { group_id: '1' },
  // The seed's application of C-1001 (more information needed): its answer form and documents show.
  'application-detail': { application_id: '1' },
};

/** Query strings a screen needs to show more than its empty state (the invoices or disputes a flow starts from). */
const QUERIES: Record<string, string> = {
  'dispute-create': `?invoiceIds=T-1001-0001,${invoiceFor('ineligibleOld')}`,
  'dispute-respond': '?disputeIds=1,2,6',
};

export function screenPath(definition: { id: string; path: string }): string {
  const values = { ...PARAMETERS['*'], ...PARAMETERS[definition.id] };
  return (
    definition.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`No representative value for :${name} of ${definition.id}`);
      return value;
    }) + (QUERIES[definition.id] ?? '')
  );
}
