import { parseArgs } from 'node:util';
import pino from 'pino';
import { DatabaseLockedError } from '../db/client';
import { systemClock } from '../domain/clock';
import { isOneOf } from '../domain/state-machine';
import type { SiteId } from '../domain/sites';
import { parseStaffSites, STAFF_ROLES, type StaffRole } from '../domain/staff';
import { ServiceError } from '../services/platform/service-error';
import type { Actor } from '../services/staff/audit';
import { addStaff, disableStaff, listStaff, resetStaff, type StaffAccount } from '../services/staff/staff-accounts';
import { setupLinkOf } from './api/admin';
import { type Config, ConfigError, loadConfig } from './config';
import { operatorCaller, readLocalOperator } from './local-operator';
import { prepareDatabase } from './start';

// npm run staff -- add EMAIL --role ROLE [--sites law-au,vir-au] | list | disable EMAIL | reset EMAIL: the console's
// staff accounts (CONTRACT.md "Operator console"). `add` and `reset` print the account's one-time set-up link. With
// OPERATOR_URL (and OPERATOR_TOKEN) it goes through a server's operator API; otherwise it opens the database itself,
// which PostgreSQL allows while the storefront runs; an embedded database a running server holds is reached through
// that server (server/local-operator.ts).
// Every change is audited as `command:{who ran it}`.

const USAGE = `usage: npm run staff -- add EMAIL --role ${STAFF_ROLES.join('|')} [--sites law-au,vir-au]
       npm run staff -- list
       npm run staff -- disable EMAIL
       npm run staff -- reset EMAIL
options: --actor NAME (who is running it; default $USER)
env: OPERATOR_URL=http://localhost:3000 and OPERATOR_TOKEN=… go through a running server`;

class UsageError extends Error {}
/** A refusal with its own advice: said as it is, without the usage. */
class Refusal extends Error {}

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  strict: false,
  options: { role: { type: 'string' }, sites: { type: 'string' }, actor: { type: 'string' } },
});
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const [command, email] = positionals;
const actor = text(values.actor) ?? process.env.USER ?? 'operator';

type Request =
  | { command: 'list' }
  | { command: 'add'; email: string; role: StaffRole; sites: SiteId[] }
  | { command: 'disable' | 'reset'; email: string };

function requestOf(): Request {
  if (command === 'list') return { command };
  if (command !== 'add' && command !== 'disable' && command !== 'reset')
    throw new UsageError(`unknown command ${command ?? '(none)'}`);
  if (!email) throw new UsageError(`${command} needs the staff member's email`);
  if (command !== 'add') return { command, email };
  const role = text(values.role);
  if (!role || !isOneOf(STAFF_ROLES, role)) throw new UsageError(`--role is one of ${STAFF_ROLES.join(', ')}`);
  const sites = parseStaffSites(text(values.sites));
  if (typeof sites === 'string') throw new UsageError(`--sites: ${sites}`);
  return { command, email, role, sites };
}

type AccountJson = Omit<StaffAccount, 'createdAt'> & { createdAt: string | Date };

function printAccounts(list: readonly AccountJson[]) {
  if (list.length === 0) console.log('No staff accounts.');
  for (const a of list)
    console.log(`${a.email.padEnd(32)} ${a.role.padEnd(10)} ${a.state.padEnd(8)} ${a.sites.join(',') || 'all sites'}`);
}

function printDone(what: string, account: AccountJson, setupLink?: string) {
  console.log(`${account.email} ${what} (${account.role}, ${account.sites.join(',') || 'all sites'}).`);
  if (setupLink) console.log(`One-time set-up link (keep it private; it opens the account once):\n  ${setupLink}`);
}

/** Through the running server's operator API. */
async function viaServer(url: string, token: string | undefined, request: Request) {
  if (!token) throw new UsageError('OPERATOR_URL needs OPERATOR_TOKEN: the token the server was started with');
  const call = operatorCaller(url, token);
  type Linked = { account: AccountJson; setupLink: string };
  switch (request.command) {
    case 'list':
      return printAccounts(await call<AccountJson[]>('GET', '/api/operator/staff'));
    case 'add': {
      const { account, setupLink } = await call<Linked>('POST', '/api/operator/staff', { ...request, actor });
      return printDone('added', account, setupLink);
    }
    case 'disable':
      return printDone(
        'disabled',
        await call<AccountJson>('POST', '/api/operator/staff/disable', { email: request.email, actor }),
      );
    case 'reset': {
      const body = { email: request.email, actor };
      const { account, setupLink } = await call<Linked>('POST', '/api/operator/staff/reset', body);
      return printDone('reset', account, setupLink);
    }
  }
}

/** Where a set-up link made by the command itself points: the console's first host, or this machine's server. */
function linkOrigin(config: Config): string {
  const [host] = config.ADMIN_HOSTS;
  return host ? `https://${host}` : `http://localhost:${config.PORT}`;
}

/** Opening the database itself (PostgreSQL while the storefront runs; PGlite only while it does not). */
async function direct(request: Request) {
  const config = loadConfig(process.env);
  let database: Awaited<ReturnType<typeof prepareDatabase>>;
  try {
    database = await prepareDatabase(config, pino({ level: 'warn' }));
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    // The running server holds the embedded database: through it, with the credential it left in DATA_DIR.
    const local = readLocalOperator(config.DATA_DIR);
    if (local) return viaServer(local.url, local.token, request);
    throw new Refusal(
      `${error.message}\nThe running storefront holds the embedded database and left no address to reach it by.\n` +
        'Go through it: OPERATOR_URL=http://localhost:3000 OPERATOR_TOKEN=<the server’s token> npm run staff -- …',
    );
  }
  const by: Actor = { staffId: null, actor: `command:${actor}`, address: null };
  const { db } = database;
  try {
    switch (request.command) {
      case 'list':
        return printAccounts(await listStaff(db));
      case 'add': {
        const { account, setupToken } = await addStaff(db, systemClock, request, by);
        return printDone('added', account, setupLinkOf(linkOrigin(config), setupToken));
      }
      case 'disable':
        return printDone('disabled', await disableStaff(db, systemClock, request.email, by));
      case 'reset': {
        const { account, setupToken } = await resetStaff(db, systemClock, request.email, by);
        return printDone('reset', account, setupLinkOf(linkOrigin(config), setupToken));
      }
    }
  } finally {
    await database.close();
  }
}

try {
  const request = requestOf();
  const url = process.env.OPERATOR_URL;
  if (url) await viaServer(url, process.env.OPERATOR_TOKEN, request);
  else await direct(request);
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof ServiceError || error instanceof Refusal || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
