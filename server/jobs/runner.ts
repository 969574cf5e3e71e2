import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';

/**
 * A small durable job queue over the `jobs` table. Jobs survive restarts; several server
 * processes may run the same queue, since a job is claimed with `for update skip locked` and
 * holds a lease (its run_at moves forward while it runs). A process that dies mid-job lets the
 * lease expire, and another claims the job again, so handlers must be idempotent.
 * Time is the injected Clock's: tests advance a ManualClock and call `tick()`.
 */
export interface JobContext {
  db: Database;
  clock: Clock;
  jobId: number;
  attempt: number;
}
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;
/** Runs before due jobs on every tick, e.g. to add the day's recurring jobs. */
export type JobScheduler = (now: Date) => Promise<void>;

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  runAt: Date;
  dedupeKey?: string;
}

/** Adds a job, in the caller's transaction when given one; a taken dedupe key adds nothing. */
export async function enqueueJob(db: Database, job: NewJob): Promise<void> {
  await db
    .insertInto('jobs')
    .values({ kind: job.kind, payload: JSON.stringify(job.payload), run_at: job.runAt, dedupe_key: job.dedupeKey ?? null })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .execute();
}

export interface JobRunnerOptions {
  db: Database;
  clock: Clock;
  handlers: Readonly<Record<string, JobHandler>>;
  schedulers?: readonly JobScheduler[];
  /** Attempts before a job is marked failed (default 5). */
  maxAttempts?: number;
  /** How long a claimed job is someone's before another process may take it (default 5 minutes). */
  leaseMs?: number;
  /** Logs a failed attempt; the error also lands in the job's last_error. */
  onError?: (error: unknown, job: { id: number; kind: string; attempt: number }) => void;
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

const RETRY_BASE_MS = 30_000;
/** One call runs at most this many jobs, so a flood of due jobs cannot starve the process. */
const MAX_JOBS_PER_RUN = 500;

export class JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: JobRunnerOptions) {}

  /** Schedulers, then every due job; resolves with how many jobs ran. */
  async tick(): Promise<number> {
    const now = this.options.clock.now();
    for (const schedule of this.options.schedulers ?? []) await schedule(now);
    return this.runDue();
  }

  /** Runs due jobs one at a time until none is due. */
  async runDue(): Promise<number> {
    let ran = 0;
    while (ran < MAX_JOBS_PER_RUN) {
      const job = await this.claim();
      if (!job) break;
      await this.run(job);
      ran += 1;
    }
    return ran;
  }

  /** Ticks every `intervalMs` until stop(); ticks never overlap. */
  start(intervalMs: number): void {
    if (this.timer || this.stopped) return;
    const loop = () => {
      this.current = this.tick()
        .catch((error: unknown) => this.options.onError?.(error, { id: 0, kind: 'tick', attempt: 0 }))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, intervalMs);
        });
    };
    this.timer = setTimeout(loop, 0);
  }

  /** Stops ticking and waits for the job in hand to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.current;
  }

  private async claim(): Promise<ClaimedJob | undefined> {
    const now = this.options.clock.now();
    const leaseUntil = new Date(now.getTime() + (this.options.leaseMs ?? 5 * 60_000));
    const { rows } = await sql<ClaimedJob>`
      update jobs set status = 'running', attempts = attempts + 1, run_at = ${leaseUntil}
      where id = (
        select id from jobs
        where status in ('queued', 'running') and run_at <= ${now}
        order by run_at, id limit 1
        for update skip locked
      )
      returning id, kind, payload, attempts
    `.execute(this.options.db);
    return rows[0];
  }

  private async run(job: ClaimedJob): Promise<void> {
    const { db, clock, handlers } = this.options;
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job.payload, { db, clock, jobId: job.id, attempt: job.attempts });
      await db.updateTable('jobs').set({ status: 'done', last_error: null }).where('id', '=', job.id).execute();
    } catch (error) {
      this.options.onError?.(error, { id: job.id, kind: job.kind, attempt: job.attempts });
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      const giveUp = !handler || job.attempts >= (this.options.maxAttempts ?? 5);
      // Backs off 30 s, 1 min, 2 min, … measured on the injected clock.
      const retryAt = new Date(clock.now().getTime() + RETRY_BASE_MS * 2 ** (job.attempts - 1));
      await db
        .updateTable('jobs')
        .set(giveUp ? { status: 'failed', last_error: lastError } : { status: 'queued', run_at: retryAt, last_error: lastError })
        .where('id', '=', job.id)
        .execute();
    }
  }
}
