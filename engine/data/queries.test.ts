import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient, invalidateResources, markLoaderRead, resourceKey, resourceQuery } from './queries.ts';

let requested: string[];

beforeEach(() => {
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      return new Response(
        JSON.stringify({ data: [{ type: 'invoices', id: String(requested.length), attributes: {} }], meta: { page: { total: 1 } } }),
        { status: 200 },
      );
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('resourceKey', () => {
  it("is the same for the same request whatever the parameters' order or types, leaving out what is not sent", () => {
    expect(resourceKey('/invoices', { 'page[size]': 50, 'filter[status]': 'Billed', 'filter[search]': '', x: null })).toEqual([
      'resource',
      '/invoices',
      { 'filter[status]': 'Billed', 'page[size]': '50' },
    ]);
    const client = createQueryClient();
    const hash = (key: readonly unknown[]) => client.getQueryCache().build(client, { queryKey: key }).queryHash;
    expect(hash(resourceKey('/invoices', { 'filter[status]': 'Billed', 'page[size]': '50' }))).toBe(
      hash(resourceKey('/invoices', { 'page[size]': 50, 'filter[status]': 'Billed' })),
    );
  });
});

describe('the data layer', () => {
  it("asks once when a loader's prefetch and a widget read the same thing", async () => {
    const client = createQueryClient();
    await Promise.all([
      client.prefetchQuery(resourceQuery('/invoices', { 'page[number]': 1, 'filter[status]': 'Billed' })),
      client.fetchQuery(resourceQuery('/invoices', { 'filter[status]': 'Billed', 'page[number]': '1' })),
    ]);
    await client.fetchQuery(resourceQuery('/invoices', { 'filter[status]': 'Billed', 'page[number]': 1 }));
    expect(requested).toEqual(['/invoices?page%5Bnumber%5D=1&filter%5Bstatus%5D=Billed']);
  });

  it('asks again after a write invalidated every read', async () => {
    const client = createQueryClient();
    await client.fetchQuery(resourceQuery('/invoices'));
    await client.fetchQuery(resourceQuery('/customers'));
    await invalidateResources(client);
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((query) => query.state.isInvalidated),
    ).toEqual([true, true]);
    await client.fetchQuery(resourceQuery('/invoices'));
    expect(requested).toEqual(['/invoices', '/customers', '/invoices']);
  });
});

describe('a read a route loader started', () => {
  it('is taken as it is by its first reader, however stale by then; the next reader asks again', async () => {
    const client = createQueryClient();
    let asked = 0;
    const options = {
      queryKey: ['loader-read'],
      queryFn: async () => {
        asked += 1;
        return asked;
      },
      staleTime: 0,
    };
    await client.prefetchQuery(options);
    markLoaderRead(client, options.queryKey);
    const first = new QueryObserver(client, options);
    const stopFirst = first.subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toBe(1);
    stopFirst();
    const second = new QueryObserver(client, options);
    const stopSecond = second.subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toBe(2);
    stopSecond();
  });
});
