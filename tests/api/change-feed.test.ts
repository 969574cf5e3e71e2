/**
 * The change feed (server/db/change-feed.ts): publishes reach every subscriber of the channel in
 * every feed on the database, at commit and never on rollback, only within the schema's namespace,
 * and a listener whose backend is killed comes back by itself and resyncs (PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChangeFeed, MAX_PAYLOAD_BYTES, type ChangeFeed } from '../../server/db/change-feed.ts';
import { createDatabase, type Database } from '../../server/db/database.ts';
import type { BackgroundLog } from '../../server/background-log.ts';

const databaseUrl = process.env.DATABASE_URL;
// pg_notify needs no tables: a schema name that exists nowhere still namespaces the channels.
const searchPath = `t_${randomBytes(6).toString('hex')}`;
const quiet: BackgroundLog = { warn: () => {}, info: () => {} };
const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

let db: Database;
const feeds: ChangeFeed[] = [];

function feed(options: { searchPath?: string; applicationName?: string } = {}): ChangeFeed {
  const created = createChangeFeed({ db, databaseUrl, searchPath, log: quiet, ...options });
  feeds.push(created);
  return created;
}

/** Records what a subscription hears; resolves once it is live. */
async function listen(on: ChangeFeed, channel: string) {
  const heard = { messages: [] as string[], resyncs: 0, pauses: 0 };
  const unsubscribe = on.subscribe(channel, {
    onMessage: (payload) => heard.messages.push(payload),
    onResync: () => {
      heard.resyncs += 1;
    },
    onPause: () => {
      heard.pauses += 1;
    },
  });
  await waitFor(() => expect(heard.resyncs).toBeGreaterThan(0));
  return { heard, unsubscribe };
}

beforeAll(async () => {
  db = await createDatabase(databaseUrl ? { databaseUrl, searchPath, poolSize: 4 } : { dataDir: 'memory://' });
});
afterAll(async () => {
  for (const each of feeds) await each.close();
  await db?.destroy();
});

describe('change feed', () => {
  it('delivers a publish by either of two feeds to both, the publisher included', async () => {
    const [first, second] = [feed(), feed()];
    const one = await listen(first!, 'sessions');
    const two = await listen(second!, 'sessions');
    await first!.publish(db, 'sessions', 'from the first');
    await second!.publish(db, 'sessions', 'from the second');
    await waitFor(() => {
      expect(one.heard.messages).toEqual(['from the first', 'from the second']);
      expect(two.heard.messages).toEqual(['from the first', 'from the second']);
    });
  });

  it('delivers a publish inside a transaction at its commit, and never one rolled back', async () => {
    const publisher = feed();
    const { heard } = await listen(publisher, 'tenants');
    await db.transaction().execute(async (trx) => {
      await publisher.publish(trx, 'tenants', 'committed');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard.messages).toEqual([]);
    });
    await waitFor(() => expect(heard.messages).toEqual(['committed']));
    await expect(
      db.transaction().execute(async (trx) => {
        await publisher.publish(trx, 'tenants', 'rolled back');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await publisher.publish(db, 'tenants', 'after the rollback');
    await waitFor(() => expect(heard.messages).toEqual(['committed', 'after the rollback']));
  });

  it('keeps channels of another schema and other channels apart, and stops at unsubscribe', async () => {
    const ours = feed();
    const theirs = feed({ searchPath: `${searchPath}_other` });
    const heardOurs = await listen(ours, 'tenants');
    const heardOtherChannel = await listen(ours, 'sessions');
    const heardTheirs = await listen(theirs, 'tenants');
    await theirs.publish(db, 'tenants', 'theirs');
    await ours.publish(db, 'tenants', 'ours');
    await waitFor(() => expect(heardOurs.heard.messages).toEqual(['ours']));
    await waitFor(() => expect(heardTheirs.heard.messages).toEqual(['theirs']));
    expect(heardOtherChannel.heard.messages).toEqual([]);

    heardOurs.unsubscribe();
    await ours.publish(db, 'tenants', 'unheard');
    await ours.publish(db, 'sessions', 'marker');
    await waitFor(() => expect(heardOtherChannel.heard.messages).toEqual(['marker']));
    expect(heardOurs.heard.messages).toEqual(['ours']);
  });

  it('refuses a payload PostgreSQL would refuse and a channel name it would mangle', async () => {
    const publisher = feed();
    await expect(publisher.publish(db, 'tenants', 'x'.repeat(MAX_PAYLOAD_BYTES + 1))).rejects.toThrow(/exceeds 7000 bytes/);
    await expect(publisher.publish(db, 'Tenants; drop', 'x')).rejects.toThrow(/must match/);
  });

  it.runIf(databaseUrl)('pauses a listener whose backend was terminated, reconnects it, listens again and resyncs', async () => {
    const applicationName = `portal-test-feed-${randomBytes(4).toString('hex')}`;
    const listener = feed({ applicationName });
    const publisher = feed();
    const { heard } = await listen(listener, 'sessions');
    expect(heard.resyncs).toBe(1);
    expect(heard.pauses).toBe(0);
    const killed = await terminate(applicationName);
    expect(killed).toBe(1);
    await waitFor(() => expect(heard.resyncs).toBe(2));
    // The loss was told before the resync (issue 25: the session cache closes meanwhile).
    expect(heard.pauses).toBe(1);
    await publisher.publish(db, 'sessions', 'after the reconnection');
    await waitFor(() => expect(heard.messages).toEqual(['after the reconnection']));
  });
});

/** Kills the backends of one application name in our own database (other engineers share the server). */
async function terminate(applicationName: string): Promise<number> {
  const { rows } = await sql<{ pid: number }>`select pg_terminate_backend(pid) as pid from pg_stat_activity
    where application_name = ${applicationName} and datname = current_database()`.execute(db);
  return rows.length;
}
