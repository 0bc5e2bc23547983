import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { openDatabase } from '../db/client';
import { giftCardKeyOf, testConfig } from '../server/config';
import { issueGiftCards } from '../services/gift-cards/gift-cards';
import { serverDatabaseUrl } from '../tests/support/server-database';
import { databaseCpu, databaseCpuSince, serverCpuMillis, serverStatementCount, startServer } from './server';

// npm run bench:checkout: place-order throughput and latency, 20 connections, every order a different guest's
// cart of one bottle (BENCH_LINES=2 to 6: a bottle each of that many wines) paid with the approved test card.
// Prints figures beside the aim; asserts nothing.
// On PostgreSQL a second run pays each order partly with a fresh $10 gift card (the card pays the rest): the
// gift card's row lock and ledger entry are what it adds.
// Beside orders/s: the SQL statements the server sent per order, counted from the run's start until the server falls
// quiet after it. The outbox worker is held back meanwhile (its timer, which runs whenever it comes round, would add
// its sends to one run and not to the next): the figure is what placing an order costs, its capture included.
// On PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test DATABASE_POOL_SIZE=20 npm run bench:checkout

const PORT = Number(process.env.BENCH_PORT ?? 3292);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CARTS = Number(process.env.BENCH_CARTS ?? 4000);
const AIM_PER_SECOND = 200;
const HOST = 'law-au.localhost';
const BASE = `http://127.0.0.1:${PORT}`;
// Stock is 2400 bottles a wine in the demo data: spread the orders over several wines.
const WINES = ['D0001', 'D0002', 'D0003', 'B0001', 'S0001', 'G0001'];
/** Lines a cart has, each a different wine (each line is priced, so it costs statements of its own). */
const LINES = Math.min(WINES.length, Math.max(1, Number(process.env.BENCH_LINES ?? 1)));

/** A cart of `LINES` different wines, a bottle of each, starting at the i-th. */
async function makeCart(i: number): Promise<string> {
  let cookie = '';
  for (let line = 0; line < LINES; line++) {
    const res = await fetch(`${BASE}/api/cart/itemcode/${WINES[(i + line) % WINES.length]}/1`, {
      method: 'PUT',
      headers: { host: HOST, ...(cookie ? { cookie } : {}) },
    });
    cookie ||=
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith('cart_id='))
        ?.split(';')[0] ?? '';
    if (res.status !== 200 || !cookie) throw new Error(`could not make cart ${i}: ${res.status}`);
  }
  return cookie;
}

const body = (giftCardCodes: string[] = []) =>
  JSON.stringify({
    email: 'bench@example.com',
    delivery: { firstName: 'Ana', lastName: 'Lee', line1: '14 Darling Street', city: 'Balmain', postcode: '2041' },
    billingSameAsDelivery: true,
    card: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
    giftCardCodes,
    idempotencyKey: randomUUID(),
  });

async function makeCarts(): Promise<string[]> {
  process.stdout.write(`preparing ${CARTS} carts… `);
  const carts: string[] = [];
  for (let i = 0; i < CARTS; i += 20) {
    carts.push(...(await Promise.all(Array.from({ length: Math.min(20, CARTS - i) }, (_, k) => makeCart(i + k)))));
  }
  console.log('done');
  return carts;
}

/**
 * `count` fresh $10 gift cards written straight into the server's PostgreSQL database (the bench measures spending
 * them, not selling them), issued by one e-gift card order placed through the API; answers their codes.
 */
