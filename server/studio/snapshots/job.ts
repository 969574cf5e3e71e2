import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { unifiedLineDiff } from '../../../common/line-diff.ts';
import type { Policy } from '../../../domain/policy.ts';
import { type ScopeScreen, type ScopeUser, type SnapshotNote, type SnapshotTarget, snapshotScope } from '../../../domain/snapshot-scope.ts';
import type { Tenant } from '../../../domain/tenant.ts';
import type { Database } from '../../db/database.ts';
import { enqueueJob, type JobContext, type JobHandler } from '../../jobs/runner.ts';
import { TenantDocumentError, validateTenantDocument } from '../../tenants/validate.ts';
import { draftById, latestRevision } from '../queries.ts';
import { shippedScreens } from '../shipped-screens.ts';
import { snapshotText } from './aria.ts';
import { launchChromium } from './chromium.ts';
import { withSideContext } from './render.ts';
import { screenPath } from './screen-paths.ts';

export const SNAPSHOT_JOB = 'studio_snapshots';

/**
 * At most this many renders a run (two per screen and role: before and after): a draft that
 * touches more is rendered in part, and the result names the pairs left out. About two seconds a
 * render on a quiet machine, so a full run stays within a couple of minutes.
 */
export const MAX_RENDERS = 40;

export interface SnapshotItem {
  screen: string;
  title?: string;
  path: string;
  reasons: SnapshotTarget['reasons'];
  user: Omit<ScopeUser, 'user_id'>;
  before: string;
  after: string;
  /** A unified line diff of before and after; empty when the screen renders the same. */
  diff: string;
}

export interface SnapshotResult {
  language: string;
  maxRenders: number;
  notes: SnapshotNote[];
  items: SnapshotItem[];
  /** Screen and role pairs over the cap, not rendered. */
  skipped: Array<{ screen: string; username: string }>;
}

/** Why a run failed, as a key of the studio's texts (studioUi.snapshots.failed.*); the detail goes to the log. */
export type SnapshotFailure = 'draftClosed' | 'draftInvalid' | 'noAddress' | 'renderFailed';

class RunFailure extends Error {
  constructor(
    readonly reason: SnapshotFailure,
    detail: string = reason,
  ) {
    super(detail);
  }
}

