/**
 * Cross-process change notifications through the database (DESIGN.md "Several processes are one
 * system"): a process that changes shared state publishes on a channel, and every process that
 * keeps something derived from it in memory (tenant configuration, cached sessions) hears it.
 *
 * PostgreSQL NOTIFY carries the message, so a publish inside a transaction is heard only once it
 * commits, and never when it rolls back. Notifications sent while a listener is disconnected are
 * lost for good: subscribers get `onResync` after every (re)connection and must then re-read what
 * they keep, as if every channel had changed.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type pg from 'pg';
import { consoleLog, type BackgroundLog } from '../background-log.ts';
import { embeddedDatabaseOf, type Database } from './database.ts';
import type { DB } from './schema.ts';

export interface ChangeFeedHandlers {
  onMessage(payload: string): void;
  /** The subscription is live (again): anything published before may have been missed. */
  onResync?(): void;
  /**
   * The subscription stopped hearing (its connection was lost): publishes from now until the next
   * onResync may be missed. A subscriber that keeps something only while it hears of its changes
   * (the session cache) stops keeping it here.
   */
  onPause?(): void;
}

export interface ChangeFeed {
  /** Announces a change on `channel` (payload ≤ 7,000 bytes); inside a transaction, delivered at its commit (pg_notify). */
  publish(db: Kysely<DB> | Transaction<DB>, channel: string, payload: string): Promise<void>;
  /**
   * Calls onMessage for every publish on channel by ANY process (this one included), and onResync
   * once the subscription is live and after every reconnection, since notifications sent while the
   * listener was away are lost. Returns an unsubscribe.
   */
  subscribe(channel: string, handlers: ChangeFeedHandlers): () => void;
  close(): Promise<void>;
}

export interface ChangeFeedOptions {
  /** The application's database: publishes go through it, and with PGlite so does listening. */
  db: Database;
  /** postgres://... for a PostgreSQL server (the listener gets a connection of its own); absent for PGlite. */
  databaseUrl?: string | undefined;
  /** The schema the database uses (DatabaseOptions.searchPath): channels are namespaced by it. */
  searchPath?: string | undefined;
  /** Shown in pg_stat_activity, so operators (and tests) can find the listener's backend. */
  applicationName?: string;
  /** Delay before the first reconnection attempt, doubled after each failure up to maxReconnectDelayMs. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  log?: BackgroundLog;
}

export const CHANGE_FEED_APPLICATION_NAME = 'portal-change-feed';
/** PostgreSQL refuses payloads of 8,000 bytes and more; the margin leaves room for the channel name. */
export const MAX_PAYLOAD_BYTES = 7_000;
/** Longer channel names are truncated by PostgreSQL (NAMEDATALEN - 1), which would merge channels. */
const MAX_CHANNEL_BYTES = 63;
const CHANNEL_PATTERN = /^[a-z0-9_-]{1,40}$/;

export function createChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  const namespace = channelNamespace(options.searchPath);
  const log = options.log ?? consoleLog;
  if (options.databaseUrl) {
    return new PostgresChangeFeed(namespace, log, {
      connectionString: options.databaseUrl,
      applicationName: options.applicationName ?? CHANGE_FEED_APPLICATION_NAME,
      firstDelayMs: options.reconnectDelayMs ?? 100,
      maxDelayMs: options.maxReconnectDelayMs ?? 5_000,
    });
  }
  return new EmbeddedChangeFeed(namespace, log, options.db);
}

/**
 * Test schemas share one database, and NOTIFY is database-wide: the schema prefixes every channel.
 * A long schema name is shortened to a hash, keeping the full name within PostgreSQL's limit.
 */
function channelNamespace(searchPath: string | undefined): string {
  const schema = (searchPath ?? 'public').split(',')[0]!.trim().toLowerCase();
  return schema.length <= 20 ? schema : createHash('sha256').update(schema).digest('hex').slice(0, 20);
}

