import type { JsonApiDocument, ResourceObject } from '../data/api-client.ts';
import type { IdLabel } from './types.ts';

/** spec §4/§9: the selected customer's currencies (when the tenant configures currency_version); /self carries the same list. */
export const CURRENCIES_PATH = '/ecaas/customer-currencies';

export type CurrenciesDocument = JsonApiDocument<Array<ResourceObject<IdLabel>>>;

/** GET /ecaas/customer-currencies as the session keeps it: `{ id, label }` per currency. */
export function currencyOptions(document: CurrenciesDocument): IdLabel[] {
  return document.data.map((item) => ({ id: item.attributes.id ?? item.id, label: item.attributes.label }));
}
