/**
 * The operator studio's API (issue 24): operators sign in apart from the portal, each role may do
 * what it may and no more, a draft is checked whole (tenant schema, permission guardrails, the
 * definition check of its screens) and refused with the reason while nothing is published, a
 * publish is a tenant revision every instance serves, a rollback publishes an earlier one again,
 * and the audit log says who did what, exportable as CSV. Both engines; two instances on one
 * database as two processes would be.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tenant } from '../../domain/tenant.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { DEMO_OPERATOR_PASSWORD } from '../../server/db/seed/operators.ts';
import { type ApiClient, startTestApi, type TestApi } from '../support/api.ts';
import { data, draftWith } from './studio-support.ts';

const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

let first: TestApi;
let second: TestApi;
beforeAll(async () => {
  first = await startTestApi({ tenantSync: { intervalMs: 0 } });
  second = await startTestApi({ tenantSync: { intervalMs: 0 }, sharedWith: first });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

async function operator(username: string, api: TestApi = first, password = DEMO_OPERATOR_PASSWORD): Promise<ApiClient> {
  const client = api.client();
  const response = await client.post('/studio/api/auth/login', { username, password });
  expect(response.statusCode, response.body).toBe(200);
  client.csrfToken = (response.json() as { meta: { csrf_token: string } }).meta.csrf_token;
  return client;
}

async function publishedTenant(): Promise<{ revision: number; document: Tenant }> {
  const editor = await operator('editor');
  return data<{ attributes: { revision: number; document: Tenant } }>(await editor.get('/studio/api/tenants/demo')).attributes;
}

async function revisionCount(): Promise<number> {
  const rows = await first.db.selectFrom('tenant_revisions').select('revision').where('tenant_id', '=', 'demo').execute();
  return rows.length;
}

/** A new draft of the demo tenant whose document is the published one with `change` applied. */

interface Problem {
  pointer: string;
  message: string;
  rule: string;
}
const problemsOf = (response: { json(): unknown }) =>
  (response.json() as { errors: Array<{ code: string; meta: { problems: Problem[] } }> }).errors[0]!;

describe('operator sign-in', () => {
  it('keeps operator and portal sessions apart', async () => {
    const anonymous = first.client();
    expect((await anonymous.get('/studio/api/self')).statusCode).toBe(401);
    const portal = first.client();
    expect((await portal.login('admin')).statusCode).toBe(200);
    expect((await portal.get('/studio/api/self')).statusCode).toBe(401);
    expect((await portal.get('/studio/api/tenants/demo')).statusCode).toBe(401);
    const editor = await operator('editor');
    expect(data<{ attributes: { role: string; tenants: string[] } }>(await editor.get('/studio/api/self')).attributes).toMatchObject({
      role: 'editor',
      tenants: ['demo', 'fleet'],
    });
    // The operator's cookie is no portal session.
    const self = await editor.get('/self');
    expect((self.json() as { data: { attributes: { authenticated: boolean } } }).data.attributes.authenticated).toBe(false);
    expect((await editor.get('/bank-accounts')).statusCode).toBe(401);
  });

  it("answers every failure alike and pauses after the tenant's attempts in a row", async () => {
    const hash = await hashPassword('Right#Pass1');
    await first.db
      .insertInto('operators')
      .values({ username: 'pausable', display_name: 'P', role: 'auditor', password_hash: hash })
      .execute();
    const client = first.client();
    const attempt = (password: string) => client.post('/studio/api/auth/login', { username: 'pausable', password });
    const unknown = await client.post('/studio/api/auth/login', { username: 'nobody', password: 'x' });
    expect(unknown.statusCode).toBe(401);
    for (let index = 0; index < first.tenants.byId('demo')!.limits.loginAttemptsBeforeLock; index += 1) {
      const wrong = await attempt('wrong');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toBe(unknown.body);
    }
    expect((await attempt('Right#Pass1')).statusCode).toBe(401);
    const paused = await first.db
      .selectFrom('operators')
      .select('login_locked_until')
      .where('username', '=', 'pausable')
      .executeTakeFirstOrThrow();
    expect(paused.login_locked_until).not.toBeNull();
  });

  it("refuses a write without the session's CSRF token", async () => {
    const editor = await operator('editor');
    editor.csrfToken = 'forged';
    const response = await editor.post('/studio/api/tenants/demo/drafts', {});
    expect(response.statusCode).toBe(403);
    expect(problemsOf(response).code).toBe('errors.auth.csrfInvalid');
  });
});