/** Routes notifications of namespaced channels to their subscribers; shared by both transports. */
abstract class ChangeFeedBase implements ChangeFeed {
  protected readonly subscribers = new Map<string, Set<ChangeFeedHandlers>>();
  protected closed = false;

  constructor(
    private readonly namespace: string,
    protected readonly log: BackgroundLog,
  ) {}

  async publish(db: Kysely<DB> | Transaction<DB>, channel: string, payload: string): Promise<void> {
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      throw new RangeError(`Change feed payload on ${channel} exceeds ${MAX_PAYLOAD_BYTES} bytes`);
    }
    await sql`select pg_notify(${this.qualified(channel)}, ${payload})`.execute(db);
  }

  subscribe(channel: string, handlers: ChangeFeedHandlers): () => void {
    if (this.closed) throw new Error('Change feed is closed');
    const name = this.qualified(channel);
    let set = this.subscribers.get(name);
    const first = !set;
    if (!set) this.subscribers.set(name, (set = new Set()));
    set.add(handlers);
    this.listen(name, first, handlers);
    return () => {
      if (!set.delete(handlers) || set.size > 0 || this.subscribers.get(name) !== set) return;
      this.subscribers.delete(name);
      this.unlisten(name);
    };
  }

  abstract close(): Promise<void>;

  /** Starts listening on `name` (when `first`), then tells `handlers` the subscription is live. */
  protected abstract listen(name: string, first: boolean, handlers: ChangeFeedHandlers): void;
  protected abstract unlisten(name: string): void;

  protected deliver(name: string, payload: string): void {
    for (const handlers of [...(this.subscribers.get(name) ?? [])]) {
      this.guard(name, () => handlers.onMessage(payload));
    }
  }

  protected resync(handlers: Iterable<ChangeFeedHandlers>, name: string): void {
    for (const each of [...handlers]) this.guard(name, () => each.onResync?.());
  }

  protected resyncAll(): void {
    for (const [name, set] of this.subscribers) this.resync(set, name);
  }

  protected pauseAll(): void {
    for (const [name, set] of this.subscribers) for (const each of [...set]) this.guard(name, () => each.onPause?.());
  }

  /** A subscriber's mistake must not stop delivery to the others, nor kill the listener. */
  private guard(channel: string, call: () => void): void {
    try {
      call();
    } catch (error) {
      this.log.warn({ err: error, channel }, 'change feed subscriber failed');
    }
  }

  private qualified(channel: string): string {
    if (!CHANNEL_PATTERN.test(channel))
      throw new RangeError(`Change feed channel ${JSON.stringify(channel)} must match ${CHANNEL_PATTERN}`);
    const name = `${this.namespace}:${channel}`;
    if (Buffer.byteLength(name) > MAX_CHANNEL_BYTES) throw new RangeError(`Change feed channel ${name} is too long`);
    return name;
  }
}

/** The listener's LISTEN statement; the channel is an identifier, quoted so ':' and case survive. */
const listenStatement = (verb: 'listen' | 'unlisten', name: string) => `${verb} "${name.replaceAll('"', '""')}"`;

/**
 * PGlite is one process and one session: LISTEN runs through the application's own database
 * (queued like any query, so it never lands inside another caller's transaction) and PGlite hands
 * every notification to one callback.
 */
class EmbeddedChangeFeed extends ChangeFeedBase {
  private readonly stopNotifications: () => void;

  constructor(
    namespace: string,
    log: BackgroundLog,
    private readonly db: Database,
  ) {
    super(namespace, log);
    const pglite = embeddedDatabaseOf(db);
    if (!pglite) throw new Error('createChangeFeed needs databaseUrl unless the database is the embedded PGlite');
    this.stopNotifications = pglite.onNotification((channel, payload) => this.deliver(channel, payload));
  }

  protected listen(name: string, first: boolean, handlers: ChangeFeedHandlers): void {
    const live = first
      ? sql
          .raw(listenStatement('listen', name))
          .execute(this.db)
          .then(() => {})
      : Promise.resolve();
    live.then(
      () => {
        if (!this.closed) this.resync([handlers], name);
      },
      (error: unknown) => this.log.warn({ err: error, channel: name }, 'change feed could not listen'),
    );
  }

