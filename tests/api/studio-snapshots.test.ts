/**
 * QA snapshots of a draft (issue 24): the accessibility trees of the screens a draft changes, per
 * role, before and after, rendered by a job through preview sessions against the server's own
 * address, with a line diff. Renders few screens (a cap of 4 renders) to keep the file short.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../../server/jobs/runner.ts';
import { loadPolicy } from '../../server/policy/load.ts';
import { shippedScreens } from '../../server/studio/shipped-screens.ts';
import { listeningUrl, type SnapshotResult, snapshotJobHandlers } from '../../server/studio/snapshots/job.ts';
import { startTestApi, type TestApi } from '../support/api.ts';
import { buildPortal } from '../support/portal-server.ts';
import { data, draftWith, firstError, operator } from './studio-support.ts';

interface Run {
  state: string;
  progress: { done: number; total: number };
  failure?: string;
  result?: SnapshotResult;
}

let api: TestApi;
let jobs: JobRunner;
let builtHere: string | undefined;
beforeAll(async () => {
  // The build `npm test` made for the browser suites, else one of this file's own.
  const prebuilt = process.env.PORTAL_TEST_BUILD;
  if (!prebuilt) {
    builtHere = mkdtempSync(join(tmpdir(), 'portal-snapshots-'));
    buildPortal(builtHere);
  }
  api = await startTestApi({ tenantSync: { intervalMs: 0 }, staticDir: prebuilt ?? builtHere! });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  jobs = new JobRunner({
    db: api.db,
    clock: api.clock,
    handlers: snapshotJobHandlers({ policy: loadPolicy(), ownUrl: () => listeningUrl(api.app.server.address()), maxRenders: 4 }),
  });
});
afterAll(async () => {
  await api?.close();
  if (builtHere) rmSync(builtHere, { recursive: true, force: true });
});

const invoiceList = shippedScreens().get('invoice-list') as unknown as { body: Array<Record<string, unknown>> };

/** The invoice list without its PO number column. */
function withoutPoNumber() {
  const body = structuredClone(invoiceList.body);
  const table = body.find((node) => node.id === 'invoices')!;
  table.columns = (table.columns as Array<{ field: string }>).filter((column) => column.field !== 'poNumber');
  return { body };
}

describe('QA snapshots of a draft', () => {
  it('renders the screen a hidden column changes, per role, before and after, and leaves untouched screens out', async () => {
    const editor = await operator(api, 'editor');
    const draftId = await draftWith(editor, (tenant) => {
      tenant.overrides = { ...tenant.overrides, screens: { 'invoice-list': withoutPoNumber() } };
    });
    const started = await editor.post(`/studio/api/drafts/${draftId}/snapshots`);
    expect(started.statusCode, started.body).toBe(202);
    expect(data<{ attributes: Run }>(started).attributes.state).toBe('queued');
    // A second start while it waits follows the same run.
    const again = await editor.post(`/studio/api/drafts/${draftId}/snapshots`);
    expect(data<{ id: string }>(again).id).toBe(data<{ id: string }>(started).id);

    await jobs.runDue();
    // Auditors read the result.
    const auditor = await operator(api, 'auditor');
    const read = await auditor.get(`/studio/api/drafts/${draftId}/snapshots`);
    expect(read.statusCode, read.body).toBe(200);
    const run = data<{ attributes: Run }>(read).attributes;
    expect(run.failure).toBeUndefined();
    expect(run).toMatchObject({ state: 'done', progress: { done: 4, total: 4 } });
    const result = run.result!;
    expect(result.maxRenders).toBe(4);
    // Nothing else changed: no note of what was not rendered.
    expect(result.notes).toEqual([]);
    expect(result.items).toHaveLength(2);
    // Only the screen the draft changes: every other one is untouched and not rendered.
    expect(new Set([...result.items, ...result.skipped].map((item) => item.screen))).toEqual(new Set(['invoice-list']));
    expect(result.skipped.length).toBeGreaterThan(0);
    for (const item of result.items) {
      expect(item.reasons).toEqual(['screen']);
      expect(item.before).toContain(`# invoice-list as ${item.user.username}: /invoice-list/Past Due`);
      const removed = item.diff.split('\n').filter((line) => line.startsWith('-'));
      // Both sides alike would print no diff: print what was rendered then.
      expect(
        removed.some((line) => line.includes('columnheader "PO number"')),
        item.diff || `both sides alike:\n${item.after}`,
      ).toBe(true);
      expect(item.diff.split('\n').some((line) => line.startsWith('+') && line.includes('PO number'))).toBe(false);
      expect(item.after).toContain('columnheader "Invoice ID"');
    }

    // The run is audited like a preview: who started it, on which draft.
    const publisher = await operator(api, 'publisher');
    const audit = data<Array<{ attributes: { action: string; operator: string; draft_id: number } }>>(
      await publisher.get('/studio/api/tenants/demo/audit'),
    );
    expect(audit.find((entry) => entry.attributes.action === 'snapshots_started')?.attributes).toMatchObject({
      operator: 'editor',
      draft_id: Number(draftId),
    });
  });

  it('is started by editors and publishers, read by auditors, who may not start one', async () => {
    const editor = await operator(api, 'editor');
    const draftId = await draftWith(editor, (tenant) => {
      tenant.limits.cardFeeMinor = 350;
    });
    const auditor = await operator(api, 'auditor');
    const refused = await auditor.post(`/studio/api/drafts/${draftId}/snapshots`);
    expect(refused.statusCode).toBe(403);
    expect((await auditor.get(`/studio/api/drafts/${draftId}/snapshots`)).statusCode).toBe(404);
    const publisher = await operator(api, 'publisher');
    expect((await publisher.post(`/studio/api/drafts/${draftId}/snapshots`)).statusCode).toBe(202);
    await jobs.runDue();
    // A card fee is tied to no screen: nothing rendered, and the result says what was left out.
    const run = data<{ attributes: Run }>(await auditor.get(`/studio/api/drafts/${draftId}/snapshots`)).attributes;
    expect(run).toMatchObject({ state: 'done', result: { items: [], notes: ['otherSettings'] } });
    // A portal user's session opens nothing of it.
    const payer = api.client();
    await payer.login('payer');
    expect((await payer.get(`/studio/api/drafts/${draftId}/snapshots`)).statusCode).toBe(401);
  });

  it('answers 503 with its translatable code without a browser, and starts nothing', async () => {
    const editor = await operator(api, 'editor');
    const draftId = await draftWith(editor, (tenant) => {
      tenant.limits.cardFeeMinor = 360;
    });
    const configured = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    try {
      const refused = await editor.post(`/studio/api/drafts/${draftId}/snapshots`, {}, { 'accept-language': 'de' });
      expect(refused.statusCode, refused.body).toBe(503);
      const error = firstError(refused);
      expect(error.code).toBe('errors.studio.snapshotsUnavailable');
    } finally {
      if (configured === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = configured;
    }
    expect((await editor.get(`/studio/api/drafts/${draftId}/snapshots`)).statusCode).toBe(404);
  });
});
