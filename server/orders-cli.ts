import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { type I18n, setupI18n } from '@lingui/core';
import type { Database } from '../db/client';
import { systemClock } from '../domain/clock';
import { centsToAmount, formatMoney } from '../domain/money';
import { isOneOf } from '../domain/state-machine';
import {
  CARRIER_IDS,
  DEFAULT_CARRIER,
  isCarrierId,
  ORDER_STATUS,
  type OrderStatus,
  parseAmountCents,
} from '../domain/orders';
import { getSite, isSiteId, type Site } from '../domain/sites';
import { STAFF_AS_HEADER, STAFF_ERRORS } from '../domain/staff';
import { listOrders, type OperatorOrder } from '../services/orders/list-orders';
import type { MoveRequest, MoveResult } from '../services/orders/moves/move-order';
import { paymentProviderFor } from '../services/payments/provider';
import { ServiceError } from '../services/platform/service-error';
import { requireStaffPermission } from '../services/staff/access';
import { staffMoveOrder } from '../services/staff/orders';
import { commandStaffOf } from '../services/staff/staff-accounts';
import { CommandRefusal, type OperatorCall, onDatabaseOrServer } from './command-runner';
import { type Config, ConfigError, loadConfig } from './config';

// npm run orders -- list [--status S] | ship N --tracking T [--carrier C] | deliver N | cancel N | refund N [--line CODE]
// [--amount 12.50] [--key K] [--to card|gift-card], each --as STAFF_EMAIL: the operators' command for orders. It runs as
// a named staff account, whose role and sites decide what it may do and whose name the audit log and the order's
// timeline keep (services/staff/orders.ts: the console's rules). It opens the database itself, which PostgreSQL
// allows while the storefront runs; an embedded database a running server holds is reached through that server
// (server/command-runner.ts).

const USAGE = `usage: npm run orders -- list [--status PROCESSING|SHIPPED|DELIVERED|CANCELLED|REFUNDED] --as EMAIL
       npm run orders -- ship ORDER --tracking NUMBER [--carrier ${CARRIER_IDS.join('|')}] --as EMAIL
       npm run orders -- deliver ORDER --as EMAIL
       npm run orders -- cancel ORDER --as EMAIL
       npm run orders -- refund ORDER [--line ITEMCODE | --amount 12.50] [--key KEY] [--to card|gift-card] --as EMAIL
--as: the staff account the command runs as (its role must allow the move)`;

class UsageError extends Error {}

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  strict: false,
  options: {
    tracking: { type: 'string' },
    line: { type: 'string' },
    amount: { type: 'string' },
    key: { type: 'string' },
    to: { type: 'string' },
    status: { type: 'string' },
    carrier: { type: 'string' },
    as: { type: 'string' },
  },
});
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const [command, orderNumber] = positionals;
const staffEmail = text(values.as);

function moveRequest(): MoveRequest {
  switch (command) {
    case 'ship': {
      const tracking = text(values.tracking);
      if (!tracking) throw new UsageError('ship needs --tracking NUMBER');
      const carrier = text(values.carrier) ?? DEFAULT_CARRIER;
      if (!isCarrierId(carrier)) throw new UsageError(`--carrier is one of ${CARRIER_IDS.join(', ')}`);
      return { move: 'ship', trackingNumber: tracking, carrier };
    }
    case 'deliver':
    case 'cancel':
      return { move: command };
    case 'refund': {
      const amount = text(values.amount);
      const amountCents = amount === undefined ? undefined : parseAmountCents(amount);
      if (amountCents === null) throw new UsageError('--amount is an amount such as 12.50');
      const to = text(values.to);
      if (to !== undefined && to !== 'card' && to !== 'gift-card')
        throw new UsageError('--to is card or gift-card: where the refund goes first');
      return {
        move: 'refund',
        itemCode: text(values.line),
        amountCents,
        key: text(values.key),
        giftCardsFirst: to === 'gift-card',
      };
    }
    default:
      throw new UsageError(`unknown command ${command ?? '(none)'}`);
  }
}

function money(cents: number, currency: string, siteId?: string): string {
  const site = getSite(siteId && isSiteId(siteId) ? siteId : 'law-au');
  return currency === site.currency ? formatMoney(cents, site) : `${currency} ${centsToAmount(cents).toFixed(2)}`;
}

