import { queryOptions } from '@tanstack/react-query';
import type { UserType } from '../../domain/route-guards.ts';
import { loadAllPages, LOCATION_PAGE_SIZE } from '../session/start-rules.ts';
import { api, type JsonApiDocument, type ResourceObject } from './api-client.ts';
import { RESOURCE_ROOT } from './resource-keys.ts';

export interface LocationRow {
  buidLocation: string;
  name: string;
  display_location: string;
}

/**
 * A customer's locations, every page (spec §8: paging stops after 3 consecutive errors, keeping
 * what loaded). One key for the header's location switcher and the customer picker, so a
 * customer's locations are asked once whichever of them wants them first.
 */
export function customerLocationsQuery(customerId: string | null) {
  return queryOptions({
    // Under the data layer's root, so signing in or out drops it with every other read.
    queryKey: [RESOURCE_ROOT, '/locations', { 'filter[buid_customer]': customerId ?? '', pages: 'all' }] as const,
    queryFn: async () =>
      (
        await loadAllPages(async (page) => {
          const document = await api.get<JsonApiDocument<Array<ResourceObject<LocationRow>>> & { meta: { page: { pages: number } } }>(
            '/locations',
            { 'filter[buid_customer]': customerId, 'page[number]': page, 'page[size]': LOCATION_PAGE_SIZE },
          );
          return { rows: document.data.map((item) => item.attributes), more: page < document.meta.page.pages };
        })
      ).rows,
    enabled: customerId !== null,
    // Locations change only through the program's own data loads: a session reads them once.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The header's location switcher (shell/AccountSwitchers.tsx): offered to customer and corporate
 * users once a customer is chosen. A shell screen's route loader starts this read with the
 * screen's own (routing/prefetch-screen.ts), so the switcher is in the first render, the server's
 * too: arriving after hydration, it added a row to a phone's header and moved the screen down.
 */
export function headerLocationsQuery(userType: UserType, customerId: string | null) {
  const offered = (userType === 'customer' || userType === 'corporate') && customerId !== null;
  return { ...customerLocationsQuery(customerId), enabled: offered };
}