async function freshGiftCards(count: number): Promise<string[]> {
  const url = serverDatabaseUrl(PORT);
  if (!url) throw new Error('no PostgreSQL database for the bench server');
  const add = await fetch(`${BASE}/api/cart/eItemCode`, {
    method: 'PUT',
    headers: { host: HOST, 'content-type': 'application/json' },
    body: JSON.stringify({
      salesCode: '',
      quantity: 1,
      recipientName: 'Bench',
      recipientEmail: 'bench.gift@example.com',
      verifyEmail: 'bench.gift@example.com',
      message: 'Cheers',
      amount: 50,
      itemCode: '02698VC',
    }),
  });
  const cookie = add.headers
    .getSetCookie()
    .find((c) => c.startsWith('cart_id='))
    ?.split(';')[0];
  if (add.status !== 200 || !cookie)
    throw new Error(`could not add the e-gift card: ${add.status} ${await add.text()}`);
  const placed = await fetch(`${BASE}/api/checkout/order`, {
    method: 'POST',
    headers: { host: HOST, 'content-type': 'application/json', cookie: `${cookie}; age_verified=1` },
    body: JSON.stringify({ ...JSON.parse(body()), delivery: undefined }),
  });
  const orderId = ((await placed.json()) as { response?: { orderId?: number } }).response?.orderId;
  if (!orderId) throw new Error(`could not place the e-gift card order: ${placed.status}`);
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    const key = giftCardKeyOf(
      testConfig(process.env.GIFT_CARD_KEY ? { GIFT_CARD_KEY: process.env.GIFT_CARD_KEY } : {}),
    );
    const card = {
      amountCents: 1000,
      currency: 'AUD',
      recipientName: 'Bench',
      recipientEmail: 'b@example.com',
      message: '',
    };
    const codes: string[] = [];
    for (let i = 0; i < count; i += 500) {
      const batch = Array.from({ length: Math.min(500, count - i) }, () => card);
      codes.push(
        ...(await issueGiftCards(database.db, key, { orderId, siteId: 'law-au' }, batch, new Date())).map(
          (c) => c.code,
        ),
      );
    }
    return codes;
  } finally {
    await database.close();
  }
}

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** The server's statement count once it has sent none for a second (its last orders placed), at most 10 s on. */
async function statementsWhenQuiet(): Promise<number> {
  let count = await serverStatementCount(server);
  for (const started = Date.now(); Date.now() - started < 10_000; ) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = await serverStatementCount(server);
    if (now === count) break;
    count = now;
  }
  return count;
}

/** One run of place-order requests over the carts, each order with the gift card codes `codesOf` names for it. */
async function run(label: string, carts: string[], codesOf: (i: number) => string[]) {
  let next = 0;
  const statuses = new Map<number, number>();
  const statementsBefore = await statementsWhenQuiet();
  const cpuBefore = serverCpuMillis(server);
  const databaseBefore = databaseCpu();
  const result = await autocannon({
    url: BASE,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        path: '/api/checkout/order',
        setupRequest: (req) => {
          const i = next++ % carts.length;
          const cookie = carts[i];
          return {
            ...req,
            headers: {
              host: HOST,
              'content-type': 'application/json',
              cookie: `${cookie}; age_verified=1`,
              // Each order from a client address of its own, as shoppers come (the payment budget counts per address).
              'x-forwarded-for': `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`,
            },
            body: body(codesOf(i)),
          };
        },
        onResponse: (status) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        },
      },
    ],
  });
  const placed = statuses.get(200) ?? 0;
  // NOTE: over the orders sent: autocannon stops with one request a connection under way, unanswered and uncounted
  // in `statuses`, which the server still places.
  const statements = (await statementsWhenQuiet()) - statementsBefore;
  // The server's CPU time (all its threads, from /proc) per order sent: steadier than orders/s on a shared machine.
  const cpuAfter = serverCpuMillis(server);
  const databaseMillis = databaseCpuSince(databaseBefore);
  const cpu =
    (cpuBefore !== null && cpuAfter !== null && next
      ? `   cpu ${((cpuAfter - cpuBefore) / next).toFixed(2)} ms/order`
      : '') +
    // PostgreSQL on this machine: its processes' CPU time per order sent (PGlite runs inside the server's).
    (process.env.DATABASE_URL && databaseMillis !== null && next
      ? `, database ${(databaseMillis / next).toFixed(2)} ms/order`
      : '');
  console.log(
    `place order${label} (${database}, ${CONNECTIONS} connections, ${LINES} line${LINES > 1 ? 's' : ''})  ${Math.round(result.requests.average)} orders/s (aim ≥ ${AIM_PER_SECOND})   ${next ? (statements / next).toFixed(1) : '–'} statements/order${cpu}   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms`,
  );
  console.log(
    `  answers: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}; ${placed} orders placed from ${Math.min(next, carts.length)} carts${next > carts.length ? ' (carts ran out: raise BENCH_CARTS)' : ''}`,
  );
}

// The worker's first run would come after the bench (the longest interval the configuration allows).
process.env.OUTBOX_INTERVAL_MS ??= '600000';
const server = await startServer(PORT, { countStatements: true });
try {
  await run('', await makeCarts(), () => []);
  if (process.env.DATABASE_URL) {
    process.stdout.write(`issuing ${CARTS} gift cards… `);
    const codes = await freshGiftCards(CARTS);
    console.log('done');
    // Each cart pays with its own card: a code used twice (carts ran out) would be refused as spent.
    await run(' with a $10 gift card', await makeCarts(), (i) => [codes[i] ?? '']);
  } else {
    console.log('place order with a gift card: PostgreSQL only (set DATABASE_URL)');
  }
} finally {
  server.kill('SIGTERM');
}