/** Starts a run of a draft: the row the studio reads, and the job that renders it. */
export async function startSnapshotRun(db: Database, now: Date, draft: { draft_id: number; tenant_id: string }, operatorId: number) {
  const run = await db
    .insertInto('studio_snapshot_runs')
    .values({ tenant_id: draft.tenant_id, draft_id: draft.draft_id, operator_id: operatorId, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  await enqueueJob(db, { kind: SNAPSHOT_JOB, payload: { runId: run.run_id }, runAt: now, dedupeKey: `${SNAPSHOT_JOB}:${run.run_id}` });
  return run;
}

/** The address this process listens on, as the browser reaches it (loopback for a wildcard address). */
export function listeningUrl(address: AddressInfo | string | null): string | undefined {
  if (!address || typeof address === 'string') return undefined;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

const scopeScreens = (): ScopeScreen[] =>
  [...shippedScreens().values()]
    .filter((screen) => typeof screen.path === 'string')
    .map((screen) => ({
      id: screen.id,
      path: screen.path!,
      ...(screen.title ? { title: screen.title } : {}),
      guard: screen.guard ?? {},
      definition: screen,
    }));

/** The first portal user (by id) of each user type and role of the tenant, active ones first. */
async function firstUsers(db: Database, tenantId: string): Promise<Array<ScopeUser & { user_id: number }>> {
  const users = await db
    .selectFrom('users')
    .select(['user_id', 'username', 'user_type', 'role', 'lock_state'])
    .where('tenant_id', '=', tenantId)
    .orderBy('user_id')
    .execute();
  const first = new Map<string, ScopeUser & { user_id: number }>();
  for (const user of [...users.filter((row) => !row.lock_state), ...users.filter((row) => row.lock_state)]) {
    const key = `${user.user_type}:${user.role.toLowerCase()}`;
    if (!first.has(key)) first.set(key, { user_id: user.user_id, username: user.username, user_type: user.user_type, role: user.role });
  }
  return [...first.values()].sort((a, b) => a.user_id - b.user_id);
}

/** A tenant document as the portal runs it (defaults filled in), so both sides compare alike. */
function runnableTenant(document: unknown, name: string): Tenant {
  try {
    return validateTenantDocument(document, name, []);
  } catch (error) {
    if (error instanceof TenantDocumentError) throw new RunFailure('draftInvalid', error.message);
    throw error;
  }
}

interface SnapshotJobOptions {
  policy: Policy;
  /** This process's own address once it listens; the job renders against it. */
  ownUrl: () => string | undefined;
  /** MAX_RENDERS unless given (a test renders fewer). */
  maxRenders?: number;
  onError?: (error: unknown) => void;
}

async function runSnapshots(runId: number, options: SnapshotJobOptions, { db, clock }: JobContext): Promise<void> {
  const run = await db.selectFrom('studio_snapshot_runs').selectAll().where('run_id', '=', runId).executeTakeFirst();
  if (!run || run.state === 'done' || run.state === 'failed') return;
  const progress = ({ result, ...values }: { state?: 'running' | 'done'; done?: number; total?: number; result?: SnapshotResult }) =>
    db
      .updateTable('studio_snapshot_runs')
      .set({ ...values, ...(result ? { result: JSON.stringify(result) } : {}), updated_at: clock.now() })
      .where('run_id', '=', runId)
      .execute();
  const draft = await draftById(db, run.draft_id);
  if (!draft || draft.state !== 'open') throw new RunFailure('draftClosed');
  const after = runnableTenant(draft.document, `draft ${draft.draft_id}`);
  const published = await latestRevision(db, draft.tenant_id);
  if (!published) throw new RunFailure('draftClosed');
  const before = runnableTenant(published.document, `revision ${published.revision}`);
  const baseUrl = options.ownUrl();
  if (!baseUrl) throw new RunFailure('noAddress');
  const users = await firstUsers(db, draft.tenant_id);
  const { targets, notes } = snapshotScope(scopeScreens(), before, after, options.policy, users);
  const maxRenders = options.maxRenders ?? MAX_RENDERS;
  const rendered = targets.slice(0, Math.floor(maxRenders / 2));
  const language = after.languages.includes('en') ? 'en' : after.defaultLanguage;
  await progress({ state: 'running', done: 0, total: rendered.length * 2 });
  const items: SnapshotItem[] = [];
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    let done = 0;
    for (const user of users) {
      const mine = rendered.filter((target) => target.user.username === user.username);
      if (mine.length === 0) continue;
      const sides = [] as Array<Map<SnapshotTarget, string>>;
      for (const [tenant, appliesDraft] of [
        [before, false],
        [after, true],
      ] as const) {
        const side = {
          db,
          clock,
          baseUrl,
          tenantId: draft.tenant_id,
          userId: user.user_id,
          operatorId: run.operator_id ?? draft.created_by,
          draftId: draft.draft_id,
          language,
          appliesDraft,
        };
        sides.push(
          await withSideContext(browser, side, async (render) => {
            const texts = new Map<SnapshotTarget, string>();
            for (const target of mine) {
              const path = `${tenant.prefixes.configured}${screenPath({ id: target.screen, path: target.path })}`;
              const { snapshot, shown } = await render(path);
              texts.set(target, snapshotText(target.screen, user.username, path, shown, snapshot));
              done += 1;
              await progress({ done });
            }
            return texts;
          }),
        );
      }
      for (const target of mine) {
        const beforeText = sides[0]!.get(target)!;
        const afterText = sides[1]!.get(target)!;
        const { user_id: _id, ...who } = user;
        items.push({
          screen: target.screen,
          ...(target.title ? { title: target.title } : {}),
          path: target.path,
          reasons: target.reasons,
          user: who,
          before: beforeText,
          after: afterText,
          diff: unifiedLineDiff(beforeText, afterText),
        });
      }
    }
  } catch (error) {
    if (error instanceof RunFailure) throw error;
    throw new RunFailure('renderFailed', error instanceof Error ? error.message : String(error));
  } finally {
    await browser?.close();
  }
  const order = new Map(rendered.map((target, index) => [`${target.screen}:${target.user.username}`, index]));
  items.sort((a, b) => order.get(`${a.screen}:${a.user.username}`)! - order.get(`${b.screen}:${b.user.username}`)!);
  const skipped = targets.slice(rendered.length).map((target) => ({ screen: target.screen, username: target.user.username }));
  await progress({ state: 'done', result: { language, maxRenders, notes, items, skipped } });
}

/**
 * The job that renders a run (issue 24). A run that fails is marked failed with its reason and
 * not tried again (the operator starts another); a process that dies mid-run lets its lease
 * expire and another renders the run from the start (runs are idempotent: they overwrite).
 */
export function snapshotJobHandlers(options: SnapshotJobOptions): Record<string, JobHandler> {
  return {
    [SNAPSHOT_JOB]: async (payload, context) => {
      const runId = Number(payload.runId);
      try {
        await runSnapshots(runId, options, context);
      } catch (error) {
        options.onError?.(error);
        const reason: SnapshotFailure = error instanceof RunFailure ? error.reason : 'renderFailed';
        await context.db
          .updateTable('studio_snapshot_runs')
          .set({ state: 'failed', error: reason, updated_at: context.clock.now() })
          .where('run_id', '=', runId)
          .execute();
      }
    },
  };
}
