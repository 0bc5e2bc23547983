import { createLogger } from './logger';
import { type Database, DatabaseLockedError } from '../db/client';
import type { Config } from './config';
import { operatorCaller, readLocalOperator } from './local-operator';
import { prepareDatabase } from './start';

// The operators' commands (`npm run orders`, `npm run staff`) reach the shop's data one of two ways: the database
// itself (PostgreSQL while the storefront runs; PGlite while it does not), or, when a running server holds the
// embedded database, through that server with the credential it left in DATA_DIR (server/local-operator.ts).

/** A refusal with its own advice: the command says it as it is, without its usage. */
export class CommandRefusal extends Error {}

export type OperatorCall = ReturnType<typeof operatorCaller>;

export async function onDatabaseOrServer<T>(
  config: Config,
  work: { direct: (database: Database) => Promise<T>; viaServer: (call: OperatorCall) => Promise<T> },
  headers: Record<string, string> = {},
): Promise<T> {
  let database: Database;
  try {
    database = await prepareDatabase(config, createLogger({ level: 'warn' }));
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    const local = readLocalOperator(config.DATA_DIR);
    if (!local)
      throw new CommandRefusal(
        `${error.message}\nThe running storefront holds the embedded database and left no address to reach it by ` +
          '(operator.json in its DATA_DIR): run the command as the user that started it, with the same DATA_DIR.',
      );
    return work.viaServer(operatorCaller(local.url, local.token, headers));
  }
  try {
    return await work.direct(database);
  } finally {
    await database.close();
  }
}
