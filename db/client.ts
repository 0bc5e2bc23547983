import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { withPreparedStatements } from './pglite-statements';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/**
 * 64-bit integers (money in cents, counts, sums) read as numbers, as PGlite reads them, rather than node-postgres's
 * strings; one beyond 2^53 would lose digits, and is refused instead. NOTE: set on node-postgres's shared parsers:
 * drizzle passes its own per-query parsers, which fall back to these.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, (text: string) => {
  const value = Number(text);
  if (!Number.isSafeInteger(value))
    throw new RangeError(`64-bit integer ${text} is beyond what a number holds exactly`);
  return value;
});

export type Schema = typeof schema;
/** The one database type services receive: PGlite and node-postgres share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations (serialised across processes on PostgreSQL). */
  migrate(): Promise<void>;
  /** Runs fn while holding a cluster-wide lock (PostgreSQL advisory lock; PGlite is single-process). */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a tarball of the data directory, for fast test copies. */
  dumpDataDir?(): Promise<Blob>;
  /**
   * Calls onNotify for every NOTIFY on `channel` (from this or, on PostgreSQL, any other process) once the
   * sending transaction commits. `listening()` is false until LISTEN is in place and while its connection is
   * lost; a lost connection also calls onNotify, with null (a notification may have been missed). The payload is
   * the notification's. Closed with the database.
   */
  watch(channel: string, onNotify: (payload: string | null) => void): Watch;
  /** With `countStatements`: the SQL statements sent so far (transactions' begin and commit among them). */
  statementCount?(): number;
  /** PostgreSQL: the pool's connections, idle ones among them, and the requests waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export interface Watch {
  listening(): boolean;
  /** Resolves once LISTEN is in place (or the database closed). */
  ready: Promise<void>;
}

/**
 * Runs `work` in a transaction (a savepoint when `db` is one already), committed when it resolves and rolled back
 * when it throws. `work` gets the transaction as the one `Db` type services take, to pass on to them; a thrown error
 * does what drizzle's `rollback()` does.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}

/**
 * Runs `work` in a transaction whose commit does not wait for the disk (PostgreSQL's `synchronous_commit`, for this
 * transaction only): for writes a crash may lose at no cost, such as a budget's use or a mark another step writes
 * again. A later commit that does wait makes them durable with it.
 */
export function transactionWithoutFlush<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    return work(tx);
  });
}

/** SQLSTATE of a row that breaks a table's check constraint. */
export const CHECK_VIOLATION = '23514';

/**
 * The SQLSTATE of a database error (node-postgres or PGlite), looked for through the causes the query builder
 * wraps it in; undefined for anything else.
 */
export function databaseErrorCode(error: unknown): string | undefined {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const STARTUP_LOCK_KEY = 727_001;

export interface OpenOptions {
  /** postgres://… selects PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string | undefined;
  /** PGlite: start from this data-directory tarball (tests). */
  loadDataDir?: Blob | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * Count the statements sent (`Database.statementCount`), for the benchmarks. NOTE: off, queries go to the driver
   * as they are, with nothing in between.
   */
  countStatements?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const counter = options.countStatements ? { statements: 0 } : null;
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? 10, counter)
    : await openPglite(options.dataDir, options.loadDataDir, counter);
  return counter ? { ...database, statementCount: () => counter.statements } : database;
}

interface StatementCounter {
  statements: number;
}

/** Statement texts given a name at most; past it, a new text is sent unnamed (parsed and planned each time). */
const MAX_STATEMENT_NAMES = 500;

/**
 * Names for the parameterised statements sent to PostgreSQL, one per text, the same on every connection of the pool:
 * node-postgres parses a named statement once per connection and then only binds and executes it, so PostgreSQL
 * neither parses nor plans it again (decision 037). Statements without parameters (a transaction's begin and commit,
 * a migration's) go as they are.
 */
export function statementNames(max = MAX_STATEMENT_NAMES) {
  const byText = new Map<string, string>();
  return {
    named(config: unknown, values: unknown): unknown {
      if (typeof config !== 'object' || config === null || !Array.isArray(values) || !values.length) return config;
      const { text, name } = config as { text?: unknown; name?: unknown };
      if (name || typeof text !== 'string') return config;
      let given = byText.get(text);
      if (given === undefined) {
        if (byText.size >= max) return config;
        given = `sf_${byText.size + 1}`;
        byText.set(text, given);
      }
      return { ...config, name: given };
    },
  };
}

