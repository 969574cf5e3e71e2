import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerLocationsQuery, headerLocationsQuery } from './customer-locations.ts';
import { createQueryClient, invalidateResources } from './queries.ts';

let requested: URL[];

/** Two pages of one location each; C-1003 has none. */
beforeEach(() => {
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const asked = new URL(url, 'http://portal.test');
      requested.push(asked);
      const page = Number(asked.searchParams.get('page[number]'));
      const none = asked.searchParams.get('filter[buid_customer]') === 'C-1003';
      const data = none
        ? []
        : [
            {
              type: 'locations',
              id: `L-${page}`,
              attributes: { buidLocation: `L-${page}`, name: `Site ${page}`, display_location: 'Chicago' },
            },
          ];
      return new Response(JSON.stringify({ data, meta: { page: { pages: none ? 0 : 2 } } }), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a customer's locations through the query cache (the customer picker and the header's switcher)", () => {
  it('reads every page once per customer, and the next reader takes them from the cache', async () => {
    const client = createQueryClient();
    const rows = await client.fetchQuery(customerLocationsQuery('C-1001'));
    expect(rows.map((row) => row.buidLocation)).toEqual(['L-1', 'L-2']);
    expect(
      requested.map((url) => [url.pathname, url.searchParams.get('filter[buid_customer]'), url.searchParams.get('page[number]')]),
    ).toEqual([
      ['/locations', 'C-1001', '1'],
      ['/locations', 'C-1001', '2'],
    ]);
    expect(await client.fetchQuery(customerLocationsQuery('C-1001'))).toBe(rows);
    expect(requested).toHaveLength(2);
    expect(await client.fetchQuery(customerLocationsQuery('C-1003'))).toEqual([]);
    expect(requested).toHaveLength(3);
  });

  it("is invalidated with every other read (under the data layer's root)", async () => {
    const client = createQueryClient();
    await client.fetchQuery(customerLocationsQuery('C-1001'));
    await invalidateResources(client);
    expect(client.getQueryState(customerLocationsQuery('C-1001').queryKey)?.isInvalidated).toBe(true);
  });

  it('asks nothing without a customer', () => {
    expect(customerLocationsQuery(null).enabled).toBe(false);
  });
});

describe("the header's location switcher read", () => {
  it('is read for customer and corporate users once a customer is chosen, under the key the customer picker shares', () => {
    for (const userType of ['customer', 'corporate'] as const) {
      const query = headerLocationsQuery(userType, 'C-1001');
      expect(query.enabled).toBe(true);
      expect(query.queryKey).toEqual(customerLocationsQuery('C-1001').queryKey);
    }
  });

  it('is not read without a chosen customer, nor for other users', () => {
    expect(headerLocationsQuery('customer', null).enabled).toBe(false);
    for (const userType of ['merchant', 'admin', 'none'] as const) expect(headerLocationsQuery(userType, 'C-1001').enabled).toBe(false);
  });
});
