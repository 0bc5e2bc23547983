import type { Db } from './client';

/**
 * Statements prepared once per database: PostgreSQL parses and plans a named statement once per
 * connection, and drizzle does not build its SQL again for each request.
 * NOTE: a module of its own that imports no driver, and its calls are marked pure: a service that the browser's
 * bundle reaches for a constant must not pull the database drivers in with it.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statements = byDb.get(db);
    if (statements === undefined) {
      statements = prepare(db);
      byDb.set(db, statements);
    }
    return statements;
  };
}
