import type { Page } from 'playwright-core';

/** A rejection's id by transaction, read with the page's session. */
export function rejectionId(page: Page, trxId: string): Promise<string> {
  return page.evaluate(async (trx) => {
    const response = await fetch(`/rejections?filter[trx_id]=${trx}`, { headers: { accept: 'application/vnd.api+json' } });
    return ((await response.json()) as { data: Array<{ id: string }> }).data[0]!.id;
  }, trxId);
}

/** The row ids a table shows (`data-table` id). */
export function tableRowIds(page: Page, tableId: string): Promise<Array<string | null>> {
  return page
    .locator(`[data-table="${tableId}"] tbody tr[data-row-id]`)
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id')));
}
