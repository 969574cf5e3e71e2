import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * A pg Pool for Kysely whose connections prepare each statement once and reuse its plan.
 *
 * Kysely sends every query as an unnamed statement, so PostgreSQL parses and plans it on
 * every call; for the short statements of a paged list, planning costs as much as running
 * them. Naming the statement by a hash of its text lets pg prepare it once per connection.
 * Only statements with parameters are named (values never become part of a name): one without
 * any may be a script of several statements, which cannot be prepared.
 * The texts are Kysely's compiled SQL with placeholders,
 * but a connection still keeps at most `maxPerConnection` of them: statements beyond that run
 * unnamed, as before, so an unusual mix of queries cannot grow a backend's memory without bound.
 */
export function preparingPool(
  pool: pg.Pool,
  { maxPerConnection = 500, onConnectionError }: { maxPerConnection?: number; onConnectionError?: (error: Error) => void } = {},
): PostgresPool & { inUse(): number } {
  const prepared = new WeakMap<pg.PoolClient, Set<string>>();
  const names = new Map<string, string>();
  /** Connections handed out or asked for and not yet released: shutdown waits for none. */
  let inUse = 0;

  const nameOf = (text: string): string => {
    let name = names.get(text);
    if (name === undefined) {
      name = `k${createHash('sha1').update(text).digest('base64url')}`;
      // The name cache only saves hashing; when it is full, start it again.
      if (names.size >= 5_000) names.clear();
      names.set(text, name);
    }
    return name;
  };

  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    // A connection that drops while it is checked out (between the statements of a transaction)
    // is an 'error' event of the client, which pg-pool only hears while the client is idle:
    // unheard, it would end the process. The failed statement reports the error to its caller;
    // the client goes back broken, so the pool discards it instead of lending it again.
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken = error;
      onConnectionError?.(error);
    };
    client.on('error', onError);
    return {
      // Kysely calls query(sql, parameters) only: its cursor overload needs a `cursor` in the dialect, which is not set.
      query: ((text: string, values: readonly unknown[]) => {
        // Without parameters pg sends the simple protocol, which also runs multi-statement scripts (migrations).
        if (values.length === 0) return client.query(text);
        let known = prepared.get(client);
        if (!known) {
          known = new Set();
          prepared.set(client, known);
        }
        const name = nameOf(text);
        if (!known.has(name)) {
          if (known.size >= maxPerConnection) return client.query(text, [...values]);
          known.add(name);
        }
        return client.query({ name, text, values: [...values] });
      }) as unknown as PostgresPoolClient['query'],
      release: () => {
        inUse -= 1;
        client.removeListener('error', onError);
        client.release(broken);
      },
    };
  };

  return {
    connect: async () => {
      inUse += 1;
      try {
        return wrap(await pool.connect());
      } catch (error) {
        inUse -= 1;
        throw error;
      }
    },
    end: () => pool.end(),
    inUse: () => inUse,
  };
}
