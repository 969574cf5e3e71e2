import { sideOfUserType } from '../../domain/dispute-side.ts';
import { flagBindings } from '../../domain/flags.ts';
import { normaliseRole } from '../../domain/policy.ts';
import type { BindingContext } from '../definitions/bindings.ts';
import type { SessionState } from '../session/types.ts';

function sessionBindings(session: SessionState): Record<string, unknown> {
  return {
    ...session.self,
    logged_in: session.self?.session_data.logged_in ?? false,
    // The role as the policy names it ("payer", "card viewer"), so a condition reads like the policy and the
    // studio's "hidden for" (domain/column-roles.ts) whatever case /self spells it in.
    role: session.self ? normaliseRole(session.self.role) : null,
    userType: session.userType,
    // The dispute API's side of the path, /ecaas/{session.dispute_side}-disputes (corporate users are customers;
    // any other user type asks the customer side, which refuses it).
    dispute_side: sideOfUserType(session.userType) ?? 'customer',
    selectedCurrency: session.selectedCurrency,
    paymentMode: session.paymentMode,
    loyaltyPrograms: session.loyaltyPrograms,
    loyaltyError: session.loyaltyError,
    merchantRollUp: session.merchantRollUp,
    customerCount: session.self?.customers?.length ?? 0,
    // The program overview lists over all of them: filter[buid_customer]={session.customerIds}.
    customerIds: session.self?.customers?.map((customer) => customer.id) ?? [],
  };
}

/** Where a screen is: its route parameters, its query string, the selection it was sent with. */
export interface ScreenLocation {
  route: Record<string, string | undefined>;
  query: Record<string, string>;
  selection: unknown[];
}

/**
 * A screen's binding context from the session and its location. One function for the page
 * (ScreenPage) and its route loader (routing/screen-loader.ts), so both resolve a source to the
 * same request and meet in the data layer's cache.
 */
export function screenBindings(session: SessionState, location: ScreenLocation): BindingContext {
  return {
    session: sessionBindings(session),
    customer: session.selectedCustomer as Record<string, unknown> | null,
    merchant: session.selectedMerchant as Record<string, unknown> | null,
    route: location.route,
    query: location.query,
    selection: location.selection,
    tenant: (session.config ?? {}) as unknown as Record<string, unknown>,
    flags: flagBindings(session.flags),
  };
}
