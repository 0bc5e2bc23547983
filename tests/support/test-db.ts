import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { createScratchDatabase } from './scratch-postgres';
import { BytesBlob } from './seeded-template';

export interface TestDatabase {
  database: Database;
  /** PostgreSQL: the scratch database's address (a second connection, as another process would have). */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated and seeded database for one test file (PostgreSQL when TEST_DATABASE_URL is set). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplateDatabase');
  if (url && template) {
    const scratch = await createScratchDatabase(url, 'sf_t', { template });
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 5 });
    return {
      database,
      url: scratch.url,
      async drop() {
        await database.close();
        await scratch.drop();
      },
    };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  const database = await openDatabase({ loadDataDir: new BytesBlob(snapshot) });
  return {
    database,
    async drop() {
      await database.close();
    },
  };
}
