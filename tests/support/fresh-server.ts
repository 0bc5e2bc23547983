// NOTE: React reads NODE_ENV when first loaded; the imports below are dynamic so this comes first.
process.env.NODE_ENV ??= 'production';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createScratchDatabase } from './scratch-postgres';
import { mailboxDir, startMailStub } from './e2e-mailbox';
import { E2E_OPERATOR_TOKEN } from './operator-token';
import { serverDatabaseFile } from './server-database';

// The server the browser tests and the bench run against: the production build on a fresh database of its own
// (a new PostgreSQL database when TEST_DATABASE_URL is set, else a new PGlite folder), dropped on exit.

const port = process.env.E2E_PORT ?? '3210';
const url = process.env.TEST_DATABASE_URL;
let cleanup: () => Promise<void>;
const env: Record<string, string | undefined> = {
  ...process.env,
  PORT: port,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // React runs its production build (process.env above); the configuration is a test server's, so that passwords
  // may be hashed at the tests' cost (PASSWORD_HASH_COST below; the bench sets production's).
  NODE_ENV: 'test',
  SITE: 'law-au',
};

const databaseFile = serverDatabaseFile(port);
// Under `npm test`, the server starts on a copy of the run's seeded template (seeded-template.ts) rather than seeding
// a new database itself; tests/api/prepare-database.test.ts proves a start on a new database.
const templates = process.env.SF_TEST_TEMPLATES ? await import('./seeded-template') : null;
if (url) {
  const template = templates && (await templates.postgresTemplate(url));
  const scratch = await createScratchDatabase(url, 'sf_e2e', template ? { template: template.value } : {});
  env.DATABASE_URL = scratch.url;
  writeFileSync(databaseFile, scratch.url);
  cleanup = async () => {
    rmSync(databaseFile, { force: true });
    await scratch.drop();
  };
} else {
  // A file left by a PostgreSQL run that did not stop cleanly must not point a PGlite run at that database.
  rmSync(databaseFile, { force: true });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sf-e2e-'));
  env.DATABASE_URL = '';
  env.DATA_DIR = path.join(dir, 'data');
  if (templates) {
    const template = await templates.pgliteTemplate();
    const { openDatabase } = await import('../../db/client');
    const copy = await openDatabase({
      dataDir: env.DATA_DIR,
      loadDataDir: new templates.BytesBlob(readFileSync(template.value)),
    });
    await copy.close();
  }
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
}

const { loadConfig, TEST_BUDGETS, TEST_PASSWORD_HASH_COST } = await import('../../server/config');
env.PASSWORD_HASH_COST ??= TEST_PASSWORD_HASH_COST;
for (const [name, value] of Object.entries(TEST_BUDGETS)) env[name] ??= value;
// Emails go to a local SMTP stub whose messages the browser tests read (e2e-mailbox.ts), sent soon after they are
// queued. The bench turns it off (E2E_MAILBOX=off): its figures are the server's alone.
const mailStub = env.SMTP_URL || env.E2E_MAILBOX === 'off' ? null : await startMailStub(mailboxDir(port));
if (mailStub) {
  env.SMTP_URL = mailStub.url;
  env.OUTBOX_INTERVAL_MS ??= '500';
}
// The server as it runs in production: the bundle `npm run build` writes (build/node), not its TypeScript.
const built = path.resolve('build/node/serve.js');
if (!existsSync(built)) throw new Error(`No server build at ${built}: run "npm run build" first.`);
const { startServer } = (await import(pathToFileURL(built).href)) as typeof import('../../server/serve');
// The checkout bench counts the statements the server sends (bench/server.ts asks over the IPC channel it opens).
const countStatements = env.E2E_COUNT_STATEMENTS === 'on';
// The operator API (the commands' way through the server) with the tests' own credential, on either database.
const running = await startServer(loadConfig(env), undefined, {
  countStatements,
  localOperatorToken: E2E_OPERATOR_TOKEN,
});
if (countStatements)
  process.on('message', (message) => {
    if (message === 'statement-count') process.send?.({ statementCount: running.statementCount?.() ?? null });
  });
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await running.close().catch(() => {});
  await mailStub?.close().catch(() => {});
  await cleanup().catch(() => {});
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
