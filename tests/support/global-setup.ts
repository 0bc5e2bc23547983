import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../db/client';
import { scryptCost } from '../../db/password-hash';
import { seedDatabase } from '../../db/seed';
import { testConfig } from '../../server/config';
import { readContentFiles } from '../../server/content-files';
import { importContent } from '../../services/content';
import { createScratchDatabase } from './scratch-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: a migrated, seeded template database each test file copies. */
    pgTemplateDatabase: string;
    /** PGlite: a migrated, seeded data-directory tarball each test file loads. */
    pgliteSnapshot: string;
  }
}

/**
 * Migrates and seeds one database for the whole run; every test file then gets its own fresh copy
 * (CREATE DATABASE … TEMPLATE on PostgreSQL, loadDataDir on PGlite) and drops it afterwards.
 */
export default async function setup(project: TestProject) {
  // The demo accounts' passwords at the cost the test apps hash with (testConfig).
  const passwordCost = scryptCost(testConfig().PASSWORD_HASH_COST);
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = await createScratchDatabase(url, 'sf_tpl');
    const database = await openDatabase({ databaseUrl: template.url, poolSize: 2 });
    await database.migrate();
    await seedDatabase(database.db, { passwordCost });
    await importContent(database.db, await readContentFiles('content'));
    await database.close();
    project.provide('pgTemplateDatabase', template.name);
    project.provide('pgliteSnapshot', '');
    return () => template.drop();
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sf-test-'));
  const database = await openDatabase({});
  await database.migrate();
  await seedDatabase(database.db, { passwordCost });
  // As a started server has it: the repository's content files imported.
  await importContent(database.db, await readContentFiles('content'));
  // A checkpoint first: a copy then opens without replaying the seed's write-ahead log (0.35 s instead of 0.46 s).
  await database.db.execute(sql`checkpoint`);
  const blob = await database.dumpDataDir!();
  await database.close();
  const file = path.join(dir, 'snapshot.tar');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('pgTemplateDatabase', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
