import path from 'node:path';
import type { Logger } from 'pino';
import { type Database, openDatabase } from '../db/client';
import { seedDatabase } from '../db/seed';
import type { Config } from './config';

/** Opens the configured database, applies migrations and seeds the demo data once. */
export async function prepareDatabase(config: Config, log: Logger): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.resolve(config.DATA_DIR),
    poolSize: config.DATABASE_POOL_SIZE,
  });
  try {
    await database.withStartupLock(async () => {
      const started = performance.now();
      await database.migrate();
      const { seeded } = await seedDatabase(database.db, (msg: string) => log.info(msg));
      log.info({ database: database.kind, seeded, ms: Math.round(performance.now() - started) }, 'database ready');
    });
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}
