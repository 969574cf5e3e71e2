/**
 * Whether an error means "the database is not there right now" (a restart, a failover, a dropped
 * or timed-out connection), as opposed to a query that is wrong. Such a request is answered 503
 * with Retry-After and the process carries on: the pool opens new connections once the database
 * is back, so nobody has to restart anything.
 */

/** Socket-level failures of the driver (node:net). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server going away or refusing connections: class 08 (connection
 * exception), 57P01–57P03 (admin shutdown, crash shutdown, cannot connect now), 53300 (too many
 * connections).
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What pg and pg-pool say when a connection ended or none could be had in time; they set no code. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client was closed and is not queryable',
  'Connection ended unexpectedly',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (DRIVER_MESSAGES.some((message) => current instanceof Error && current.message.includes(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Resolves once the database answers, trying again with a growing pause (1 s up to 10 s) while
 * it is unavailable, so a server started before its database (a restart of both, a failover)
 * comes up by itself. Any other error (a wrong password, a missing database) is thrown at once.
 */
export async function untilDatabaseAnswers(ping: () => Promise<unknown>, onWait: (error: Error, retryInMs: number) => void): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await ping();
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const retryInMs = Math.min(10_000, 1_000 * 2 ** attempt);
      onWait(error as Error, retryInMs);
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
    }
  }
}
