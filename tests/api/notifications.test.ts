import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../domain/error-codes.ts';
import { flagOn } from '../../domain/flags.ts';
import { errorCode, startTestApi, TEST_TODAY, type ApiClient, type TestApi } from '../support/api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

interface Notification {
  id: string;
  attributes: {
    created_ts: string;
    effective_ts: string;
    high_priority: 'Y' | 'N';
    text_title: string;
    text_body: string;
    notification_links: Array<{ label: string; url: string }>;
    notification_attachments: Array<{ file_name: string; url?: string }>;
  };
}
interface ListDocument {
  data: Notification[];
  meta: { page: { number: number; size: number; total: number; pages: number } };
}

const MAINTENANCE = 'Scheduled maintenance this weekend';
const PAYMENT_OPTIONS = 'New payment options';
const HOLIDAY = 'Holiday billing schedule';
const SUMMER = 'Summer fuel promotion ended';
const MERCHANT = 'Merchant settlement update';
const GUIDE_BYTES = readFileSync(new URL('../../server/notifications/files/payment-guide.pdf', import.meta.url));

async function signedIn(username: string, customer?: string, host?: string): Promise<ApiClient> {
  const client = api.client(host);
  if (customer) await client.loginWithCustomer(username, customer);
  else expect((await client.login(username)).statusCode).toBe(200);
  return client;
}

