import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Database, openDatabase } from '../db/client';
import { scryptCost } from '../db/password-hash';
import { seedDatabase } from '../db/seed';
import { ContentImportError, describeKept, importContent } from '../services/content/content';
import { hashPlainGiftCardCodes } from '../services/gift-cards/gift-cards';
import { type Config, giftCardKeyOf, staffKeyOf } from './config';
import { sealPlainStaffSecrets } from '../services/staff/staff-accounts';
import { readContentFiles } from './content-files';

/**
 * Opens the configured database, applies migrations and seeds the demo data once. `countStatements`: the benchmarks'
 * count of the statements sent (db/client.ts).
 */
export async function prepareDatabase(
  config: Config,
  log: Logger,
  options: { countStatements?: boolean } = {},
): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.resolve(config.DATA_DIR),
    poolSize: config.DATABASE_POOL_SIZE,
    countStatements: options.countStatements ?? false,
  });
  try {
    await database.withStartupLock(async () => {
      const started = performance.now();
      await database.migrate();
      const { seeded } = await seedDatabase(database.db, {
        log: (msg: string) => log.info(msg),
        passwordCost: scryptCost(config.PASSWORD_HASH_COST),
      });
      await importContentOnStart(database, config, log);
      const hashed = await hashPlainGiftCardCodes(database.db, () => giftCardKeyOf(config));
      if (hashed > 0) log.info({ hashed }, 'gift card codes hashed');
      const sealed = await sealPlainStaffSecrets(database.db, () => staffKeyOf(config));
      if (sealed > 0) log.info({ sealed }, 'staff authenticator secrets sealed');
      // The planner's statistics: PGlite has no autovacuum to gather them, so without this it planned every
      // query for tables it took to be empty (an add to the cart, a customer's recommendations: about 1.6 and
      // 1.8 times the time); PostgreSQL's autovacuum gets to a freshly seeded database a minute or more later.
      if (seeded || database.kind === 'pglite') await database.db.execute(sql`analyze`);
      log.info({ database: database.kind, seeded, ms: Math.round(performance.now() - started) }, 'database ready');
    });
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}

/**
 * Brings the content files in on start. A broken file must not keep the shop closed: the last good content stays
 * and the problems are logged (`npm run content:import` reports them and exits non-zero).
 */
export async function importContentOnStart(database: Database, config: Config, log: Logger): Promise<void> {
  try {
    const report = await importContent(database.db, await readContentFiles(path.resolve(config.CONTENT_DIR)));
    if (report.imported.length + report.removed.length > 0) log.info(report, 'content imported');
    for (const kept of report.kept) log.warn({ campaign: kept.name }, `content: ${describeKept(kept)}`);
  } catch (error) {
    if (!(error instanceof ContentImportError)) throw error;
    log.error({ problems: error.problems }, 'content not imported: the last good content stays');
  }
}
