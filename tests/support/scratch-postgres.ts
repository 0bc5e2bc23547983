import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** The new database's connection string (the server's, with the new name as its path). */
  url: string;
  name: string;
  /** Drops the database (closing anything still connected to it) and the admin connection. */
  drop(): Promise<void>;
  /** Closes the admin connection and keeps the database, for another process to drop. */
  keep(): Promise<void>;
}

/**
 * A new PostgreSQL database of its own, named `{prefix}_{random}`, on the server of `serverUrl`; optionally
 * a copy of `template`. The test setup, the browser-test server and the bench each use one and drop it after.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const create = options.template ? `create database ${name} template ${options.template}` : `create database ${name}`;
  // NOTE: CREATE DATABASE … TEMPLATE fails while another session is connected to the template;
  // test files run in parallel, so retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(create);
      break;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    }
  }
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    name,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
    async keep() {
      await admin.end();
    },
  };
}