async function titles(client: ApiClient, query = ''): Promise<string[]> {
  const response = await client.get(`/ecaas/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ListDocument).data.map((row) => row.attributes.text_title);
}

describe('GET /ecaas/notifications', () => {
  it("lists the tenant's notifications in effect, newest first, with their attributes", async () => {
    const client = await signedIn('payer', 'C-1001');
    const response = await client.get('/ecaas/notifications');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.api+json');
    const body = response.json() as ListDocument;
    expect(body.data.map((row) => row.attributes.text_title)).toEqual([MAINTENANCE, PAYMENT_OPTIONS]);
    expect(body.meta.page).toEqual({ number: 1, size: 50, total: 2, pages: 1 });

    const [maintenance, options] = body.data;
    expect(maintenance!.attributes).toMatchObject({
      high_priority: 'Y',
      created_ts: '2026-11-20T14:00:00.000Z',
      effective_ts: '2026-11-21T14:00:00.000Z',
      text_body: 'The portal will be unavailable on Saturday from 10 pm to 2 am Central time.',
      notification_links: [],
      notification_attachments: [],
    });
    expect(options!.attributes.high_priority).toBe('N');
    // Issue 13 item 9: the demo's link and attachment are the portal's own (they pointed at an outside host).
    expect(options!.attributes.notification_links).toEqual([{ label: 'Program terms', url: '/frame/terms' }]);
    expect(options!.attributes.notification_attachments).toEqual([
      {
        file_name: 'payment-guide.pdf',
        url: `/ecaas/notifications/${options!.id}/attachments/0`,
        content_type: 'application/pdf',
        file_size: GUIDE_BYTES.length,
      },
    ]);
  });

  it("never shows a not yet effective, an expired or another tenant's notification", async () => {
    const shown = await titles(await signedIn('admin', 'C-1001'));
    expect(shown).not.toContain(HOLIDAY);
    expect(shown).not.toContain(SUMMER);
    expect(shown).not.toContain('Welcome to Fleet Charge Account');
  });

  it('targets by user type: the dealer sees the merchant notice, a payer does not', async () => {
    expect(await titles(await signedIn('dealer'))).toEqual([MAINTENANCE, MERCHANT, PAYMENT_OPTIONS]);
    expect(await titles(await signedIn('payer', 'C-1001'))).not.toContain(MERCHANT);
  });

  it('pages and sorts', async () => {
    const client = await signedIn('viewer', 'C-1001');
    const second = await client.get('/ecaas/notifications?page[size]=1&page[number]=2');
    const body = second.json() as ListDocument;
    expect(body.data.map((row) => row.attributes.text_title)).toEqual([PAYMENT_OPTIONS]);
    expect(body.meta.page).toEqual({ number: 2, size: 1, total: 2, pages: 2 });
    expect(await titles(client, '?filter[sort]=effective_ts|asc')).toEqual([PAYMENT_OPTIONS, MAINTENANCE]);
  });

  it('refuses unknown filters and sorts', async () => {
    const client = await signedIn('payer', 'C-1001');
    for (const query of ['?filter[buid_customer]=C-1001', '?filter[sort]=text_title|asc', '?foo=1']) {
      const response = await client.get(`/ecaas/notifications${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorCode(response)).toBe(ErrorCode.invalidFilter);
    }
  });

  it('is barred for card viewers (403) and needs a session (401); safety managers may read', async () => {
    const cardViewer = await (await signedIn('cardviewer', 'C-1001')).get('/ecaas/notifications');
    expect(cardViewer.statusCode).toBe(403);
    expect(errorCode(cardViewer)).toBe(ErrorCode.forbidden);
    expect((await api.client().get('/ecaas/notifications')).statusCode).toBe(401);
    expect(await titles(await signedIn('safety', 'C-1001'))).toEqual([MAINTENANCE, PAYMENT_OPTIONS]);
  });

  it("follows the fleet tenant's notification flag and shows only fleet notices", async () => {
    const fleet = api.tenants.byId('fleet')!;
    const response = await (await signedIn('fleetadmin', 'F-3001', 'fleet.localhost')).get('/ecaas/notifications');
    if (flagOn(fleet.flags, 'notification_center_enabled')) {
      expect((response.json() as ListDocument).data.map((row) => row.attributes.text_title)).toEqual(['Welcome to Fleet Charge Account']);
    } else {
      expect(response.statusCode).toBe(403);
    }
  });

  it("shows a customer-targeted notice only for the selected customer (or any of the user's with none selected)", async () => {
    const base = {
      tenant_id: 'demo',
      user_type: null,
      created_ts: `${TEST_TODAY}T10:00:00Z`,
      effective_ts: `${TEST_TODAY}T11:00:00Z`,
      expires_ts: null,
      notification_links: '[]',
      notification_attachments: '[]',
    };
    const inserted = await api.db
      .insertInto('notifications')
      .values([
        { ...base, buid_customer: 'C-1001', text_title: 'For Northwind', text_body: 'n' },
        { ...base, buid_customer: 'C-1002', text_title: 'For Maple', text_body: 'm' },
        { ...base, buid_customer: null, user_type: 'merchant', text_title: 'Dealers only', text_body: 'd' },
      ])
      .returning('id')
      .execute();
    try {
      expect(await titles(await signedIn('payer', 'C-1001'))).toEqual(['For Northwind', MAINTENANCE, PAYMENT_OPTIONS]);
      expect(await titles(await signedIn('admin', 'C-1002'))).toEqual(['For Maple', MAINTENANCE, PAYMENT_OPTIONS]);
      expect(await titles(await signedIn('admin'))).toEqual(['For Maple', 'For Northwind', MAINTENANCE, PAYMENT_OPTIONS]);
      // The payer's scope is C-1001 only: Maple's notice never reaches them.
      expect(await titles(await signedIn('payer'))).toEqual(['For Northwind', MAINTENANCE, PAYMENT_OPTIONS]);
      expect(await titles(await signedIn('dealer'))).toEqual(['Dealers only', MAINTENANCE, MERCHANT, PAYMENT_OPTIONS]);
    } finally {
      await api.db
        .deleteFrom('notifications')
        .where(
          'id',
          'in',
          inserted.map((row) => row.id),
        )
        .execute();
    }
  });

  it('follows the clock: a notice appears on its effective day and disappears once expired', async () => {
    const start = api.clock.now();
    try {
      api.clock.advanceDays(7);
      expect(await titles(await signedIn('payer', 'C-1001'))).toEqual([HOLIDAY, MAINTENANCE, PAYMENT_OPTIONS]);
      api.clock.advanceDays(24); // past the maintenance notice's expiry (30 days after today)
      expect(await titles(await signedIn('payer', 'C-1001'))).toEqual([HOLIDAY, PAYMENT_OPTIONS]);
    } finally {
      api.clock.set(start);
    }
  });
});

