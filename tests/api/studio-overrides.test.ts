/**
 * Texts and screens of a tenant in the studio (issue 24): the tenant's own texts are checked (a key
 * that exists, given in every language the tenant offers), described in words, published to the
 * portal through /config; a screen override is described as what it changes ("column hidden") and
 * held against the definition check (a column of a field the API does not send is refused).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tenant } from '../../domain/tenant.ts';
import { shippedScreens } from '../../server/studio/shipped-screens.ts';
import { startTestApi, type TestApi } from '../support/api.ts';
import { data, draftWith, operator, type Problem } from './studio-support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ tenantSync: { intervalMs: 0 } });
});
afterAll(async () => {
  await api?.close();
});

type Check = { publishable: boolean; problems: Problem[] };
type Diff = { changes: Array<{ kind: string; text: string }> };
const KEY = 'common.screens.invoiceList';

describe("the tenant's own texts", () => {
  it('refuses a key no text has and a key given in some of the tenant languages only, in the operator language', async () => {
    const editor = await operator(api, 'editor');
    const draftId = await draftWith(editor, (tenant) => {
      tenant.overrides = { ...tenant.overrides, texts: { de: { [KEY]: 'Rechnungsliste', 'common.noSuchText': 'x' } } };
    });
    const check = data<{ attributes: Check }>(await editor.get(`/studio/api/drafts/${draftId}/check?lang=en`)).attributes;
    expect(check.publishable).toBe(false);
    expect(check.problems).toContainEqual({
      pointer: '/overrides/texts/de/common.noSuchText',
      message: 'No text has the key common.noSuchText',
      rule: 'texts',
      code: 'studio.texts.unknownKey',
      params: { key: 'common.noSuchText' },
    });
    const missing = check.problems.find((problem) => problem.message.startsWith(KEY))!;
    expect(missing).toMatchObject({ pointer: `/overrides/texts/bg/${KEY}`, rule: 'texts' });
    expect(missing.message).toContain('bg, cs, da');
    const german = data<{ attributes: Check }>(await editor.get(`/studio/api/drafts/${draftId}/check?lang=de`)).attributes;
    expect(german.problems.map((problem) => problem.message)).toContain('Kein Text hat den Schlüssel common.noSuchText');
  });

  it('publishes texts given in every language, says which changed, and the portal gets them with /config', async () => {
    const editor = await operator(api, 'editor');
    const publisher = await operator(api, 'publisher');
    const draftId = await draftWith(editor, (tenant) => {
      tenant.overrides = {
        ...tenant.overrides,
        texts: Object.fromEntries(tenant.languages.map((language) => [language, { [KEY]: `Bills (${language})` }])),
      };
    });
    const check = data<{ attributes: Check }>(await editor.get(`/studio/api/drafts/${draftId}/check`)).attributes;
    expect(check.problems.filter((problem) => problem.rule === 'texts')).toEqual([]);
    const diff = data<{ attributes: Diff }>(await editor.get(`/studio/api/drafts/${draftId}/diff?lang=en`)).attributes;
    expect(diff.changes.map((change) => change.text)).toContain(`de: ${KEY} changed`);
    const published = await publisher.post(`/studio/api/drafts/${draftId}/publish`, { note: 'own words' });
    expect(published.statusCode, published.body).toBe(201);
    await vi.waitFor(
      async () => {
        const config = (await api.client().get('/config')).json() as { data: { attributes: { overrides: Tenant['overrides'] } } };
        expect(config.data.attributes.overrides?.texts?.de?.[KEY]).toBe('Bills (de)');
      },
      { timeout: 10_000, interval: 50 },
    );
  }, 240_000);
});

describe('screen overrides', () => {
  // As the portal and the studio patch it: with its parts (the invoices table) resolved.
  const invoiceList = shippedScreens().get('invoice-list') as unknown as { body: Array<Record<string, unknown>> };
  /** The invoice list's body with the invoices table's columns changed. */
  const withColumns = (change: (columns: Array<{ field: string }>) => Array<{ field: string }>) => {
    const body = structuredClone(invoiceList.body);
    const table = body.find((node) => node.id === 'invoices')!;
    table.columns = change(table.columns as Array<{ field: string }>);
    return { body };
  };

  it('describes a hidden column in words', async () => {
    const editor = await operator(api, 'editor');
    const draftId = await draftWith(editor, (tenant) => {
      tenant.overrides = {
        ...tenant.overrides,
        screens: { 'invoice-list': withColumns((columns) => columns.filter((column) => column.field !== 'poNumber')) },
      };
    });
    const diff = data<{ attributes: Diff }>(await editor.get(`/studio/api/drafts/${draftId}/diff?lang=en`)).attributes;
    expect(diff.changes.map((change) => change.text)).toEqual(['Invoices: column PO number hidden']);
    const german = data<{ attributes: Diff }>(await editor.get(`/studio/api/drafts/${draftId}/diff?lang=de`)).attributes;
    expect(german.changes[0]!.text).toMatch(/^Rechnungen: Spalte .+ ausgeblendet$/);
  });

  it('refuses a column of a field the API does not send (the definition check on the patched screen)', async () => {
    const editor = await operator(api, 'editor');
    const publisher = await operator(api, 'publisher');
    const draftId = await draftWith(editor, (tenant) => {
      tenant.overrides = {
        ...tenant.overrides,
        screens: {
          'invoice-list': withColumns((columns) => [...columns, { field: 'poNumbr', label: 'invoices.fields.poNumber' } as never]),
        },
      };
    });
    const check = data<{ attributes: Check }>(await editor.get(`/studio/api/drafts/${draftId}/check`)).attributes;
    expect(check.publishable).toBe(false);
    const problem = check.problems.find((found) => found.message.includes('poNumbr'));
    expect(problem).toMatchObject({ rule: 'definitions' });
    expect(problem!.pointer).toMatch(/^\/overrides\/screens\/invoice-list\/body\/\d+\/columns\/\d+\/field$/);
    const refused = await publisher.post(`/studio/api/drafts/${draftId}/publish`, { note: 'bad column' });
    expect(refused.statusCode).toBe(422);
  }, 240_000);

  /** The invoice list with the PO-number column given `when`. */
  const poNumberWhen = (when: Record<string, unknown>) =>
    withColumns((columns) => columns.map((column) => (column.field === 'poNumber' ? { ...column, when } : column)));

  it('accepts a column hidden for payers (its `when` on the role) and says so in words', async () => {
    const editor = await operator(api, 'editor');
    const draftId = await draftWith(editor, (tenant) => {
      tenant.overrides = { ...tenant.overrides, screens: { 'invoice-list': poNumberWhen({ 'session.role': { $nin: ['payer'] } }) } };
    });
    const check = data<{ attributes: Check }>(await editor.get(`/studio/api/drafts/${draftId}/check`)).attributes;
    expect(check.problems).toEqual([]);
    expect(check.publishable).toBe(true);
    const diff = data<{ attributes: Diff }>(await editor.get(`/studio/api/drafts/${draftId}/diff?lang=en`)).attributes;
    expect(diff.changes.map((change) => change.text)).toEqual(['Invoices: column PO number hidden for payers']);
    const german = data<{ attributes: Diff }>(await editor.get(`/studio/api/drafts/${draftId}/diff?lang=de`)).attributes;
    expect(german.changes.map((change) => change.text)).toEqual(['Rechnungen: Spalte Bestellnummer für Zahler ausgeblendet']);
  }, 240_000);

  it("refuses a column's `when` naming a binding the portal does not have, or a role the policy does not, with the reason", async () => {
    const editor = await operator(api, 'editor');
    const publisher = await operator(api, 'publisher');
    const draftId = await draftWith(editor, (tenant) => {
      tenant.overrides = { ...tenant.overrides, screens: { 'invoice-list': poNumberWhen({ 'session.rank': { $nin: ['Payers'] } }) } };
    });
    const check = data<{ attributes: Check }>(await editor.get(`/studio/api/drafts/${draftId}/check?lang=en`)).attributes;
    expect(check.publishable).toBe(false);
    const problem = check.problems.find((found) => found.pointer.endsWith('/when/session.rank'));
    expect(problem).toMatchObject({ rule: 'definitions', code: 'studio.definitions.notOneOf.field', params: { name: 'rank' } });
    expect(problem!.pointer).toMatch(/^\/overrides\/screens\/invoice-list\/body\/\d+\/columns\/\d+\/when\/session\.rank$/);
    expect(problem!.message).toMatch(/^`rank` is not a field of session/);
    expect((await publisher.post(`/studio/api/drafts/${draftId}/publish`, { note: 'bad condition' })).statusCode).toBe(422);

    const misspelt = await draftWith(editor, (tenant) => {
      tenant.overrides = { ...tenant.overrides, screens: { 'invoice-list': poNumberWhen({ 'session.role': { $nin: ['payers'] } }) } };
    });
    const roles = data<{ attributes: Check }>(await editor.get(`/studio/api/drafts/${misspelt}/check?lang=en`)).attributes;
    expect(roles.problems).toEqual([
      expect.objectContaining({
        rule: 'definitions',
        code: 'studio.definitions.notOneOf.role',
        params: expect.objectContaining({ name: 'payers', suggestion: 'payer' }),
      }),
    ]);
  }, 240_000);
});
