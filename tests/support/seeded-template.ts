import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../db/client';
import { scryptCost } from '../../db/password-hash';
import { seedDatabase } from '../../db/seed';
import { testConfig } from '../../server/config';
import { readContentFiles } from '../../server/content-files';
import { importContent } from '../../services/content/content';
import { createScratchDatabase } from './scratch-postgres';

// The demo database the tests start from: migrated, seeded, the repository's content imported (as a started server
// has it) and analysed. It is made once and copied: by each API test file (CREATE DATABASE … TEMPLATE on PostgreSQL,
// a data-directory tarball on PGlite), and by the browser-test server when `npm test` runs it.
//
// `npm test` (tests/run.ts) names a folder in SF_TEST_TEMPLATES: the first stage that needs a template makes it and
// leaves it there for the later stages (on PostgreSQL the folder holds the template database's name), and the run
// removes both at its end. Without the folder, each run of Vitest makes its own and removes it after.

const TEMPLATES_ENV = 'SF_TEST_TEMPLATES';
/** The file in that folder that names the PostgreSQL template database. */
const POSTGRES_NAME_FILE = 'postgres-template';

export interface Template<T> {
  value: T;
  /** Removes the template unless the run that named SF_TEST_TEMPLATES owns it. */
  dispose(): Promise<void>;
}

async function seed(database: Database) {
  await database.migrate();
  // The demo accounts' passwords at the cost the test apps and the browser-test server hash with.
  await seedDatabase(database.db, { passwordCost: scryptCost(testConfig().PASSWORD_HASH_COST) });
  await importContent(database.db, await readContentFiles('content'));
  await database.db.execute(sql`analyze`);
}

function sharedFolder(): string | null {
  return process.env[TEMPLATES_ENV] || null;
}

/** PGlite: the path of the template's data-directory tarball. */
export async function pgliteTemplate(): Promise<Template<string>> {
  const shared = sharedFolder();
  const dir = shared ?? mkdtempSync(path.join(os.tmpdir(), 'sf-test-'));
  const file = path.join(dir, 'pglite.tar');
  const dispose = async () => {
    if (!shared) rmSync(dir, { recursive: true, force: true });
  };
  if (shared && existsSync(file)) return { value: file, dispose };
  const database = await openDatabase({});
  try {
    await seed(database);
    // A checkpoint first: a copy then opens without replaying the seed's write-ahead log.
    await database.db.execute(sql`checkpoint`);
    const current = await database.db.execute(sql`select pg_walfile_name(pg_current_wal_lsn()) as name`);
    const blob = await database.dumpDataDir!();
    const tarball = withoutFutureWal(
      new Uint8Array(await blob.arrayBuffer()),
      (current as unknown as { rows: { name: string }[] }).rows[0]!.name,
    );
    writeFileSync(`${file}.part`, tarball);
    // Whole or not at all: a stage that stops mid-write leaves no tarball for the next one to trust.
    renameSync(`${file}.part`, file);
  } finally {
    await database.close();
  }
  return { value: file, dispose };
}

/** PostgreSQL: the template database's name, on the server of `url`. */
export async function postgresTemplate(url: string): Promise<Template<string>> {
  const shared = sharedFolder();
  const nameFile = shared ? path.join(shared, POSTGRES_NAME_FILE) : null;
  if (nameFile && existsSync(nameFile)) {
    const name = readFileSync(nameFile, 'utf8').trim();
    return { value: name, dispose: async () => {} };
  }
  const template = await createScratchDatabase(url, 'sf_tpl');
  const database = await openDatabase({ databaseUrl: template.url, poolSize: 2 });
  try {
    await seed(database);
  } finally {
    await database.close();
  }
  if (nameFile) {
    writeFileSync(nameFile, template.name);
    await template.keep();
    return { value: template.name, dispose: async () => {} };
  }
  return { value: template.name, dispose: () => template.drop() };
}

/** Removes the run's shared templates: its folder, and the PostgreSQL template database named in it. */
export async function removeSharedTemplates(folder: string, url: string | undefined): Promise<void> {
  const nameFile = path.join(folder, POSTGRES_NAME_FILE);
  if (url && existsSync(nameFile)) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        `drop database if exists ${pg.escapeIdentifier(readFileSync(nameFile, 'utf8').trim())} with (force)`,
      );
    } finally {
      await admin.end();
    }
  }
  rmSync(folder, { recursive: true, force: true });
}

/**
 * A tar archive without the write-ahead-log segments after `currentSegment`: PostgreSQL keeps 16 MB segments made
 * ahead of need, which hold nothing a copy needs and which each copy would otherwise load.
 */
function withoutFutureWal(tar: Uint8Array, currentSegment: string): Uint8Array {
  const kept: Uint8Array[] = [];
  const text = (from: number, length: number, at: number) =>
    Buffer.from(tar.subarray(at + from, at + from + length))
      .toString('latin1')
      .replace(/\0.*$/s, '');
  let at = 0;
  while (at + 512 <= tar.length && tar.subarray(at, at + 512).some((byte) => byte !== 0)) {
    const name = [text(345, 155, at), text(0, 100, at)].filter(Boolean).join('/');
    const size = Number.parseInt(text(124, 12, at).trim() || '0', 8);
    const length = 512 + Math.ceil(size / 512) * 512;
    const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    if (!segment || segment <= currentSegment) kept.push(tar.subarray(at, at + length));
    at += length;
  }
  kept.push(new Uint8Array(1024));
  return Buffer.concat(kept);
}

/**
 * A Blob over bytes already in memory. NOTE: PGlite reads a tarball with `arrayBuffer()`, which for Node's own Blob
 * streams the bytes and joins them again: about 75 ms a copy of the 34 MB template on the CI machine.
 */
export class BytesBlob extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;
  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super();
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    const b = this.#bytes;
    return Promise.resolve(b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b.buffer : b.slice().buffer);
  }
}
