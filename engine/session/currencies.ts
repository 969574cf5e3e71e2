import type { JsonApiDocument, ResourceObject } from '../data/api-client.ts';
import type { IdLabel } from './types.ts';

export type CurrenciesDocument = JsonApiDocument<Array<ResourceObject<IdLabel>>>;

/** GET /ecaas/customer-currencies as the session keeps it: `{ id, label }` per currency. */
export function currencyOptions(document: CurrenciesDocument): IdLabel[] {
  return document.data.map((item) => ({ id: item.attributes.id ?? item.id, label: item.attributes.label }));
}
