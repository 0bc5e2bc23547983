import type { TestProject } from 'vitest/node';
import { pgliteTemplate, postgresTemplate } from './seeded-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: a migrated, seeded template database each test file copies. */
    pgTemplateDatabase: string;
    /** PGlite: a migrated, seeded data-directory tarball each test file loads. */
    pgliteSnapshot: string;
  }
}

/**
 * The seeded demo database for the whole run (seeded-template.ts); every test file then gets its own fresh copy
 * (CREATE DATABASE … TEMPLATE on PostgreSQL, loadDataDir on PGlite) and drops it afterwards.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = await postgresTemplate(url);
    project.provide('pgTemplateDatabase', template.value);
    project.provide('pgliteSnapshot', '');
    return () => template.dispose();
  }
  const template = await pgliteTemplate();
  project.provide('pgliteSnapshot', template.value);
  project.provide('pgTemplateDatabase', '');
  return () => template.dispose();
}
