import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../db/client';
import { seedDatabase } from '../../db/seed';

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
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `sf_tpl_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 2 });
    await database.migrate();
    await seedDatabase(database.db);
    await database.close();
    project.provide('pgTemplateDatabase', name);
    project.provide('pgliteSnapshot', '');
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sf-test-'));
  const database = await openDatabase({});
  await database.migrate();
  await seedDatabase(database.db);
  const blob = await database.dumpDataDir!();
  await database.close();
  const file = path.join(dir, 'snapshot.tar');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('pgTemplateDatabase', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
