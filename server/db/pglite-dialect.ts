import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * Kysely dialect for the embedded PGlite database.
 * PGlite is one connection, so the driver hands it to one caller at a time: a transaction
 * holds it until commit, which keeps concurrent requests from interleaving inside it.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;
  private releaseCurrent: (() => void) | undefined;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    // Yield to the event loop between queries, so new connections are accepted while a
    // burst of queued queries runs (without it the first requests of a burst starve).
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.releaseCurrent = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(): Promise<void> {
    const release = this.releaseCurrent;
    this.releaseCurrent = undefined;
    release?.();
  }
  async destroy(): Promise<void> {
    await this.pglite.close();
  }
}

/** Statements kept prepared at most; past it they run unnamed, so an unusual mix cannot grow the database's memory without bound. */
const MAX_PREPARED = 500;

/** The values as the text protocol sends them, or undefined when one is of a kind left to PGlite's own serializers (dates, arrays, json, bytes). */
function textValues(parameters: readonly unknown[]): Array<string | null> | undefined {
  const values = new Array<string | null>(parameters.length);
  for (let at = 0; at < parameters.length; at += 1) {
    const value = parameters[at];
    if (value === null || value === undefined) values[at] = null;
    else if (typeof value === 'string') values[at] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) values[at] = String(value);
    else if (typeof value === 'boolean') values[at] = value ? 't' : 'f';
    else return undefined;
  }
  return values;
}

const concatenate = (parts: readonly Uint8Array[]): Uint8Array => {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
};

class PGliteConnection implements DatabaseConnection {
  /** Named statements by their SQL (issue 25): parsed and planned once, as the PostgreSQL pool does (server/db/prepared-pool.ts). */
  private readonly prepared = new Map<string, string>();
  /** Names are never reused, so a closed statement's name cannot be bound by mistake. */
  private nextStatement = 0;

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Scripts (migrations) hold several statements, which only the simple protocol accepts.
    if (compiled.parameters.length === 0 && compiled.sql.includes(';')) {
      const results = await this.pglite.exec(compiled.sql);
      return { rows: (results.at(-1)?.rows ?? []) as R[] };
    }
    const values = compiled.parameters.length > 0 ? textValues(compiled.parameters) : undefined;
    const result =
      values && (this.prepared.has(compiled.sql) || this.prepared.size < MAX_PREPARED)
        ? await this.executePrepared<R>(compiled.sql, values)
        : await this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && /^\s*(insert|update|delete|merge)/i.test(compiled.sql) ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  /**
   * A statement with parameters as a named prepared statement: PGlite's query() sends parse,
   * describe, bind, describe, execute and sync as six calls into the database, and parses and plans
   * the statement every time; here the first call parses it once, and each call is one message of
   * bind, describe, execute and sync. Only text values go this way (textValues): typed as
   * PostgreSQL infers them, as PGlite's unnamed statements are.
   */
  private async executePrepared<R>(sqlText: string, values: Array<string | null>): Promise<Results<R>> {
    // The lookup, the name and the parse happen in one exclusive turn: two statements first run
    // at the same time (a request's reads beside a job's) would otherwise both take the next
    // name, and the second would bind the first's statement or close it under it.
    const messages = await this.pglite.runExclusive(async () => {
      let name = this.prepared.get(sqlText);
      const parsing = name === undefined;
      const parts: Uint8Array[] = [];
      if (name === undefined) {
        name = `k${this.nextStatement++}`;
        parts.push(serialize.parse({ name, text: sqlText, types: [] }));
      }
      parts.push(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
      try {
        const { messages: answered } = await this.pglite.execProtocol(concatenate(parts));
        if (parsing) this.prepared.set(sqlText, name);
        return answered;
      } catch (error) {
        // A statement parsed in a call that failed later (a constraint, a bad value) exists: close it, so no name is left half made.
        if (parsing) await this.pglite.execProtocol(concatenate([serialize.close({ type: 'S', name }), serialize.sync()]));
        throw error;
      }
    });
    const [result] = parse.parseResults(messages, this.pglite.parsers) as Array<Results<R>>;
    return result ?? { rows: [], fields: [] };
  }

  // Streaming is only used by the CSV export; PGlite holds results in memory anyway,
  // so we page through them in chunks of the requested size.
  async *streamQuery<R>(compiled: CompiledQuery, chunkSize = 1000): AsyncIterableIterator<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    for (let start = 0; start < result.rows.length; start += chunkSize) {
      yield { rows: result.rows.slice(start, start + chunkSize) };
    }
  }
}
