/**
 * A tenant's side menus in the studio (issue 24, "menus per portal type"): a portal type's list
 * replaced in the draft is described in words, checked (an entry must fit the menu schema, open a
 * screen the portal has and name a text), and once published /self builds the users' menu from it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MenuDefinitions } from '../../domain/menus.ts';
import menusJson from '../../screens/menus/side-menus.json' with { type: 'json' };
import { startTestApi, type TestApi } from '../support/api.ts';
import { data, draftWith, operator, type Problem } from './studio-support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ tenantSync: { intervalMs: 0 } });
});
afterAll(async () => {
  await api?.close();
});

const customer = (menusJson as unknown as MenuDefinitions).customer;
type Check = { publishable: boolean; problems: Array<Problem & { code?: string }> };

async function payerMenu(): Promise<string[]> {
  const client = api.client();
  expect((await client.login('payer')).statusCode).toBe(200);
  const self = (await client.get('/self')).json() as { data: { attributes: { menu: Array<{ id: string }> } } };
  return self.data.attributes.menu.map((entry) => entry.id);
}

describe("a tenant's menus", () => {
  it('refuses an entry of no screen and one the menu schema does not take, with pointers and reasons', async () => {
    const editor = await operator(api, 'editor');
    const draftId = await draftWith(editor, (tenant) => {
      tenant.overrides = {
        ...tenant.overrides,
        menus: { customer: [...customer, { ...customer[0]!, id: 'elsewhere', screen: 'nowhere' }, { id: 'bare' } as never] },
      };
    });
    const check = data<{ attributes: Check }>(await editor.get(`/studio/api/drafts/${draftId}/check?lang=en`)).attributes;
    expect(check.publishable).toBe(false);
    expect(check.problems.every((problem) => problem.rule === 'menus')).toBe(true);
    expect(check.problems.map((problem) => problem.pointer)).toContain(`/overrides/menus/customer/${customer.length + 1}`);
    const fixed = await editor.request('PUT', `/studio/api/drafts/${draftId}`, {
      document: {
        ...data<{ attributes: { document: object } }>(await editor.get(`/studio/api/drafts/${draftId}`)).attributes.document,
        overrides: { menus: { customer: [...customer, { ...customer[0]!, id: 'elsewhere', screen: 'nowhere' }] } },
      },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const again = data<{ attributes: Check }>(await editor.get(`/studio/api/drafts/${draftId}/check?lang=en`)).attributes;
    expect(again.problems).toEqual([
      {
        pointer: `/overrides/menus/customer/${customer.length}/screen`,
        message: 'No screen of the portal has the id nowhere',
        rule: 'menus',
        code: 'studio.menus.unknownScreen',
        params: { screen: 'nowhere' },
      },
    ]);
  });

  it("describes a hidden entry, publishes it, and the users' menu follows", async () => {
    expect(await payerMenu()).toContain('disputes');
    const editor = await operator(api, 'editor');
    const publisher = await operator(api, 'publisher');
    const draftId = await draftWith(editor, (tenant) => {
      tenant.overrides = { ...tenant.overrides, menus: { customer: customer.filter((entry) => entry.id !== 'disputes') } };
    });
    const diff = data<{ attributes: { changes: Array<{ text: string }> } }>(await editor.get(`/studio/api/drafts/${draftId}/diff?lang=en`));
    expect(diff.attributes.changes.map((change) => change.text)).toEqual(['Customer menu: Disputes hidden']);
    const published = await publisher.post(`/studio/api/drafts/${draftId}/publish`, { note: 'no disputes in the menu' });
    expect(published.statusCode, published.body).toBe(201);
    await vi.waitFor(async () => expect(await payerMenu()).not.toContain('disputes'), { timeout: 10_000, interval: 100 });
    expect(await payerMenu()).toContain('invoices');
  }, 240_000);
});
