/**
 * Publish and rollback go live together with their audit entry or not at all (issue 24): with the
 * audit insert forced to fail, no revision is added, the draft stays open and every process keeps
 * serving what it served; once the audit works again the same draft publishes.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../../domain/tenant.ts';
import { TENANT_VERSION_HEADER } from '../../common/tenant-version.ts';
import { startTestApi, type TestApi } from '../support/api.ts';
import { data, draftWith, operator } from './studio-support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ tenantSync: { intervalMs: 0 } });
});
afterAll(async () => {
  await api?.close();
});

/** The tenant version the portal's API answers with (an open portal reloads when it changes). */
const servedVersion = async () =>
  (await api.app.inject({ method: 'GET', url: '/config', headers: { host: 'localhost' } })).headers[TENANT_VERSION_HEADER];

const revisions = async () =>
  (await api.db.selectFrom('tenant_revisions').select('revision').where('tenant_id', '=', 'demo').execute()).length;

/** Makes the audit refuse entries of `action` (a database failure the route cannot foresee). */
async function failAudit(action: string): Promise<void> {
  await sql
    .raw(`create or replace function studio_audit_fails() returns trigger language plpgsql as $$
      begin if new.action = '${action}' then raise exception 'audit unavailable'; end if; return new; end $$`)
    .execute(api.db);
  await sql`create trigger studio_audit_fails before insert on studio_audit for each row execute function studio_audit_fails()`.execute(
    api.db,
  );
}
const auditWorks = () => sql`drop trigger studio_audit_fails on studio_audit`.execute(api.db);

describe('publish and its audit are one transaction', () => {
  it('publishes nothing when the audit entry cannot be written, and the draft stays open', async () => {
    const editor = await operator(api, 'editor');
    const publisher = await operator(api, 'publisher');
    const before = await revisions();
    const version = await servedVersion();
    expect(version).toMatch(/^[\w-]{16}$/);
    const draftId = await draftWith(editor, (tenant) => {
      tenant.limits.cardFeeMinor = 410;
    });
    await failAudit('published');
    try {
      const failed = await publisher.post(`/studio/api/drafts/${draftId}/publish`, { note: 'audit down' });
      expect(failed.statusCode).toBe(500);
    } finally {
      await auditWorks();
    }
    expect(await revisions()).toBe(before);
    expect(data<{ attributes: { state: string } }>(await editor.get(`/studio/api/drafts/${draftId}`)).attributes.state).toBe('open');
    expect(api.tenants.byId('demo')!.limits.cardFeeMinor).not.toBe(410);
    expect(await servedVersion()).toBe(version);

    const published = await publisher.post(`/studio/api/drafts/${draftId}/publish`, { note: 'audit back' });
    expect(published.statusCode, published.body).toBe(201);
    expect(await revisions()).toBe(before + 1);
    await expect.poll(servedVersion).not.toBe(version);
    // The first publish builds the definition check's contract (the API's OpenAPI document, in-process).
  }, 240_000);

  it('rolls nothing back when the audit entry cannot be written', async () => {
    const publisher = await operator(api, 'publisher');
    const before = await revisions();
    const current = data<{ attributes: { document: Tenant } }>(await publisher.get('/studio/api/tenants/demo')).attributes.document;
    await failAudit('rolled_back');
    try {
      const failed = await publisher.post('/studio/api/tenants/demo/revisions/1/rollback', { note: 'audit down' });
      expect(failed.statusCode).toBe(500);
    } finally {
      await auditWorks();
    }
    expect(await revisions()).toBe(before);
    const after = data<{ attributes: { document: Tenant } }>(await publisher.get('/studio/api/tenants/demo')).attributes.document;
    expect(after).toEqual(current);
    expect((await publisher.post('/studio/api/tenants/demo/revisions/1/rollback', { note: 'audit back' })).statusCode).toBe(201);
    expect(await revisions()).toBe(before + 1);
  });
});
