/**
 * Preview (issue 24): an operator looks at the portal as one of the tenant's users, in a chosen
 * language, with a draft applied beside the tenant as published: one session, each request served
 * the side its frame names (header preview-side). The preview is a portal session that reads the
 * draft's configuration, refuses every write with errors.studio.previewReadOnly, is audited, ends
 * after PREVIEW_SESSION_MINUTES or when its draft closes, and is not for auditors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_SIDE_HEADER } from '../../common/preview-side.ts';
import { TENANT_VERSION_HEADER } from '../../common/tenant-version.ts';
import { PREVIEW_SESSION_MINUTES } from '../../server/auth/sessions.ts';
import type { ApiClient } from '../support/api.ts';
import { startTestApi, type TestApi } from '../support/api.ts';
import { data, draftWith, firstError, operator } from './studio-support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ tenantSync: { intervalMs: 0 } });
});
afterAll(async () => {
  await api?.close();
});

const RAISED_FEE = 350;

/** An editor's client on a demo draft with the card fee raised; the draft's id. */
async function raisedFeeDraft(): Promise<{ editor: ApiClient; draftId: string }> {
  const editor = await operator(api, 'editor');
  const draftId = await draftWith(editor, (tenant) => {
    tenant.limits.cardFeeMinor = RAISED_FEE;
  });
  return { editor, draftId };
}

const cardFee = async (client: ApiClient) =>
  data<{ attributes: { limits: { cardFeeMinor: number } } }>(await client.get('/config')).attributes.limits.cardFeeMinor;

const self = async (client: ApiClient) =>
  data<{
    attributes: {
      authenticated: boolean;
      username?: string;
      language?: string;
      session_data: { session_expired?: boolean; preview?: boolean; customer_id?: string | null };
    };
  }>(await client.get('/self')).attributes;

