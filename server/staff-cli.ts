import { parseArgs } from 'node:util';
import type { Database } from '../db/client';
import { systemClock } from '../domain/clock';
import { isOneOf } from '../domain/state-machine';
import type { SiteId } from '../domain/sites';
import { parseStaffSites, STAFF_ROLES, type StaffRole } from '../domain/staff';
import { ServiceError } from '../services/platform/service-error';
import type { Actor } from '../services/staff/audit';
import {
  addStaff,
  disableStaff,
  listStaff,
  resetStaff,
  setupLinkOf,
  type StaffAccount,
} from '../services/staff/staff-accounts';
import { type Config, ConfigError, loadConfig } from './config';
import { CommandRefusal, type OperatorCall, onDatabaseOrServer } from './command-runner';

// npm run staff -- add EMAIL --role ROLE [--sites law-au,vir-au] | list | disable EMAIL | reset EMAIL: the console's
// staff accounts (CONTRACT.md "Operator console"). `add` and `reset` print the account's one-time set-up link.
// It opens the database itself, which PostgreSQL allows while the storefront runs; an embedded database a running
// server holds is reached through that server (server/command-runner.ts).
// Every change is audited as `command:{who ran it}`.

const USAGE = `usage: npm run staff -- add EMAIL --role ${STAFF_ROLES.join('|')} [--sites law-au,vir-au]
       npm run staff -- list
       npm run staff -- disable EMAIL
       npm run staff -- reset EMAIL
options: --actor NAME (who is running it; default $USER)`;

class UsageError extends Error {}

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

/** Through the running server's operator API (the embedded database it holds). */
async function viaServer(call: OperatorCall, request: Request) {
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

/** On the database itself. */
async function direct(config: Config, { db }: Database, request: Request) {
  const by: Actor = { staffId: null, actor: `command:${actor}`, address: null };
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
}

try {
  const request = requestOf();
  const config = loadConfig(process.env);
  await onDatabaseOrServer(config, {
    direct: (database) => direct(config, database, request),
    viaServer: (call) => viaServer(call, request),
  });
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof ServiceError || error instanceof CommandRefusal || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
