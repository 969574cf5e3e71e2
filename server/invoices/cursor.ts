import { sql, type Compilable, type OperationNodeSource } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * Streams a query's rows in chunks through a server-side cursor (DECLARE ... FETCH), so an
 * export of a million invoices never sits in memory, on PostgreSQL and on PGlite alike.
 *
 * Why not Kysely's `.stream()`: on PostgreSQL it needs the `pg-cursor` package passed to the
 * dialect as `cursor`, which this project does not install; a plain SQL cursor gives the same
 * chunked reads with the driver we have. The cursor lives in a read-only transaction that is
 * held for the duration of the download and is closed when the consumer stops early
 * (the client went away): the generator's `finally` rolls it back.
 */
export async function* streamRows<R>(db: Database, query: Compilable<R> & OperationNodeSource, chunkSize = 1000): AsyncGenerator<R[]> {
  const trx = await db.startTransaction().setAccessMode('read only').execute();
  let finished = false;
  try {
    // The whole result is read: plan for all rows, not for a fast first few (the cursor default).
    await sql`set local cursor_tuple_fraction = 1.0`.execute(trx);
    await sql`declare invoice_export no scroll cursor for ${query}`.execute(trx);
    for (;;) {
      const { rows } = await sql<R>`fetch forward ${sql.lit(chunkSize)} from invoice_export`.execute(trx);
      if (rows.length > 0) yield rows;
      if (rows.length < chunkSize) break;
    }
    await trx.commit().execute();
    finished = true;
  } finally {
    if (!finished) await trx.rollback().execute();
  }
}
