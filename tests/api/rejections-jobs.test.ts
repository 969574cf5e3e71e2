import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { SLOW_PROCESSING_MS } from '../../domain/rejections.ts';
import { rejectionJobHandlers, RESUBMIT_JOB } from '../../server/jobs/rejection-resubmit.ts';
import { JobRunner } from '../../server/jobs/runner.ts';
import { errorCode, startTestApi, type ApiClient, type TestApi } from '../support/api.ts';

/**
 * The resubmission as a durable job (issue 15): it finishes in the request when the program
 * answers in time; otherwise the request answers 202 "still processing", the job runner finishes
 * it later and a notification tells the user who resubmitted (and nobody else).
 */
interface Resource {
  id: string;
  attributes: Record<string, unknown>;
}
const data = (response: LightMyRequestResponse) => (response.json() as { data: Resource[] }).data;
const meta = (response: LightMyRequestResponse) =>
  (response.json() as { errors: Array<{ meta?: Record<string, unknown> }> }).errors[0]?.meta;

let api: TestApi;
let payer: ApiClient;
let viewer: ApiClient;
let runner: JobRunner;
const idOf = new Map<string, number>();

const rejection = (trxId: string) => ({
  trx_id: trxId,
  buid_customer: 'C-1001',
  buid_merchant: 'M-2001',
  status: 'active' as const,
  card_holder: 'Maria Lopez',
  card_identifier: '7083********4821',
  reject_reason: 'Missing odometer reading',
  transaction_date: '2026-11-02',
  amount_minor: 1000,
  currency: 'USD',
  product: 'Diesel',
});
const state = async (trxId: string) =>
  api.db
    .selectFrom('rejections')
    .select(['status', 'resubmit_state', 'resubmit_error', 'odometer'])
    .where('trx_id', '=', trxId)
    .executeTakeFirstOrThrow();
const notices = async (client: ApiClient) => (await client.get('/ecaas/notifications')).json() as { data: Resource[] };
const resubmitJobs = () => api.db.selectFrom('jobs').select(['id', 'status']).where('kind', '=', RESUBMIT_JOB).orderBy('id').execute();

beforeAll(async () => {
  api = await startTestApi();
  await api.db.insertInto('rejections').values(['R-J-SLOW', 'R-J-GONE', 'R-J-LOCKED', 'R-J2-SLOW', 'R-J3-GONE'].map(rejection)).execute();
  for (const row of await api.db.selectFrom('rejections').select(['rejection_id', 'trx_id']).execute())
    idOf.set(row.trx_id, row.rejection_id);
  payer = api.client();
  viewer = api.client();
  expect((await payer.login('payer')).statusCode).toBe(200);
  expect((await viewer.login('viewer')).statusCode).toBe(200);
  runner = new JobRunner({ db: api.db, clock: api.clock, handlers: rejectionJobHandlers });
});
afterAll(async () => {
  await api?.close();
});

describe('the resubmission job', () => {
  it('past the deadline answers "still processing", then completes in the runner and notifies the user', async () => {
    const id = idOf.get('R-J-SLOW')!;
    const before = (await notices(payer)).data.length;
    const response = await payer.post('/rejections/resubmit', { rejection_ids: [id], corrections: { odometer: 81234 } });
    expect(response.statusCode, response.body).toBe(202);
    expect((response.json() as { meta: unknown }).meta).toEqual({
      code: 'errors.rejections.resubmitStillProcessing',
      processing_rejection_ids: [id],
    });
    expect(await state('R-J-SLOW')).toEqual({ status: 'resubmitted', resubmit_state: 'processing', resubmit_error: null, odometer: 81234 });
    expect((await resubmitJobs()).map((job) => job.status)).toEqual(['queued']);

    // Not due before the program answers.
    expect(await runner.tick()).toBe(0);
    api.clock.advanceMinutes(SLOW_PROCESSING_MS / 60_000);
    expect(await runner.tick()).toBe(1);
    expect(await state('R-J-SLOW')).toMatchObject({ status: 'resubmitted', resubmit_state: 'completed' });
    expect((await resubmitJobs()).map((job) => job.status)).toEqual(['done']);

    const after = (await notices(payer)).data;
    expect(after).toHaveLength(before + 1);
    expect(after[0]?.attributes).toMatchObject({ text_title: 'Resubmission completed', high_priority: 'N' });
    expect(String(after[0]?.attributes.text_body)).toContain('R-J-SLOW');
    // Aimed at who resubmitted only: another user of the same customer does not see it.
    expect((await notices(viewer)).data.map((notice) => notice.attributes.text_title)).not.toContain('Resubmission completed');

    // Running the job again changes nothing (the runner may retry after a crash).
    const jobId = (await resubmitJobs())[0]!.id;
    await api.db.updateTable('jobs').set({ status: 'queued', run_at: api.clock.now() }).where('id', '=', jobId).execute();
    expect(await runner.tick()).toBe(1);
    expect((await notices(payer)).data).toHaveLength(before + 1);
  });

  it('an invoice the program cannot find or may not touch refuses the resubmission and the rejection is active again', async () => {
    for (const [trxId, code] of [
      ['R-J-GONE', 'errors.invoices.notFound'],
      ['R-J-LOCKED', 'errors.invoices.noAccess'],
    ] as const) {
      const response = await payer.post('/rejections/resubmit', { rejection_ids: [idOf.get(trxId)] });
      expect([response.statusCode, errorCode(response), meta(response)], trxId).toEqual([422, code, { rejection_ids: [idOf.get(trxId)] }]);
      expect(await state(trxId)).toMatchObject({ status: 'active', resubmit_state: 'failed', resubmit_error: code });
      const listed = data(await payer.get(`/rejections?filter[trx_id]=${trxId}`))[0]?.attributes;
      expect(listed).toMatchObject({ status: 'active', resubmit_state: 'failed', resubmit_error: code });
    }
  });

  it('a slow batch with a refused invoice notifies with the refused transaction, high priority', async () => {
    const ids = [idOf.get('R-J2-SLOW')!, idOf.get('R-J3-GONE')!];
    const response = await payer.post('/rejections/resubmit', { rejection_ids: ids });
    expect(response.statusCode, response.body).toBe(202);
    api.clock.advanceMinutes(SLOW_PROCESSING_MS / 60_000);
    expect(await runner.tick()).toBe(1);
    expect(await state('R-J2-SLOW')).toMatchObject({ status: 'resubmitted', resubmit_state: 'completed' });
    expect(await state('R-J3-GONE')).toMatchObject({ status: 'active', resubmit_state: 'failed' });
    const latest = (await notices(payer)).data[0]?.attributes;
    expect(latest).toMatchObject({ text_title: 'Resubmission partly completed', high_priority: 'Y' });
    expect(String(latest?.text_body)).toContain('R-J3-GONE');
  });
});