describe('GET /ecaas/notifications/{id}/attachments/{index} (issue 13 item 9)', () => {
  /** The URL the list gives the payment guide, as the reader's client sees it. */
  async function guideUrl(client: ApiClient): Promise<string> {
    const body = (await client.get('/ecaas/notifications')).json() as ListDocument;
    const options = body.data.find((row) => row.attributes.text_title === PAYMENT_OPTIONS)!;
    return options.attributes.notification_attachments[0]!.url!;
  }

  it('serves the demo attachment from the portal: 200, its media type, its bytes, as a download', async () => {
    const client = await signedIn('payer', 'C-1001');
    const url = await guideUrl(client);
    expect(url).toMatch(/^\/ecaas\/notifications\/\d+\/attachments\/0$/);
    const response = await client.get(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="payment-guide.pdf"; filename*=UTF-8\'\'payment-guide.pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.equals(GUIDE_BYTES)).toBe(true);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('needs a session (401), is barred for card viewers (403) and hides notices the caller does not see (404)', async () => {
    const url = await guideUrl(await signedIn('payer', 'C-1001'));
    const anonymous = await api.client().get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(errorCode(anonymous)).toBe(ErrorCode.notAuthenticated);
    const cardViewer = await (await signedIn('cardviewer', 'C-1001')).get(url);
    expect(cardViewer.statusCode).toBe(403);
    expect(errorCode(cardViewer)).toBe(ErrorCode.forbidden);
    // Another tenant's user: the demo notice is not theirs.
    const fleet = await (await signedIn('fleetadmin', 'F-3001', 'fleet.localhost')).get(url);
    expect([403, 404]).toContain(fleet.statusCode);

    // The merchant-only notice, once it carries a file, is not served to a customer user.
    const merchantNotice = await api.db
      .selectFrom('notifications')
      .select('id')
      .where('text_title', '=', MERCHANT)
      .executeTakeFirstOrThrow();
    await api.db
      .updateTable('notifications')
      .where('id', '=', merchantNotice.id)
      .set({
        notification_attachments: JSON.stringify([
          { file_name: 'payment-guide.pdf', file: 'payment-guide.pdf', content_type: 'application/pdf' },
        ]),
      })
      .execute();
    try {
      const payer = await (await signedIn('payer', 'C-1001')).get(`/ecaas/notifications/${merchantNotice.id}/attachments/0`);
      expect(payer.statusCode).toBe(404);
      expect(errorCode(payer)).toBe(ErrorCode.notFound);
      expect((await (await signedIn('dealer')).get(`/ecaas/notifications/${merchantNotice.id}/attachments/0`)).statusCode).toBe(200);
    } finally {
      await api.db.updateTable('notifications').where('id', '=', merchantNotice.id).set({ notification_attachments: '[]' }).execute();
    }
  });

  it('answers 404 for an attachment that is not there and 400 for a malformed one; never reads outside its folder', async () => {
    const client = await signedIn('payer', 'C-1001');
    const url = await guideUrl(client);
    const missing = await client.get(url.replace(/0$/, '1'));
    expect(missing.statusCode).toBe(404);
    expect(errorCode(missing)).toBe(ErrorCode.notFound);
    for (const bad of [url.replace(/0$/, 'x'), url.replace(/0$/, '-1'), '/ecaas/notifications/0/attachments/0']) {
      const response = await client.get(bad);
      expect(response.statusCode, bad).toBe(400);
    }
    const inserted = await api.db
      .insertInto('notifications')
      .values({
        tenant_id: 'demo',
        buid_customer: null,
        user_type: null,
        created_ts: `${TEST_TODAY}T10:00:00Z`,
        effective_ts: `${TEST_TODAY}T11:00:00Z`,
        expires_ts: null,
        text_title: 'Sneaky',
        text_body: 's',
        notification_links: '[]',
        notification_attachments: JSON.stringify([
          { file_name: 'x', file: '../attachments.ts' },
          { file_name: 'y', url: 'https://elsewhere.example/y.pdf' },
        ]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect((await client.get(`/ecaas/notifications/${inserted.id}/attachments/0`)).statusCode).toBe(404);
      // A file kept elsewhere keeps its own URL and is not served here.
      const listed = ((await client.get('/ecaas/notifications')).json() as ListDocument).data.find(
        (row) => row.id === String(inserted.id),
      )!;
      expect(listed.attributes.notification_attachments).toEqual([
        { file_name: 'x' },
        { file_name: 'y', url: 'https://elsewhere.example/y.pdf' },
      ]);
      expect((await client.get(`/ecaas/notifications/${inserted.id}/attachments/1`)).statusCode).toBe(404);
    } finally {
      await api.db.deleteFrom('notifications').where('id', '=', inserted.id).execute();
    }
  });
});
