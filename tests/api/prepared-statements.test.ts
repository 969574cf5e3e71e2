/**
 * On PostgreSQL (the CI's second pass) the server's pool prepares parameterised statements once
 * per connection (server/db/prepared-pool.ts); scripts without parameters still run (migrations).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/database.ts';

const databaseUrl = process.env.DATABASE_URL;
let db: Database | undefined;
beforeAll(async () => {
  if (databaseUrl) db = await createDatabase({ databaseUrl, poolSize: 1 });
});
afterAll(async () => {
  await db?.destroy();
});

describe.skipIf(!databaseUrl)('prepared statements on PostgreSQL', () => {
  it('prepares a parameterised statement once and reuses it on the connection', async () => {
    await db!.connection().execute(async (connection) => {
      const first = await sql<{ n: number }>`select ${41}::int + 1 as n`.execute(connection);
      const second = await sql<{ n: number }>`select ${1}::int + 1 as n`.execute(connection);
      expect([first.rows[0]?.n, second.rows[0]?.n]).toEqual([42, 2]);
      const named = await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements where statement like ${'%::int + 1 as n'}`.execute(connection);
      expect(named.rows).toHaveLength(1);
      expect(named.rows[0]!.name).toMatch(/^k/);
    });
  });

  it('runs a script of several statements without parameters', async () => {
    const result = await sql<{ n: number }>`create temporary table if not exists prepared_probe(n int); select 1 as n`.execute(db!);
    expect(result.rows).toBeDefined();
  });
});

describe('prepared statements on PGlite', () => {
  let embedded: Database;
  beforeAll(async () => {
    embedded = await createDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await embedded.destroy();
  });

  it('prepares a parameterised statement once and reuses it', async () => {
    const first = await sql<{ n: number }>`select ${41}::int + 1 as n`.execute(embedded);
    const second = await sql<{ n: number }>`select ${1}::int + 1 as n`.execute(embedded);
    expect([first.rows[0]?.n, second.rows[0]?.n]).toEqual([42, 2]);
    const named = await sql<{ name: string }>`select name from pg_prepared_statements where statement like ${'%::int + 1 as n'}`.execute(
      embedded,
    );
    expect(named.rows).toHaveLength(1);
    expect(named.rows[0]!.name).toMatch(/^k/);
  });

  it('reads text, numbers, flags, nulls, days and json as an unnamed statement does', async () => {
    const row = { t: "x'y", i: 7, b: true, z: null, d: '2026-11-27' };
    const prepared = await sql<
      Record<string, unknown>
    >`select ${row.t}::text as t, ${row.i}::bigint as i, ${row.b}::boolean as b, ${row.z}::text as z, ${row.d}::date as d, json_build_object('k', ${row.i}::int) as j`.execute(
      embedded,
    );
    expect(prepared.rows).toEqual([{ ...row, j: { k: 7 } }]);
  });

  it('reports a failed statement, and the same text runs again afterwards', async () => {
    await sql`create table if not exists prepared_once (n int primary key)`.execute(embedded);
    const insert = (n: number) => sql`insert into prepared_once (n) values (${n})`.execute(embedded);
    expect(Number((await insert(1)).numAffectedRows)).toBe(1);
    await expect(insert(1)).rejects.toMatchObject({ code: '23505' });
    expect(Number((await insert(2)).numAffectedRows)).toBe(1);
    // A statement whose first run fails is closed again: its name is free for the next.
    const fresh = (n: number) => sql`insert into prepared_once (n) values (${n}) returning n`.execute(embedded);
    await expect(fresh(1)).rejects.toMatchObject({ code: '23505' });
    expect((await fresh(3)).rows).toEqual([{ n: 3 }]);
    await expect(sql`select ${1}::int from no_such_table`.execute(embedded)).rejects.toThrow(/no_such_table/);
    expect((await sql<{ n: number }>`select ${5}::int as n`.execute(embedded)).rows).toEqual([{ n: 5 }]);
  });

  it('leaves dates to PGlite, inside a transaction too', async () => {
    const at = new Date('2026-11-27T12:00:00Z');
    const rows = await embedded
      .transaction()
      .execute(async (trx) => (await sql<{ at: Date }>`select ${at}::timestamptz as at`.execute(trx)).rows);
    expect(rows[0]!.at.toISOString()).toBe(at.toISOString());
  });
});
