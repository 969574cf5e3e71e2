/**
 * Export and import of a tenant's configuration (issue 24): the export is the published document
 * as one JSON file; an import is checked whole, a dry run answers the diff and writes nothing, an
 * applied import becomes a draft (or a revision, for a publisher who asks), and it never drops what
 * the file does not mention unless `replace` is asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../../domain/tenant.ts';
import { startTestApi, type TestApi } from '../support/api.ts';
import { data, firstError, operator, type Problem } from './studio-support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ tenantSync: { intervalMs: 0 } });
});
afterAll(async () => {
  await api?.close();
});

const counts = async () => ({
  revisions: (await api.db.selectFrom('tenant_revisions').select('revision').where('tenant_id', '=', 'demo').execute()).length,
  drafts: (await api.db.selectFrom('studio_drafts').select('draft_id').where('tenant_id', '=', 'demo').execute()).length,
});
type DryRun = { publishable: boolean; problems: Problem[]; changes: Array<{ text: string }>; document: Tenant };

describe('export', () => {
  it('answers the published configuration as a JSON file', async () => {
    const auditor = await operator(api, 'auditor');
    const response = await auditor.get('/studio/api/tenants/demo/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="tenant-demo-revision-\d+\.json"$/);
    const published = data<{ attributes: { document: Tenant } }>(await auditor.get('/studio/api/tenants/demo')).attributes.document;
    expect(JSON.parse(response.body)).toEqual(published);
  });
});

describe('import', () => {
  it('answers a dry run with the diff and writes nothing; keeps what the file does not mention', async () => {
    const editor = await operator(api, 'editor');
    const before = await counts();
    const response = await editor.post('/studio/api/tenants/demo/import?dryRun=true', { id: 'demo', limits: { cardFeeMinor: 350 } });
    expect(response.statusCode, response.body).toBe(200);
    const dryRun = data<{ attributes: DryRun }>(response).attributes;
    expect(dryRun.publishable).toBe(true);
    expect(dryRun.changes.map((change) => change.text)).toEqual(['Card fee: $2.95 → $3.50']);
    expect(dryRun.document.limits.minCardPaymentMinor).toBeGreaterThan(0);
    expect(dryRun.document.title).toBeTruthy();
    expect(await counts()).toEqual(before);
  }, 240_000);

  it('refuses a file that would drop required settings with replace, another tenant, and bad input, writing nothing', async () => {
    const editor = await operator(api, 'editor');
    const before = await counts();
    const replaced = await editor.post('/studio/api/tenants/demo/import?dryRun=false&replace=true', {
      id: 'demo',
      limits: { cardFeeMinor: 350 },
    });
    expect(replaced.statusCode).toBe(422);
    expect(firstError(replaced).code).toBe('errors.studio.draftRefused');
    expect(firstError(replaced).meta.problems.every((problem) => problem.rule === 'tenant')).toBe(true);
    const other = await editor.post('/studio/api/tenants/demo/import?dryRun=false', { id: 'fleet' });
    expect(other.statusCode).toBe(422);
    expect(firstError(other).code).toBe('errors.studio.importOtherTenant');
    const invalid = await editor.post('/studio/api/tenants/demo/import?dryRun=false', { limits: { cardFeeMinor: 'much' } });
    expect(invalid.statusCode).toBe(422);
    expect(firstError(invalid).meta.problems[0]!.pointer).toBe('/limits/cardFeeMinor');
    expect((await editor.post('/studio/api/tenants/demo/import?dryRun=maybe', {})).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('makes a draft for an editor, publishes for a publisher with a note, and refuses the rights neither has', async () => {
    const editor = await operator(api, 'editor');
    const publisher = await operator(api, 'publisher');
    const auditor = await operator(api, 'auditor');
    expect((await auditor.post('/studio/api/tenants/demo/import?dryRun=false', { title: 'x' })).statusCode).toBe(403);
    expect((await editor.post('/studio/api/tenants/demo/import?dryRun=false&publish=true&note=x', { title: 'x' })).statusCode).toBe(403);
    expect((await publisher.post('/studio/api/tenants/demo/import?dryRun=false', { title: 'x' })).statusCode).toBe(403);
    const noNote = await publisher.post('/studio/api/tenants/demo/import?dryRun=false&publish=true', { title: 'x' });
    expect(noNote.statusCode).toBe(422);
    expect(firstError(noNote).code).toBe('errors.studio.noteRequired');

    const before = await counts();
    const drafted = await editor.post('/studio/api/tenants/demo/import?dryRun=false', { title: 'Imported portal' });
    expect(drafted.statusCode, drafted.body).toBe(201);
    const draftId = data<{ id: string }>(drafted).id;
    const draft = data<{ attributes: { document: Tenant; state: string } }>(await editor.get(`/studio/api/drafts/${draftId}`)).attributes;
    expect(draft).toMatchObject({ state: 'open', document: { title: 'Imported portal' } });
    expect(await counts()).toEqual({ revisions: before.revisions, drafts: before.drafts + 1 });

    const published = await publisher.post('/studio/api/tenants/demo/import?dryRun=false&publish=true&note=from%20file', {
      title: 'Imported live',
    });
    expect(published.statusCode, published.body).toBe(201);
    expect(await counts()).toEqual({ revisions: before.revisions + 1, drafts: before.drafts + 2 });
    const live = data<{ attributes: { document: Tenant } }>(await publisher.get('/studio/api/tenants/demo')).attributes.document;
    expect(live.title).toBe('Imported live');
    const audit = data<Array<{ attributes: { action: string; note: string | null } }>>(
      await publisher.get('/studio/api/tenants/demo/audit'),
    );
    expect(audit.map((entry) => entry.attributes)).toContainEqual(expect.objectContaining({ action: 'published', note: 'from file' }));
    expect(audit.map((entry) => entry.attributes.action)).toContain('draft_imported');
  });
});
