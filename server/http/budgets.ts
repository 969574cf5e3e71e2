import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * Counters in fixed windows that every server process shares (issue 22 item 7): the per-address
 * rate limits and the per-name sign-in, recovery and SSO budgets count here, in PostgreSQL (or the
 * embedded PGlite), so N processes allow what one does. Windows are measured on the database's
 * clock, the one clock all processes agree on. Keys are stored hashed: no name or address is kept.
 */
export interface Budgets {
  /**
   * Adds one to `key`'s count in its window (a new window of `windowMs` starts when the last has
   * ended) and answers the count, this one included, and the time left in the window.
   */
  spend(key: string, windowMs: number): Promise<BudgetState>;
  /** Gives one back (an attempt that turned out not to count); never below zero. */
  refund(key: string): Promise<void>;
  /** The count and time left, changing nothing. */
  read(key: string): Promise<BudgetState>;
}

export interface BudgetState {
  count: number;
  resetInMs: number;
}

const hashed = (key: string) => createHash('sha256').update(key).digest('base64url');

export function databaseBudgets(db: Database): Budgets {
  return {
    async spend(key, windowMs) {
      // One statement: concurrent spends from any process each see a distinct count.
      const { rows } = await sql<{ count: number; reset_in_ms: number }>`
        insert into request_budgets as b (key, count, window_ends)
        values (${hashed(key)}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          count = case when b.window_ends <= now() then 1 else b.count + 1 end,
          window_ends = case when b.window_ends <= now() then excluded.window_ends else b.window_ends end
        returning count, greatest(0, ceil(extract(epoch from (window_ends - now())) * 1000))::int as reset_in_ms`.execute(db);
      const [row] = rows;
      return { count: Number(row?.count ?? 1), resetInMs: Number(row?.reset_in_ms ?? windowMs) };
    },
    async refund(key) {
      await db
        .updateTable('request_budgets')
        .set({ count: sql`greatest(0, count - 1)` })
        .where('key', '=', hashed(key))
        .where('window_ends', '>', sql<Date>`now()`)
        .execute();
    },
    async read(key) {
      const { rows } = await sql<{ count: number; reset_in_ms: number }>`
        select count, greatest(0, ceil(extract(epoch from (window_ends - now())) * 1000))::int as reset_in_ms
        from request_budgets where key = ${hashed(key)} and window_ends > now()`.execute(db);
      const [row] = rows;
      return row ? { count: Number(row.count), resetInMs: Number(row.reset_in_ms) } : { count: 0, resetInMs: 0 };
    },
  };
}

/** Ends of windows past which a budget's row is of no use: the housekeeping job removes them. */
export async function purgeSpentBudgets(db: Database): Promise<number> {
  const result = await db.deleteFrom('request_budgets').where('window_ends', '<=', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What @fastify/rate-limit's `incr`/`read` hand their callback. */
interface RateLimitResult {
  current: number;
  ttl: number;
}
type RateLimitCallback = (error: Error | null, result?: RateLimitResult) => void;

/**
 * @fastify/rate-limit's store interface (its LocalStore and RedisStore are the plugin's own) over
 * shared budgets, so the plugin keeps doing what it does (keys, headers, 429) and the counts are
 * every process's.
 */
export function rateLimitStore(budgets: Budgets) {
  const answer = (state: Promise<BudgetState>, callback: RateLimitCallback) => {
    state.then(
      (found) => callback(null, { current: found.count, ttl: found.resetInMs }),
      (error: Error) => callback(error),
    );
  };
  return class SharedBudgetStore {
    incr(key: string, callback: RateLimitCallback, timeWindow: number): void {
      answer(budgets.spend(key, timeWindow), callback);
    }

    read(key: string, callback: RateLimitCallback): void {
      answer(budgets.read(key), callback);
    }

    child(): SharedBudgetStore {
      return new SharedBudgetStore();
    }
  };
}