describe("each role's rights", () => {
  it('editor drafts, publisher publishes, auditor reads the audit; nobody works on a tenant not granted', async () => {
    const editor = await operator('editor');
    const publisher = await operator('publisher');
    const auditor = await operator('auditor');
    const draftId = await draftWith(editor, (tenant) => {
      tenant.title = 'Rights test';
    });
    expect((await publisher.post('/studio/api/tenants/demo/drafts', {})).statusCode).toBe(403);
    expect((await auditor.post('/studio/api/tenants/demo/drafts', {})).statusCode).toBe(403);
    expect((await editor.post(`/studio/api/drafts/${draftId}/publish`, { note: 'no' })).statusCode).toBe(403);
    expect((await auditor.post(`/studio/api/drafts/${draftId}/publish`, { note: 'no' })).statusCode).toBe(403);
    expect((await editor.post('/studio/api/tenants/demo/revisions/1/rollback', { note: 'no' })).statusCode).toBe(403);
    expect((await editor.get('/studio/api/tenants/demo/audit')).statusCode).toBe(403);
    expect((await auditor.get('/studio/api/tenants/demo/audit')).statusCode).toBe(200);
    expect((await auditor.get('/studio/api/tenants/demo/revisions')).statusCode).toBe(200);
    const { operator_id } = await first.db
      .selectFrom('operators')
      .select('operator_id')
      .where('username', '=', 'editor')
      .executeTakeFirstOrThrow();
    await first.db.deleteFrom('operator_tenants').where('operator_id', '=', operator_id).where('tenant_id', '=', 'fleet').execute();
    const refused = await editor.post('/studio/api/tenants/fleet/drafts', {});
    expect(refused.statusCode).toBe(403);
    expect(problemsOf(refused).code).toBe('errors.studio.tenantNotGranted');
    await first.db.insertInto('operator_tenants').values({ operator_id, tenant_id: 'fleet' }).execute();
    expect((await editor.post(`/studio/api/drafts/${draftId}/discard`)).statusCode).toBe(204);
  });
});

