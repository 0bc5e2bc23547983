import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../db/client';

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

/** A fresh, migrated and seeded database for one test file (PostgreSQL when TEST_DATABASE_URL is set). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplateDatabase');
  if (url && template) {
    const name = `sf_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // NOTE: CREATE DATABASE … TEMPLATE fails while another session is connected to the template;
    // test files run in parallel, so retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 100 + attempt * 50));
      }
    }
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 5 });
    return {
      database,
      async drop() {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  const database = await openDatabase({ loadDataDir: new Blob([snapshot]) });
  return {
    database,
    async drop() {
      await database.close();
    },
  };
}
