/**
 * What the boot decides before /self answers (issue 11: a cold load without a waterfall).
 * The selected customer's currencies, which the invoice lists' currency filter needs, come with
 * /self (`customerCurrencies`), so the boot asks for nothing speculative: an early GET
 * /ecaas/customer-currencies beside /self failed 422 for every merchant user and for an admin
 * before choosing a customer, as an uncaught error in the page (issue 22 item 14).
 */
import { csrfToken } from '../data/csrf.ts';

/** A signed-in browser holds the readable CSRF cookie; only then is the signed-in data layer worth loading before /self answers. */
export function probablySignedIn(): boolean {
  return csrfToken() !== undefined;
}