describe('a draft is checked whole and refused with the reason', () => {
  it('refuses a value the tenant schema does not allow, naming the setting; nothing is published', async () => {
    const editor = await operator('editor');
    const publisher = await operator('publisher');
    const before = await revisionCount();
    const draftId = await draftWith(editor, (tenant) => {
      (tenant.limits as unknown as Record<string, unknown>).cardFeeMinor = 'three dollars';
    });
    const check = data<{ attributes: { publishable: boolean; problems: Problem[] } }>(
      await editor.get(`/studio/api/drafts/${draftId}/check`),
    ).attributes;
    expect(check.publishable).toBe(false);
    expect(check.problems).toContainEqual(expect.objectContaining({ pointer: '/limits/cardFeeMinor', rule: 'tenant' }));
    const response = await publisher.post(`/studio/api/drafts/${draftId}/publish`, { note: 'try' });
    expect(response.statusCode).toBe(422);
    expect(problemsOf(response).code).toBe('errors.studio.draftRefused');
    expect(problemsOf(response).meta.problems[0]!.pointer).toBe('/limits/cardFeeMinor');
    expect(await revisionCount()).toBe(before);
  });

  it("refuses permissions that leave no role able to manage users, or grant what the spec forbids, in the operator's language", async () => {
    const editor = await operator('editor');
    const publisher = await operator('publisher');
    const before = await revisionCount();
    const shipped = (await publishedTenant()).document;
    const lockout = await draftWith(editor, (tenant) => {
      tenant.overrides = { ...shipped.overrides, permissions: { grants: { customer: { admin: ['session', 'account'] } } } };
    });
    const refusedLockout = await publisher.post(`/studio/api/drafts/${lockout}/publish`, { note: 'lock out' });
    expect(refusedLockout.statusCode).toBe(422);
    expect(problemsOf(refusedLockout).meta.problems).toEqual([
      {
        pointer: '/overrides/permissions/grants/customer',
        message: 'No role of Customer users could manage users any more',
        rule: 'guardrail',
      },
    ]);
    const forbidden = await draftWith(editor, (tenant) => {
      tenant.overrides = { permissions: { grants: { customer: { 'card viewer': ['session', 'cards', 'disputeCreate'] } } } };
    });
    const refusedGrant = await publisher.post(`/studio/api/drafts/${forbidden}/publish?lang=de`, { note: 'card viewers dispute' });
    expect(refusedGrant.statusCode).toBe(422);
    const [problem] = problemsOf(refusedGrant).meta.problems;
    expect(problem).toMatchObject({ pointer: '/overrides/permissions/grants/customer/card viewer', rule: 'guardrail' });
    expect(problem!.message).toContain('Kartenbetrachter');
    expect(await revisionCount()).toBe(before);
  });

  it('holds screen overrides against the definition check', async () => {
    const editor = await operator('editor');
    const draftId = await draftWith(editor, (tenant) => {
      tenant.overrides = { screens: { 'invoice-list': { guard: { flags: ['no_such_flag_enabled'] } } } };
    });
    const check = data<{ attributes: { problems: Problem[] } }>(await editor.get(`/studio/api/drafts/${draftId}/check`)).attributes;
    expect(check.problems.length).toBeGreaterThan(0);
    expect(check.problems.every((problem) => problem.rule === 'definitions')).toBe(true);
    expect(check.problems.map((problem) => problem.message).join(' ')).toContain('no_such_flag_enabled');
    // The problem's code and values, for a client that words it itself (the studio).
    expect(check.problems).toContainEqual(
      expect.objectContaining({
        code: 'studio.definitions.notOneOf.flag',
        params: expect.objectContaining({ name: 'no_such_flag_enabled' }),
      }),
    );
    // The definition check's contract is built once per process (the API's OpenAPI document from an in-process app).
  }, 240_000);

  it("passes permission overrides on a tenant that defines fewer flags than the policy gates on (the others' flags count)", async () => {
    const editor = await operator('editor');
    const created = await editor.post('/studio/api/tenants/fleet/drafts', {});
    const draft = data<{ id: string; attributes: { document: Tenant } }>(created);
    const document = structuredClone(draft.attributes.document);
    document.overrides = { permissions: { grants: { customer: { admin: ['session', 'account', 'pay', 'users'] } } } };
    expect((await editor.request('PUT', `/studio/api/drafts/${draft.id}`, { document })).statusCode).toBe(200);
    const check = data<{ attributes: { problems: Problem[] } }>(await editor.get(`/studio/api/drafts/${draft.id}/check`)).attributes;
    expect(check.problems).toEqual([]);
    await editor.post(`/studio/api/drafts/${draft.id}/discard`, {});
  }, 240_000);
});

