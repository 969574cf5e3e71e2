/**
 * QA snapshots in the operator studio (issue 24), on a draft of the fleet tenant (one portal user,
 * so the run renders one screen twice) that is never published: an editor renders the snapshots of
 * a draft hiding the invoices' PO number column, reads the diff (the column's header removed) and
 * downloads the whole result. Axe on the tab.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { shippedScreens } from '../../server/studio/shipped-screens.ts';
import { baseUrl, usePagePerTest } from './support/browser.ts';
import { axeClean, studioSignIn } from './support/studio.ts';

let page: Page;
usePagePerTest((created) => {
  page = created;
});

/** The studio API from the signed-in page, with its CSRF token on writes. */
async function studioApi(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ data: { id: string; attributes: Record<string, unknown> } }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf =
        document.cookie
          .split('; ')
          .find((part) => part.startsWith('studio_csrf='))
          ?.slice('studio_csrf='.length) ?? '';
      const response = await fetch(`/studio/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return response.status === 204 ? { data: { id: '', attributes: {} } } : response.json();
    },
    { method, path, body },
  );
}

let draftId: string | undefined;
afterEach(async () => {
  // The fleet tenant keeps no open draft for the other files.
  if (draftId) await studioApi('POST', `/drafts/${draftId}/discard`, {});
  draftId = undefined;
});

describe('QA snapshots tab', () => {
  it("renders the draft's changed screen before and after, shows the diff and downloads it", async () => {
    await studioSignIn(page, 'editor');
    const created = await studioApi('POST', '/tenants/fleet/drafts', {});
    draftId = created.data.id;
    const document = structuredClone(created.data.attributes.document) as { overrides?: { screens?: Record<string, unknown> } };
    const invoiceList = shippedScreens().get('invoice-list') as unknown as {
      body: Array<{ id?: string; columns?: Array<{ field: string }> }>;
    };
    const body = structuredClone(invoiceList.body);
    const table = body.find((node) => node.id === 'invoices')!;
    table.columns = table.columns!.filter((column) => column.field !== 'poNumber');
    document.overrides = { ...document.overrides, screens: { 'invoice-list': { body } } };
    await studioApi('PUT', `/drafts/${draftId}`, { document });

    await page.goto(`${baseUrl()}/studio/tenants/fleet?tab=snapshots`);
    await page.getByRole('button', { name: 'Render QA snapshots' }).click();
    const done = page.locator('[data-snapshot-state="done"]');
    await done.waitFor({ timeout: 90_000 });
    const section = page.locator('[data-snapshot="invoice-list:fleetadmin"]');
    await expect.poll(() => section.getByRole('heading', { level: 2 }).textContent()).toMatch(/^invoice-list: fleetadmin/);
    const removed = await section.locator('[data-line="removed"]').allTextContents();
    expect(removed.some((line) => line.includes('columnheader "PO number"'))).toBe(true);
    // The rows read anew without their PO number cell; nothing names the column any more.
    expect((await section.locator('[data-line="added"]').allTextContents()).filter((line) => line.includes('PO number'))).toEqual([]);
    await axeClean(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download (Markdown)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`qa-snapshots-fleet-draft-${draftId}.md`);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const markdown = Buffer.concat(chunks).toString('utf8');
    expect(markdown).toContain('## invoice-list: fleetadmin');
    expect(markdown).toMatch(/```diff\n[\s\S]*-\s+- columnheader "PO number"/);
  });
});
