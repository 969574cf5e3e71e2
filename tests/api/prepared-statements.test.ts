/**
 * On PostgreSQL (the CI's second pass) the server's pool prepares parameterised statements once
 * per connection (server/db/prepared-pool.ts); scripts without parameters still run (migrations).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.ts';

const databaseUrl = process.env.DATABASE_URL;
let db: Database | undefined;
beforeAll(async () => { if (databaseUrl) db = await createDatabase({ databaseUrl, poolSize: 1 }); });
afterAll(async () => { await db?.destroy(); });

describe.skipIf(!databaseUrl)('prepared statements on PostgreSQL', () => {
  it('prepares a parameterised statement once and reuses it on the connection', async () => {
    await db!.connection().execute(async (connection) => {
      const first = await sql<{ n: number }>`select ${41}::int + 1 as n`.execute(connection);
      const second = await sql<{ n: number }>`select ${1}::int + 1 as n`.execute(connection);
      expect([first.rows[0]?.n, second.rows[0]?.n]).toEqual([42, 2]);
      const named = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements where statement like ${'%::int + 1 as n'}`.execute(connection);
      expect(named.rows).toHaveLength(1);
      expect(named.rows[0]!.name).toMatch(/^k/);
    });
  });

  it('runs a script of several statements without parameters', async () => {
    const result = await sql<{ n: number }>`create temporary table if not exists prepared_probe(n int); select 1 as n`.execute(db!);
    expect(result.rows).toBeDefined();
  });
});
