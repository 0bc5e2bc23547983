import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { type I18n, setupI18n } from '@lingui/core';
import pino from 'pino';
import { DatabaseLockedError } from '../db/client';
import { systemClock } from '../domain/clock';
import { centsToAmount, formatMoney } from '../domain/money';
import { isOneOf } from '../domain/state-machine';
import { ORDER_STATUS, parseAmountCents } from '../domain/orders';
import { getSite, isSiteId } from '../domain/sites';
import { listOrders, type OperatorOrder } from '../services/orders/list-orders';
import { type MoveRequest, type MoveResult, moveOrder } from '../services/orders/moves/move-order';
import { paymentProviderFor } from '../services/payments/test-provider';
import { ServiceError } from '../services/platform/service-error';
import { loadConfig } from './config';
import { operatorCaller, readLocalOperator } from './local-operator';
import { prepareDatabase } from './start';

// npm run orders -- list [--status S] | ship N --tracking T | deliver N | cancel N | refund N [--line CODE]
// [--amount 12.50] [--key K] [--to card|gift-card]: the operators' command for orders (services/orders/moves/move-order.ts). With OPERATOR_URL (and
// OPERATOR_TOKEN) it goes through a server's operator API; otherwise it opens the database itself, which PostgreSQL
// allows while the storefront runs; an embedded database a running server holds is reached through that server
// (server/local-operator.ts).

const USAGE = `usage: npm run orders -- list [--status PROCESSING|SHIPPED|DELIVERED|CANCELLED|REFUNDED]
       npm run orders -- ship ORDER --tracking NUMBER
       npm run orders -- deliver ORDER
       npm run orders -- cancel ORDER
       npm run orders -- refund ORDER [--line ITEMCODE | --amount 12.50] [--key KEY] [--to card|gift-card]
options: --actor NAME (who is moving it; default $USER)
env: OPERATOR_URL=http://localhost:3000 and OPERATOR_TOKEN=… go through a running server`;

class UsageError extends Error {}
/** A refusal with its own advice: said as it is, without the usage. */
class Refusal extends Error {}

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
    actor: { type: 'string' },
  },
});
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const [command, orderNumber] = positionals;
const actor = text(values.actor) ?? process.env.USER ?? 'operator';

function moveRequest(): MoveRequest {
  switch (command) {
    case 'ship': {
      const tracking = text(values.tracking);
      if (!tracking) throw new UsageError('ship needs --tracking NUMBER');
      return { move: 'ship', trackingNumber: tracking };
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

/** Through the running server's operator API. */
async function viaServer(url: string, token: string | undefined) {
  if (!token) throw new UsageError('OPERATOR_URL needs OPERATOR_TOKEN: the token the server was started with');
  const call = operatorCaller(url, token);
  if (command === 'list') {
    const status = text(values.status);
    const query = status ? `?status=${encodeURIComponent(status.toUpperCase())}` : '';
    printOrders((await call<{ orders: OperatorOrder[] }>('GET', `/api/operator/orders${query}`)).orders);
    return;
  }
  const request = moveRequest();
  if (!orderNumber) throw new UsageError(`${command} needs an order number`);
  const body = {
    actor,
    ...(request.move === 'ship' ? { trackingNumber: request.trackingNumber } : {}),
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

/** Opening the database itself (PostgreSQL while the storefront runs; PGlite only while it does not). */
async function direct() {
  const config = loadConfig(process.env);
  let database: Awaited<ReturnType<typeof prepareDatabase>>;
  try {
    database = await prepareDatabase(config, pino({ level: 'warn' }));
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    // The running server holds the embedded database: through it, with the credential it left in DATA_DIR.
    const local = readLocalOperator(config.DATA_DIR);
    if (local) return viaServer(local.url, local.token);
    throw new Refusal(
      `${error.message}\nThe running storefront holds the embedded database and left no address to reach it by.\n` +
        'Go through it: OPERATOR_URL=http://localhost:3000 OPERATOR_TOKEN=<the server’s token> npm run orders -- …',
    );
  }
  try {
    if (command === 'list') {
      const status = text(values.status)?.toUpperCase();
      if (status !== undefined && !isOneOf(ORDER_STATUS.states, status))
        throw new UsageError(`--status is one of ${ORDER_STATUS.states.join(', ')}`);
      printOrders(await listOrders(database.db, { status }));
      return;
    }
    const request = moveRequest();
    if (!orderNumber) throw new UsageError(`${command} needs an order number`);
    const messagesFor = await catalogues();
    const result = await moveOrder(
      {
        db: database.db,
        clock: systemClock,
        payments: paymentProviderFor(database.db),
        messagesFor: (site) => messagesFor(site.intlLocale),
      },
      orderNumber,
      request,
      { type: 'operator', name: actor },
    );
    printResult(result);
  } finally {
    await database.close();
  }
}

let exitCode = 0;
try {
  const url = process.env.OPERATOR_URL;
  if (url) await viaServer(url, process.env.OPERATOR_TOKEN);
  else await direct();
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    exitCode = 2;
  } else if (error instanceof ServiceError || error instanceof Refusal) {
    console.error(error.message);
    exitCode = 1;
  } else throw error;
}
process.exit(exitCode);
