import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-postgres';
import { testConfig } from '../../server/config';
import { prepareDatabase } from '../../server/start';

// Starting on a new database: migrations, the demo seed, then the planner's statistics.
describe('prepareDatabase', () => {
  let database: Database | undefined;
  let scratch: ScratchDatabase | undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sf-start-'));
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('seeds a new database and gathers its statistics, so the planner knows the tables are not empty', async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) scratch = await createScratchDatabase(url, 'sf_start');
    database = await prepareDatabase(
      testConfig(scratch ? { DATABASE_URL: scratch.url } : { DATABASE_URL: '', DATA_DIR: path.join(dir, 'data') }),
      pino({ level: 'silent' }),
    );
    const result = await database.db.execute(sql`
      select relname, last_analyze is not null as analyzed from pg_stat_user_tables
      where relname in ('products', 'sku_prices', 'product_search') order by relname`);
    // A manual ANALYZE sets last_analyze (autovacuum's own sets last_autoanalyze), on both databases.
    expect((result as unknown as { rows: { relname: string; analyzed: boolean }[] }).rows).toEqual([
      { relname: 'product_search', analyzed: true },
      { relname: 'products', analyzed: true },
      { relname: 'sku_prices', analyzed: true },
    ]);
  });
});
