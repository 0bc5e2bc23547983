import { type PGlite, type Transaction, parse, protocol } from '@electric-sql/pglite';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/** Statements kept prepared at once; the least recently used one is closed when a new one would pass it. */
const MAX_STATEMENTS = 500;

type Statement = { name: string; paramTypes: number[] };
type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

/**
 * PGlite as drizzle's client, with every statement prepared once, by name, and reused.
 *
 * PGlite's own `query` sends each statement as an unnamed one: parse, describe, bind, describe, execute and sync,
 * six calls into the database, which parses and plans the statement again every time (a lookup by primary key:
 * 247 µs, where a prepared one takes 84 µs). drizzle's named statements reach PGlite without their names.
 * Here a statement's text is parsed once under a name of its own (its parameters' types read with it), and each
 * call after is one bind, describe, execute and sync, in one call into the database. PostgreSQL's own plan cache
 * then serves it, as node-postgres's named statements are served on PostgreSQL.
 *
 * Everything else is PGlite's: the same locks as its `query` (a statement never runs inside another caller's
 * transaction), its serializers and parsers, its result shape and its errors.
 */
export function withPreparedStatements(pg: PGlite, maxStatements = MAX_STATEMENTS): PGlite {
  const statements = new Map<string, Statement>();
  let named = 0;
  /**
   * PGlite's parsers with a caller's own on top. NOTE: drizzle makes a new parsers object for every query it runs, so
   * the caller's few are laid over PGlite's through the prototype (PGlite looks a type up with `parsers[oid]`) instead
   * of copying all of PGlite's for each query.
   */
  function parsers(options: QueryOptions | undefined): typeof pg.parsers {
    const own = options?.parsers;
    return own ? Object.assign(Object.create(pg.parsers) as typeof pg.parsers, own) : pg.parsers;
  }

  async function prepare(text: string, syncToFs: boolean): Promise<Statement> {
    const name = `pglite_s${++named}`;
    // The least recently used statement is closed in the same call, past `maxStatements`.
    const closing: Uint8Array[] = [];
    if (statements.size >= maxStatements) {
      const oldest = statements.keys().next().value as string;
      closing.push(protocol.serialize.close({ type: 'S', name: (statements.get(oldest) as Statement).name }));
      statements.delete(oldest);
    }
    const { messages } = await pg.execProtocol(
      Buffer.concat([
        ...closing,
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, syncToFs: boolean) {
    // As PGlite's own query answers once the database is closed (the server stopping while a request waited).
    if (pg.closed) throw new Error('PGlite is closed');
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: the Map's order is the eviction order.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, syncToFs);
    }
    const { paramTypes } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = paramTypes[i] as number;
      const serialize = options?.serializers?.[type] ?? pg.serializers[type];
      return serialize ? serialize(value) : String(value);
    });
    const { messages } = await pg.execProtocol(
      Buffer.concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs },
    );
    return parse.parseResults(messages, parsers(options), { rowMode: options?.rowMode })[0] as Results<T>;
  }

  const query: Query = (text, params = [], options) =>
    pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => run(text, params, options, true)));

  /** A transaction's statements: its locks are held already, and its changes reach the disk at its commit. */
  function inTransaction(tx: Transaction): Transaction {
    const txQuery: Query = (text, params = [], options) => {
      if (tx.closed) return Promise.reject(new Error('Transaction is closed'));
      return pg._runExclusiveQuery(() => run(text, params, options, false));
    };
    return Object.assign(Object.create(tx) as Transaction, { query: txQuery });
  }

  return Object.assign(Object.create(pg) as PGlite, {
    query,
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => pg.transaction((tx) => callback(inTransaction(tx))),
  });
}
