import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { parseKeyring, setProcessKeyring } from '../../server/cards/pan-vault.ts';
import { createDatabase, type Database, embeddedDatabaseOf } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedDemo } from '../../server/db/seed.ts';

export interface SeedOptions {
  today: string;
  bigCustomerInvoices: number;
}

/**
 * A freshly seeded in-memory embedded database. Starting PGlite, migrating and seeding take
 * seconds per test file; loading a dump of the same seed takes a fraction of that. So the first
 * file of a run that asks for a seed keeps a dump of it, and the others start from that dump.
 * Outside a run that provides a folder (a test run on its own), every database is seeded anew.
 */
export async function seededEmbeddedDatabase(seed: SeedOptions): Promise<Database> {
  const run = inject('seededDatabases') as { dir: string; cardKeys: string } | undefined;
  if (!run) return seedNew(seed);
  // Every worker seals and opens card numbers with the run's key, whichever worker seeded.
  setProcessKeyring(parseKeyring(run.cardKeys));
  const file = join(run.dir, `seed-${seed.today}-${seed.bigCustomerInvoices}.tar`);
  if (existsSync(file)) return createDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(file)]) });
  const db = await seedNew(seed);
  const dump = await embeddedDatabaseOf(db)!.dumpDataDir('none');
  // Written aside and renamed, so a worker never reads a half-written dump; two workers seeding
  // the same at once both write the same content.
  const partial = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return db;
}

async function seedNew(seed: SeedOptions): Promise<Database> {
  const db = await createDatabase({ dataDir: 'memory://' });
  await migrateToLatest(db, undefined);
  await seedDemo(db, seed);
  return db;
}
