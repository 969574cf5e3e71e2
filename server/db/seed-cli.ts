/**
 * npm run seed [-- --invoices N]
 * Opens the database (DATABASE_URL for PostgreSQL, else PGlite in DATA_DIR or ./data), migrates,
 * seeds the demo tenant when no user exists, then adds N bench invoices to customer C-9000.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { addBenchInvoices, isDatabaseEmpty, seedDemo } from './seed.ts';
import { createDatabase } from './database.ts';
import { resolveCardKeys } from '../cards/card-keys.ts';
import { setProcessKeyring } from '../cards/pan-vault.ts';
import { migrateToLatest } from './migrate.ts';

function parseInvoices(args: string[]): number | undefined {
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    let value: string | undefined;
    if (arg === '--invoices') value = args[index + 1];
    else if (arg.startsWith('--invoices=')) value = arg.slice('--invoices='.length);
    else continue;
    const count = Number(value?.replace(/_/g, ''));
    if (value === undefined || !Number.isInteger(count) || count < 0) {
      throw new Error(`--invoices expects a non-negative whole number, got '${value ?? ''}'`);
    }
    return count;
  }
  return undefined;
}

async function main(): Promise<void> {
  const invoices = parseInvoices(process.argv.slice(2));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || './data';
  const target = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
  // PGlite creates its own directory but not missing parents.
  if (!databaseUrl && !dataDir.includes('://')) mkdirSync(dirname(resolve(dataDir)), { recursive: true });
  // The same keys the server will open the card numbers with.
  setProcessKeyring(resolveCardKeys({ keys: process.env.CARD_ENCRYPTION_KEYS, databaseUrl, dataDir }));
  const db = await createDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    await migrateToLatest(db);
    console.log(`Migrated ${target}.`);
    if (await isDatabaseEmpty(db)) {
      const started = Date.now();
      await seedDemo(db);
      console.log(
        `Seeded the demo tenant in ${Date.now() - started} ms (users admin, payer, viewer, cardviewer, safety, corporate, dealer, locked, ssouser; fleetadmin in fleet).`,
      );
    } else {
      console.log('Database already has users; demo seed skipped.');
    }
    if (invoices !== undefined) {
      const started = Date.now();
      await addBenchInvoices(db, invoices);
      console.log(`Added ${invoices} bench invoices to customer C-9000 in ${Date.now() - started} ms.`);
    }
  } finally {
    await db.destroy();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
