import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

async function menuOf(username: string): Promise<string[]> {
  const client = api.client();
  expect((await client.login(username)).statusCode).toBe(200);
  const self = JSON.parse((await client.get('/self')).body) as {
    data: { attributes: { menu: Array<{ id: string; path: string; label: string; screen: string }> } };
  };
  for (const entry of self.data.attributes.menu) {
    expect(entry.path.startsWith('/')).toBe(true);
    expect(entry.label).toMatch(/^common\.menu\./);
    // The shell marks the entry current on every path of its screen (all invoice tabs).
    expect(entry.screen).toMatch(/^[a-z][a-z0-9-]*$/);
  }
  return self.data.attributes.menu.map((entry) => entry.id);
}

describe('/self menu (spec §7), decided by the same guard rules the portal applies', () => {
  it('gives an admin of several customers payment methods and customer selection', async () => {
    const menu = await menuOf('admin');
    expect(menu).toEqual(
      expect.arrayContaining(['overview', 'invoices', 'pay', 'payment-methods', 'customers', 'cards', 'loyalty', 'notifications']),
    );
  });

  it('gives a payer of one customer paying but neither payment methods nor customer selection', async () => {
    const menu = await menuOf('payer');
    expect(menu).toContain('pay');
    expect(menu).not.toContain('payment-methods');
    expect(menu).not.toContain('customers');
    expect(menu).not.toContain('program-overview');
  });

  it('keeps a viewer out of paying and a card viewer out of everything but cards (spec §6)', async () => {
    const viewer = await menuOf('viewer');
    expect(viewer).toContain('invoices');
    expect(viewer).not.toContain('pay');
    const cardViewer = await menuOf('cardviewer');
    expect(cardViewer).toContain('cards');
    for (const barred of ['overview', 'invoices', 'pay', 'notifications', 'loyalty', 'sub-accounts', 'unbilled', 'currencies'])
      expect(cardViewer).not.toContain(barred);
    // Issue 26: the screens beside the overview and the invoice lists follow their guards.
    expect(viewer).toEqual(expect.arrayContaining(['sub-accounts', 'unbilled', 'currencies']));
    // The shell renders this answer as it is: the safety manager's frame shows notifications alone (tests/e2e/shell.test.ts).
    expect(await menuOf('safety')).toEqual(['notifications']);
  });

  it('gives corporate users the program overview and dealers with two merchants the merchant roll-up', async () => {
    // Issue 26: the corporate admin's payment methods (the page works for them) have their entry too.
    expect(await menuOf('corporate')).toEqual([
      'program-overview',
      'customers',
      'overview',
      'sub-accounts',
      'invoices',
      'unbilled',
      'file-upload',
      'pay',
      'payment-methods',
      'disputes',
      'rejections',
      'cards',
      'loyalty',
      'applications',
      'notifications',
      'currencies',
      'users',
      'groups',
    ]);
    const dealer = await menuOf('dealer');
    // Issue 15: the merchant home first, then the roll-up across merchants and the merchant choice.
    expect(dealer).toEqual([
      'merchant-home',
      'merchant-roll-up',
      'merchant-select',
      'merchant-invoice-create',
      'merchant-invoice-import',
      'file-upload',
      'disputes',
      'rejections',
      'notifications',
      'currencies',
      'users',
    ]);
    expect(dealer).not.toContain('invoices');
  });
});