describe('preview', () => {
  it("serves the draft's configuration to the previewed user, in the chosen language, while the portal keeps the published one", async () => {
    const { editor, draftId } = await raisedFeeDraft();
    const started = await editor.post(`/studio/api/drafts/${draftId}/preview`, { user: 'payer', language: 'de' });
    expect(started.statusCode, started.body).toBe(201);
    expect(data<{ attributes: { side: string; language: string } }>(started).attributes).toMatchObject({ side: 'draft', language: 'de' });

    expect(await self(editor)).toMatchObject({ authenticated: true, username: 'payer', language: 'de', session_data: { preview: true } });
    expect(await cardFee(editor)).toBe(RAISED_FEE);
    // The previewed user's reads work as theirs.
    expect((await editor.get('/invoices?filter[buid_customer]=C-1001&page[size]=1')).statusCode).toBe(200);

    const payer = api.client();
    await payer.login('payer');
    expect(await cardFee(payer)).toBe(295);
    expect((await self(payer)).session_data).not.toHaveProperty('preview');

    // The published side: the same user beside it, as the portal serves them today.
    const publisher = await operator(api, 'publisher');
    const published = await publisher.post(`/studio/api/drafts/${draftId}/preview`, { user: 'payer', language: 'en', side: 'published' });
    expect(published.statusCode, published.body).toBe(201);
    expect(await cardFee(publisher)).toBe(295);
  });

  it('serves each request of one preview the side its header names, while an ordinary session ignores the header', async () => {
    const { editor, draftId } = await raisedFeeDraft();
    expect((await editor.post(`/studio/api/drafts/${draftId}/preview`, { user: 'payer', language: 'en' })).statusCode).toBe(201);
    const published = { [PREVIEW_SIDE_HEADER]: 'published' };
    const draft = { [PREVIEW_SIDE_HEADER]: 'draft' };
    const feeOf = async (headers: Record<string, string>) =>
      data<{ attributes: { limits: { cardFeeMinor: number } } }>(await editor.get('/config', headers)).attributes.limits.cardFeeMinor;
    // One session, both sides at once: the two frames of the studio ask in turns.
    expect(await feeOf(published)).toBe(295);
    expect(await feeOf(draft)).toBe(RAISED_FEE);
    expect(await feeOf({})).toBe(RAISED_FEE);
    expect(await feeOf(published)).toBe(295);
    // /self answers for the side too: the same user and preview, each side's tenant version.
    const selfOn = (headers: Record<string, string>) => editor.get('/self', headers);
    const [publishedSelf, draftSelf] = [await selfOn(published), await selfOn(draft)];
    for (const answer of [publishedSelf, draftSelf]) {
      expect(data<{ attributes: { username: string; session_data: { preview?: boolean } } }>(answer).attributes).toMatchObject({
        username: 'payer',
        session_data: { preview: true },
      });
    }
    expect(publishedSelf.headers[TENANT_VERSION_HEADER]).toBe((await api.client().get('/config')).headers[TENANT_VERSION_HEADER]);
    expect(draftSelf.headers[TENANT_VERSION_HEADER]).not.toBe(publishedSelf.headers[TENANT_VERSION_HEADER]);
    // The flags too, which the frame asks of its own host (the studio's): the draft's on the draft side.
    const flags = await draftWith(editor, (tenant) => {
      tenant.flags.loyalty_enabled = false;
    });
    expect((await editor.post(`/studio/api/drafts/${flags}/preview`, { user: 'payer', language: 'en' })).statusCode).toBe(201);
    const loyaltyOn = async (headers: Record<string, string>) =>
      data<{ attributes: Record<string, boolean> }>(await editor.get('/feature-flags/localhost.json', headers)).attributes.loyalty_enabled;
    expect(await loyaltyOn(draft)).toBe(false);
    expect(await loyaltyOn(published)).toBe(true);
    expect((await editor.post(`/studio/api/drafts/${flags}/discard`, {})).statusCode).toBe(204);
    expect((await editor.post(`/studio/api/drafts/${draftId}/preview`, { user: 'payer', language: 'en' })).statusCode).toBe(201);

    // A value that names no side is refused, not guessed at.
    const odd = await editor.get('/config', { [PREVIEW_SIDE_HEADER]: 'tomorrow' });
    expect(odd.statusCode).toBe(400);
    expect(firstError(odd).code).toBe('errors.request.invalid');

    // Writes stay refused on either side.
    const csrf = { 'x-csrf-token': 'whatever the page holds' };
    for (const side of [published, draft]) {
      const write = await editor.request(
        'PATCH',
        '/users/1',
        { data: { type: 'users', attributes: { first_name: 'X' } } },
        { ...csrf, ...side },
      );
      expect(write.statusCode, write.body).toBe(403);
      expect(firstError(write).code).toBe('errors.studio.previewReadOnly');
    }

    // An ordinary session never looks at the header: not at the draft, nor at a bad value.
    const payer = api.client();
    await payer.login('payer');
    for (const headers of [draft, published, { [PREVIEW_SIDE_HEADER]: 'tomorrow' }]) {
      const config = await payer.get('/config', headers);
      expect(config.statusCode).toBe(200);
      expect(data<{ attributes: { limits: { cardFeeMinor: number } } }>(config).attributes.limits.cardFeeMinor).toBe(295);
    }
    // Nor does a request without a session.
    expect(
      data<{ attributes: { limits: { cardFeeMinor: number } } }>(await api.client().get('/config', draft)).attributes.limits.cardFeeMinor,
    ).toBe(295);

    // A preview started on the published side serves the draft to a frame that asks for it.
    const publisher = await operator(api, 'publisher');
    expect(
      (await publisher.post(`/studio/api/drafts/${draftId}/preview`, { user: 'payer', language: 'en', side: 'published' })).statusCode,
    ).toBe(201);
    expect(await cardFee(publisher)).toBe(295);
    expect(
      data<{ attributes: { limits: { cardFeeMinor: number } } }>(await publisher.get('/config', draft)).attributes.limits.cardFeeMinor,
    ).toBe(RAISED_FEE);

    // Both sides end with the draft.
    expect((await editor.post(`/studio/api/drafts/${draftId}/discard`, {})).statusCode).toBe(204);
    for (const side of [published, draft]) {
      expect(data<{ attributes: { authenticated: boolean } }>(await publisher.get('/self', side)).attributes.authenticated).toBe(false);
    }
  });

  it('refuses every write of the previewed portal with the translatable code, and changes nothing', async () => {
    const { editor, draftId } = await raisedFeeDraft();
    expect((await editor.post(`/studio/api/drafts/${draftId}/preview`, { user: 'payer', language: 'en' })).statusCode).toBe(201);
    const csrf = { 'x-csrf-token': 'whatever the page holds' };
    const writes = [
      await editor.request('POST', '/payments', { data: { type: 'payments', attributes: {} } }, csrf),
      await editor.request('PATCH', '/users/1', { data: { type: 'users', attributes: { first_name: 'X' } } }, csrf),
      await editor.request('POST', '/auth/logout', {}, csrf),
    ];
    for (const write of writes) {
      expect(write.statusCode, write.body).toBe(403);
      expect(firstError(write).code).toBe('errors.studio.previewReadOnly');
    }
    const payments = await api.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const again = await editor.request('POST', '/payments', { data: { type: 'payments', attributes: {} } }, csrf);
    expect(again.statusCode).toBe(403);
    expect(
      Number(
        (
          await api.db
            .selectFrom('payments')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(Number(payments.n));
    // The one write let through: which customer the preview looks at (an admin must choose one first).
    const admin = await operator(api, 'publisher');
    const adminPreview = await admin.post(`/studio/api/drafts/${draftId}/preview`, { user: 'admin', language: 'en' });
    expect(adminPreview.statusCode).toBe(201);
    // The page's CSRF token is the preview session's own (its cookie), as for any portal session.
    const pageToken = (adminPreview.cookies as Array<{ name: string; value: string }>).find((cookie) =>
      cookie.name.endsWith('portal_csrf'),
    )!;
    const chosen = await admin.request(
      'POST',
      '/session_data',
      { sessionKeys: [{ key: 'customer_id', value: 'C-1002' }] },
      { 'x-csrf-token': pageToken.value },
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await self(admin)).session_data).toMatchObject({ customer_id: 'C-1002', preview: true });
    // The studio itself still works for the operator beside the preview.
    expect((await editor.get(`/studio/api/drafts/${draftId}`)).statusCode).toBe(200);
  });

  it('is audited, ends after its minutes or when its draft closes', async () => {
    const { editor, draftId } = await raisedFeeDraft();
    expect((await editor.post(`/studio/api/drafts/${draftId}/preview`, { user: 'payer', language: 'en' })).statusCode).toBe(201);
    const audit = await api.db
      .selectFrom('studio_audit')
      .selectAll()
      .where('action', '=', 'preview_started')
      .where('draft_id', '=', Number(draftId))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_username: 'editor', tenant_id: 'demo' });
    expect(audit[0]!.after).toEqual({ user: 'payer', language: 'en', side: 'draft' });

    expect(await self(editor)).toMatchObject({ authenticated: true });
    api.clock.advanceMinutes(PREVIEW_SESSION_MINUTES + 1);
    expect(await self(editor)).toMatchObject({ authenticated: false });

    // A new preview of a draft that is then discarded ends at once.
    const fresh = await operator(api, 'editor');
    expect((await fresh.post(`/studio/api/drafts/${draftId}/preview`, { user: 'payer', language: 'en' })).statusCode).toBe(201);
    expect(await self(fresh)).toMatchObject({ authenticated: true });
    expect((await fresh.post(`/studio/api/drafts/${draftId}/discard`, {})).statusCode).toBe(204);
    expect(await self(fresh)).toMatchObject({ authenticated: false });
    expect((await fresh.post(`/studio/api/drafts/${draftId}/preview`, { user: 'payer', language: 'en' })).statusCode).toBe(409);
  });

  it('is refused to auditors, for unknown users and for bad input', async () => {
    const { editor, draftId } = await raisedFeeDraft();
    const auditor = await operator(api, 'auditor');
    const refused = await auditor.post(`/studio/api/drafts/${draftId}/preview`, { user: 'payer', language: 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.cookies.some((cookie: { name: string }) => cookie.name.includes('portal_session'))).toBe(false);
    const unknown = await editor.post(`/studio/api/drafts/${draftId}/preview`, { user: 'nobody-here', language: 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(firstError(unknown).code).toBe('errors.studio.userNotFound');
    // A user of another tenant is no user of this draft's.
    expect((await editor.post(`/studio/api/drafts/${draftId}/preview`, { user: 'fleetadmin', language: 'en' })).statusCode).toBe(404);
    expect((await editor.post(`/studio/api/drafts/${draftId}/preview`, { user: 'payer', language: 'xx' })).statusCode).toBe(400);
    expect((await editor.post(`/studio/api/drafts/${draftId}/preview`, { user: 'payer', language: 'en', side: 'other' })).statusCode).toBe(
      400,
    );
  });
});