async function openPostgres(url: string, poolSize: number, counter: StatementCounter | null): Promise<Database> {
  // NOTE: no parallel workers for the app's queries. A storefront's queries are short, and starting workers costs
  // more than they save: at 100 000 products a search's p50 fell from ~100 to ~45 ms and its p95 from 152–173
  // to ~113 ms without them (README, benchmarks). Connections of other tools (imports, psql) keep the server's setting.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: '-c max_parallel_workers_per_gather=0',
  });
  // NOTE: an idle client error (server restart) must not crash the process; the pool reconnects.
  pool.on('error', () => {});
  const names = statementNames();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, values: unknown, ...rest: unknown[]) =>
      query(names.named(config, values), values, ...rest)) as typeof client.query;
  });
  // Every statement, the pool's own and a transaction's, goes through one of its clients' query.
  if (counter)
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        counter.statements++;
        return query(...args);
      }) as typeof client.query;
    });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const watchers: { close(): Promise<void> }[] = [];
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    watch(channel, onNotify) {
      const watcher = watchPostgres(url, channel, onNotify);
      watchers.push(watcher);
      return watcher;
    },
    async migrate() {
      await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async withStartupLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await Promise.all(watchers.map((w) => w.close()));
      await pool.end();
    },
  };
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
  counter: StatementCounter | null,
): Promise<Database> {
  let releaseLock = () => {};
  if (dataDir) {
    // NOTE: PGlite does not create parent folders and takes no lock of its own: two processes on one
    // data directory silently corrupt it. Hold a lock file for the life of this process.
    mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireLockFile(path.join(path.dirname(path.resolve(dataDir)), `${path.basename(dataDir)}.lock`));
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const prepared = withPreparedStatements(client);
  const db = drizzlePglite({
    client: counter ? countingStatements(prepared, counter) : prepared,
    schema,
  }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    watch(channel, onNotify) {
      let on = false;
      // PGlite is one connection in this process: a NOTIFY of any of its transactions reaches the listener on commit.
      const ready = client
        .listen(channel, (payload) => onNotify(payload))
        .then(
          () => {
            on = !client.closed;
          },
          () => {},
        );
      return { listening: () => on && !client.closed, ready };
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async withStartupLock(fn) {
      return fn();
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await client.close();
      releaseLock();
    },
    async dumpDataDir() {
      return client.dumpDataDir('none');
    },
  };
}

/** PGlite as drizzle uses it (query, transaction), counting each statement; a transaction adds its begin and end. */
function countingStatements(pg: PGlite, counter: StatementCounter): PGlite {
  const counted = <T extends { query: PGlite['query'] }>(client: T): T =>
    Object.assign(Object.create(client) as T, {
      query: ((...args: Parameters<PGlite['query']>) => {
        counter.statements++;
        return client.query(...args);
      }) as PGlite['query'],
    });
  return Object.assign(counted(pg), {
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => {
      counter.statements += 2;
      return pg.transaction((tx) => callback(counted(tx)));
    },
  });
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Exclusive lock file holding our pid; a stale one (its process gone) is taken over. */
function acquireLockFile(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(lockPath, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isFinite(pid) && pid !== process.pid && isProcessAlive(pid)) {
        throw new DatabaseLockedError(lockPath, pid);
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseLockedError(lockPath, Number.NaN);
}

export class DatabaseLockedError extends Error {
  constructor(lockPath: string, pid: number) {
    super(
      `The embedded database is already in use by another process (pid ${pid}, lock ${lockPath}). ` +
        'Stop that process, point DATA_DIR somewhere else, or set DATABASE_URL to share a PostgreSQL server.',
    );
    this.name = 'DatabaseLockedError';
  }
}

const RECONNECT_MS = 1_000;

/** LISTEN on a connection of its own (a pooled one would drop it), reconnecting until closed. */
function watchPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string | null) => void,
): Watch & { close(): Promise<void> } {
  let on = false;
  let closed = false;
  let current: pg.Client | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    if (on) onNotify(null);
    on = false;
    client.end().catch(() => {});
    if (!closed) timer = setTimeout(connect, RECONNECT_MS);
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    current = client;
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      if (closed || current !== client) return;
      // Whatever changed while no one listened is unknown: start afresh.
      onNotify(null);
      on = true;
      markReady();
    } catch {
      lost(client);
    }
  };
  void connect();
  return {
    listening: () => on,
    ready,
    async close() {
      closed = true;
      on = false;
      clearTimeout(timer);
      markReady();
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}