  /**
   * Stays listening: other feeds on the same PGlite (a test's second app instance) may share the
   * channel, and a notification nobody subscribes to is dropped by deliver() at no cost.
   */
  protected unlisten(): void {}

  async close(): Promise<void> {
    this.closed = true;
    this.stopNotifications();
    this.subscribers.clear();
  }
}

interface PostgresListenerSettings {
  connectionString: string;
  applicationName: string;
  firstDelayMs: number;
  maxDelayMs: number;
}

/**
 * One dedicated connection (not from the pool, which would hand it back and lose the LISTEN) holds
 * every subscribed channel. It connects on the first subscription; when it is lost (database
 * restart, pg_terminate_backend, network) it reconnects with capped exponential back-off,
 * listens again and resyncs every subscriber.
 */
class PostgresChangeFeed extends ChangeFeedBase {
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  /** Connections already given up: their later 'error'/'end' events must not schedule another reconnection. */
  private readonly retired = new WeakSet<pg.Client>();

  constructor(
    namespace: string,
    log: BackgroundLog,
    private readonly settings: PostgresListenerSettings,
  ) {
    super(namespace, log);
  }

  protected listen(name: string, first: boolean, handlers: ChangeFeedHandlers): void {
    const client = this.client;
    // Without a connection, the (re)connection listens on every channel and resyncs everyone.
    if (!client) {
      this.connect();
      return;
    }
    const live = first ? client.query(listenStatement('listen', name)).then(() => {}) : Promise.resolve();
    live.then(
      () => {
        if (this.client === client) this.resync([handlers], name);
      },
      // The connection failed under the query: its 'error'/'end' handling reconnects and resyncs.
      (error: unknown) => this.log.warn({ err: error, channel: name }, 'change feed could not listen'),
    );
  }

  protected unlisten(name: string): void {
    this.client?.query(listenStatement('unlisten', name)).catch((error: unknown) => {
      // Unsubscribing just before close() is the usual shutdown order; the ended connection listens to nothing.
      if (!this.closed) this.log.warn({ err: error, channel: name }, 'change feed could not unlisten');
    });
  }

  private connect(): void {
    if (this.closed || this.client || this.connecting || this.reconnectTimer) return;
    this.connecting = this.openListener().finally(() => {
      this.connecting = undefined;
    });
  }

  private async openListener(): Promise<void> {
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client({
      connectionString: this.settings.connectionString,
      application_name: this.settings.applicationName,
      // An idle listener whose peer vanished without a word (a network partition) would otherwise
      // look connected for hours; TCP keepalive finds it within about a minute and lost() follows.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An 'error' event without a listener would crash the process; every loss ends up in lost().
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, undefined));
    client.on('notification', (message) => this.deliver(message.channel, message.payload ?? ''));
    try {
      await client.connect();
      for (const name of this.subscribers.keys()) await client.query(listenStatement('listen', name));
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    if (this.failures > 0) this.log.info({ attempts: this.failures }, 'change feed listener reconnected');
    this.failures = 0;
    this.client = client;
    this.resyncAll();
  }

  /** Called for the error and the end of one connection (often both): reconnects once. */
  private lost(client: pg.Client, error: unknown): void {
    if (this.retired.has(client)) return;
    this.retired.add(client);
    if (this.client === client) {
      this.client = undefined;
      // Subscribers were live on this connection: from now on they miss what is published.
      if (!this.closed) this.pauseAll();
    }
    client.end().catch(() => {});
    if (this.closed || this.reconnectTimer) return;
    const delay = Math.min(this.settings.maxDelayMs, this.settings.firstDelayMs * 2 ** this.failures);
    this.failures += 1;
    this.log.warn({ err: error, retryInMs: delay }, 'change feed listener lost its database connection');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    await this.connecting;
    const client = this.client;
    this.client = undefined;
    this.subscribers.clear();
    await client?.end().catch(() => {});
  }
}