describe('diff, publish, rollback and the audit', () => {
  it("says what changes in the operator's words, publishes it to every instance, and rolls it back as a new revision", async () => {
    const editor = await operator('editor');
    const publisher = await operator('publisher');
    const auditor = await operator('auditor');
    const published = await publishedTenant();
    const draftId = await draftWith(editor, (tenant) => {
      tenant.limits.cardFeeMinor = 350;
    });
    const diff = data<{ attributes: { changes: Array<{ text: string }> } }>(
      await editor.get(`/studio/api/drafts/${draftId}/diff?lang=en`),
    ).attributes;
    expect(diff.changes.map((change) => change.text)).toEqual(['Card fee: $2.95 → $3.50']);
    const german = data<{ attributes: { changes: Array<{ text: string }> } }>(
      await editor.get(`/studio/api/drafts/${draftId}/diff?lang=de`),
    ).attributes;
    expect(german.changes[0]!.text).toMatch(/^Kartengebühr: 2,95\s\$ → 3,50\s\$$/);

    const publish = await publisher.post(`/studio/api/drafts/${draftId}/publish`, { note: '=HYPERLINK("x") fee up' });
    expect(publish.statusCode, publish.body).toBe(201);
    const { revision } = data<{ attributes: { revision: number } }>(publish).attributes;
    expect(revision).toBe(published.revision + 1);
    for (const api of [first, second]) {
      await waitFor(async () => {
        const config = (await api.client().get('/config')).json() as { data: { attributes: { limits: { cardFeeMinor: number } } } };
        expect(config.data.attributes.limits.cardFeeMinor).toBe(350);
      });
    }
    // Published once: the draft is closed.
    expect((await publisher.post(`/studio/api/drafts/${draftId}/publish`, { note: 'again' })).statusCode).toBe(409);

    const rollback = await publisher.post(`/studio/api/tenants/demo/revisions/${published.revision}/rollback`, { note: 'fee back' });
    expect(rollback.statusCode, rollback.body).toBe(201);
    expect(data<{ attributes: { revision: number } }>(rollback).attributes.revision).toBe(revision + 1);
    for (const api of [first, second]) {
      await waitFor(async () => expect(api.tenants.byId('demo')!.limits.cardFeeMinor).toBe(published.document.limits.cardFeeMinor));
    }

    const audit = data<
      Array<{ attributes: { operator: string; action: string; note: string | null; before: Tenant | null; after: Tenant | null } }>
    >(await auditor.get('/studio/api/tenants/demo/audit')).map((entry) => entry.attributes);
    const publishEntry = audit.find((entry) => entry.action === 'published')!;
    expect(publishEntry).toMatchObject({ operator: 'publisher', note: '=HYPERLINK("x") fee up' });
    expect(publishEntry.before!.limits.cardFeeMinor).toBe(295);
    expect(publishEntry.after!.limits.cardFeeMinor).toBe(350);
    expect(audit.find((entry) => entry.action === 'rolled_back')).toMatchObject({ operator: 'publisher' });
    const csv = await auditor.get('/studio/api/tenants/demo/audit.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('at,operator,action,draft_id,revision,note,before,after');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"") fee up"`);
  });

  it('refuses a draft started before the last publish', async () => {
    const editor = await operator('editor');
    const publisher = await operator('publisher');
    const stale = await draftWith(editor, (tenant) => {
      tenant.title = 'Stale';
    });
    const fresh = await draftWith(editor, (tenant) => {
      tenant.title = 'Fresh';
    });
    expect((await publisher.post(`/studio/api/drafts/${fresh}/publish`, { note: 'fresh' })).statusCode).toBe(201);
    const refused = await publisher.post(`/studio/api/drafts/${stale}/publish`, { note: 'stale' });
    expect(refused.statusCode).toBe(409);
    expect(problemsOf(refused).code).toBe('errors.studio.draftStale');
  });
});

describe('role permissions overrides are applied by the API', () => {
  it('takes payment methods away from customer admins when published, and gives them back on rollback', async () => {
    const editor = await operator('editor');
    const publisher = await operator('publisher');
    const published = await publishedTenant();
    const admin = first.client();
    await admin.loginWithCustomer('admin', 'C-1001');
    expect((await admin.get('/bank-accounts')).statusCode).toBe(200);
    const draftId = await draftWith(editor, (tenant) => {
      tenant.overrides = {
        ...tenant.overrides,
        permissions: {
          grants: {
            customer: {
              admin: [
                'session',
                'notifications',
                'account',
                'programOverview',
                'loyalty',
                'documents',
                'pay',
                'disputeCreate',
                'disputeRespond',
                'cards',
                'cardsManage',
                'users',
                'rejections',
                'rejectionsManage',
                'applications',
              ],
            },
          },
        },
      };
    });
    const diff = data<{ attributes: { changes: Array<{ text: string }> } }>(
      await editor.get(`/studio/api/drafts/${draftId}/diff`),
    ).attributes;
    expect(diff.changes.map((change) => change.text)).toEqual(['Customer, Admin: loses Payment methods']);
    const publishing = await publisher.post(`/studio/api/drafts/${draftId}/publish`, { note: 'no payment methods for admins' });
    expect(publishing.statusCode, publishing.body).toBe(201);
    await waitFor(async () => expect((await admin.get('/bank-accounts')).statusCode).toBe(403));
    const payer = first.client();
    await payer.loginWithCustomer('payer', 'C-1001');
    expect((await payer.get('/invoices?page[size]=1')).statusCode).toBe(200);
    expect(
      (await publisher.post(`/studio/api/tenants/demo/revisions/${published.revision}/rollback`, { note: 'restore' })).statusCode,
    ).toBe(201);
    await waitFor(async () => expect((await admin.get('/bank-accounts')).statusCode).toBe(200));
  });
});