function printOrders(list: OperatorOrder[]) {
  if (list.length === 0) console.log('No orders.');
  for (const o of list)
    console.log(
      `${o.orderNumber}  ${o.status.padEnd(10)} ${o.placedAt.slice(0, 16).replace('T', ' ')}  ${money(o.totalCents, o.currency, o.siteId)}${o.refundedCents ? ` (refunded ${money(o.refundedCents, o.currency, o.siteId)})` : ''}  ${o.email ?? ''}`,
    );
}

function printResult(r: MoveResult) {
  const what = r.recorded ? 'now' : 'already';
  console.log(`Order ${r.orderNumber} is ${what} ${r.status} (payment ${r.paymentStatus}).`);
  if (r.event?.trackingNumber) console.log(`  tracking ${r.event.trackingNumber}`);
  if (r.event?.amountCents)
    console.log(`  refunded ${money(r.event.amountCents, r.currency)} to the ${r.event.refundTo}`);
  if (r.refundedCents)
    console.log(`  refunded so far ${money(r.refundedCents, r.currency)} of ${money(r.capturedCents, r.currency)}`);
  if (r.presellUnchargedCents)
    console.log(
      `  note: ${money(r.presellUnchargedCents, r.currency)} of pre-sell lines was never charged (decision 023)`,
    );
  if (!r.recorded) console.log('  nothing new was recorded');
}

function statusFilter(): OrderStatus | undefined {
  const status = text(values.status)?.toUpperCase();
  if (status !== undefined && !isOneOf(ORDER_STATUS.states, status))
    throw new UsageError(`--status is one of ${ORDER_STATUS.states.join(', ')}`);
  return status;
}

/** Through the running server's operator API (the embedded database it holds), as the staff account. */
async function viaServer(call: OperatorCall) {
  if (command === 'list') {
    const status = statusFilter();
    printOrders(
      (await call<{ orders: OperatorOrder[] }>('GET', `/api/operator/orders${status ? `?status=${status}` : ''}`))
        .orders,
    );
    return;
  }
  const request = moveRequest();
  if (!orderNumber) throw new UsageError(`${command} needs an order number`);
  const body = {
    ...(request.move === 'ship' ? { trackingNumber: request.trackingNumber, carrier: request.carrier } : {}),
    ...(request.move === 'refund'
      ? { itemCode: request.itemCode, key: request.key, amount: text(values.amount), to: text(values.to) }
      : {}),
  };
  printResult(
    await call<MoveResult>('POST', `/api/operator/orders/${encodeURIComponent(orderNumber)}/${request.move}`, body),
  );
}

/** The sites' catalogues of the page build (emails in the order's site's language); English without a build. */
async function catalogues(): Promise<(locale: string) => Promise<I18n>> {
  try {
    const build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as {
      entry: { module: { i18nFor?: (locale: string) => Promise<I18n> } };
    };
    if (build.entry.module.i18nFor) return build.entry.module.i18nFor;
  } catch {}
  console.warn('No page build (npm run build): emails are written in English.');
  const english = setupI18n({ locale: 'en-AU', messages: { 'en-AU': {} } });
  return async () => english;
}

/** On the database itself, as the staff account. */
async function direct(database: Database, config: Config, email: string) {
  const member = await commandStaffOf(database.db, email);
  const staffRequest = { member, address: null };
  if (command === 'list') {
    const status = statusFilter();
    await requireStaffPermission(database.db, systemClock, staffRequest, 'orders.read', { action: 'orders.list' });
    printOrders(await listOrders(database.db, { status, sites: member.sites }));
    return;
  }
  const request = moveRequest();
  if (!orderNumber) throw new UsageError(`${command} needs an order number`);
  const messagesFor = await catalogues();
  const moves = {
    db: database.db,
    clock: systemClock,
    payments: paymentProviderFor(database.db, config),
    messagesFor: (site: Site) => messagesFor(site.intlLocale),
  };
  printResult(await staffMoveOrder(moves, staffRequest, orderNumber, request));
}

let exitCode = 0;
try {
  if (!staffEmail) throw new UsageError(STAFF_ERRORS.commandAs.text);
  const config = loadConfig(process.env);
  await onDatabaseOrServer(
    config,
    { direct: (database) => direct(database, config, staffEmail), viaServer },
    { [STAFF_AS_HEADER]: staffEmail },
  );
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    exitCode = 2;
  } else if (error instanceof ServiceError || error instanceof CommandRefusal || error instanceof ConfigError) {
    console.error(error.message);
    exitCode = 1;
  } else throw error;
}
process.exit(exitCode);
