import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { Selectable } from 'kysely';
import type { StudioSnapshotRunsTable } from '../db/schema.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { tenantOfDraft } from './draft-tenant.ts';
import { operatorOf } from './plugin.ts';
import { writeStudioAudit } from './queries.ts';
import { draftParams, HIDDEN, type StudioDeps, send, studioPath, studioReads } from './route-kit.ts';
import { chromiumAvailable } from './snapshots/chromium.ts';
import { startSnapshotRun } from './snapshots/job.ts';

function runDocument(run: Selectable<StudioSnapshotRunsTable>) {
  return {
    data: {
      type: 'snapshot-run',
      id: String(run.run_id),
      attributes: {
        draft_id: run.draft_id,
        state: run.state,
        progress: { done: run.done, total: run.total },
        created_at: new Date(run.created_at).toISOString(),
        ...(run.error ? { failure: run.error } : {}),
        ...(run.state === 'done' ? { result: run.result } : {}),
      },
    },
  };
}

/**
 * QA snapshots of a draft (issue 24): the accessibility trees of every screen the draft changes,
 * per role, before (published) and after (the draft), with a line diff, rendered by a job of the
 * job runner (server/studio/snapshots/job.ts) through preview sessions. Starting one signs in as
 * the tenant's users like a preview, so it takes the preview right and is audited as such;
 * everyone who reads the draft reads the result.
 */
export function snapshotRoutes(app: SchemaTypedApp, { db, clock }: StudioDeps): void {
  const { grantedDraft } = studioReads(db);
  const lastRun = (draftId: number) =>
    db.selectFrom('studio_snapshot_runs').selectAll().where('draft_id', '=', draftId).orderBy('run_id', 'desc').limit(1).executeTakeFirst();

  app.post(
    studioPath('/drafts/:draftId/snapshots'),
    {
      schema: { ...HIDDEN, params: draftParams },
      config: {
        access: { operator: 'preview' },
        summary: 'Start rendering the QA snapshots of the screens a draft changes, before and after',
      },
    },
    async (request, reply) => {
      const draft = await grantedDraft(request);
      const { operator } = operatorOf(request);
      if (draft.state !== 'open') throw new ApiError(409, ErrorCode.studioDraftClosed);
      if (!chromiumAvailable()) throw new ApiError(503, ErrorCode.studioSnapshotsUnavailable);
      // A draft the portal could not run on cannot be rendered: 422 with the tenant rules' problems.
      tenantOfDraft(draft);
      // A second click while a run of the draft is under way follows that run rather than queueing another.
      const current = await lastRun(draft.draft_id);
      if (current && (current.state === 'queued' || current.state === 'running')) return send(reply, runDocument(current), 202);
      const run = await startSnapshotRun(db, clock.now(), draft, operator.operator_id);
      await writeStudioAudit(db, {
        tenantId: draft.tenant_id,
        operatorId: operator.operator_id,
        operatorUsername: operator.username,
        action: 'snapshots_started',
        draftId: draft.draft_id,
        after: { run: run.run_id },
      });
      return send(reply, runDocument(run), 202);
    },
  );

  app.get(
    studioPath('/drafts/:draftId/snapshots'),
    {
      schema: { ...HIDDEN, params: draftParams },
      config: { access: { operator: 'read' }, summary: "The draft's last QA snapshot run: its state, progress and, when done, the diffs" },
    },
    async (request, reply) => {
      const draft = await grantedDraft(request);
      const run = await lastRun(draft.draft_id);
      if (!run) throw notFound();
      return send(reply, runDocument(run));
    },
  );
}
