import { buildApp } from '../../server/app.ts';
import { systemClock } from '../../server/clock.ts';
import { createDatabase } from '../../server/db/database.ts';
import { MemoryMailer } from '../../server/mail/mailer.ts';
import { loadPolicy } from '../../server/policy/load.ts';
import { loadTenants } from '../../server/tenants/store.ts';

/**
 * The API's OpenAPI document, from an in-process app: no server, no port, no data (the document
 * depends on the routes' schemas only, so an empty in-memory database suffices).
 */
export async function apiDocument(): Promise<Record<string, unknown>> {
  const db = await createDatabase({ dataDir: 'memory://' });
  const app = await buildApp({
    db,
    clock: systemClock,
    mailer: new MemoryMailer(),
    tenants: loadTenants('tenants'),
    policy: loadPolicy(),
    logLevel: 'silent',
  });
  try {
    await app.ready();
    return structuredClone(app.swagger()) as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await db.destroy();
  }
}
