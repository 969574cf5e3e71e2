import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAll, type BindingContext } from '../../engine/definitions/bindings.ts';
import merchantHome from '../../screens/merchant-home.json' with { type: 'json' };
import programOverview from '../../screens/program-overview.json' with { type: 'json' };
import { resolveBinding } from '../../engine/definitions/bindings.ts';
import { startTestApi, type TestApi } from '../support/api.ts';

/** The dealer home's "Open disputes to answer" and the program overview's rows, against the real API (issue 26). */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

interface TableJson {
  id?: string;
  source: { resource: string; filter: Record<string, unknown> };
}
const openDisputes = (merchantHome.body as unknown as TableJson[]).find((node) => node.id === 'merchant-open-disputes')!;

const bindingsFor = (merchant: string): BindingContext => ({
  session: {},
  customer: null,
  merchant: { buidMerchant: merchant },
  route: {},
  query: {},
  selection: [],
  tenant: {},
});

describe('the dealer home lists the disputes the dealer can still answer', () => {
  it('leaves out expired disputes, which can no longer be answered', async () => {
    const client = api.client();
    await client.login('dealer');
    const filters = resolveAll(openDisputes.source.filter, bindingsFor('M-2001')) as Record<string, string>;
    const query = Object.entries(filters)
      .map(([name, value]) => `filter%5B${name}%5D=${encodeURIComponent(value)}`)
      .join('&');
    const listed = (
      JSON.parse((await client.get(`${openDisputes.source.resource}?${query}`)).body) as {
        data: Array<{ attributes: { expired: boolean; status: string } }>;
      }
    ).data;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((row) => row.attributes.expired)).toEqual([]);
    // The demo merchant has expired open disputes: without the rule they would be listed.
    const all = (
      JSON.parse(
        (
          await client.get(
            `${openDisputes.source.resource}?filter%5Bbuid_merchant%5D=M-2001&filter%5Bstatus%5D=open,waiting%20on%20merchant`,
          )
        ).body,
      ) as { data: Array<{ attributes: { expired: boolean } }> }
    ).data;
    expect(all.some((row) => row.attributes.expired)).toBe(true);
  });
});

interface ColumnsJson {
  id?: string;
  source: { resource: string; filter: Record<string, unknown> };
  columns: Array<{ field: string; link?: string }>;
}
const programCustomers = (programOverview.body as unknown as ColumnsJson[]).find((node) => node.id === 'program-customers')!;

describe("the program overview's rows", () => {
  it("link a customer's row to its invoices in that row's currency (a CAD row opens CAD invoices)", async () => {
    const client = api.client();
    await client.login('corporate');
    const customerIds = ['C-1001', 'C-1002', 'C-1005', 'C-1006', 'C-1007'];
    const rows = (
      JSON.parse(
        (
          await client.get(
            `${programCustomers.source.resource}?filter%5Bbuid_customer%5D=${customerIds.join(',')}&filter%5Bevery_currency%5D=true`,
          )
        ).body,
      ) as {
        data: Array<{ attributes: Record<string, unknown> }>;
      }
    ).data.map((row) => row.attributes);
    const cad = rows.find((row) => row.currency === 'CAD');
    expect(cad, 'a customer with CAD invoices').toBeDefined();
    const context = { session: {}, customer: null, merchant: null, route: {}, query: {}, selection: [], tenant: {}, record: cad! };
    for (const column of programCustomers.columns.filter((candidate) => candidate.link)) {
      const target = new URL(String(resolveBinding(column.link!, context)), 'http://portal.invalid');
      expect(target.searchParams.get('currency'), column.field).toBe('CAD');
    }
  });
});
