import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { startServer } from './server';

// npm run bench:checkout: place-order throughput and latency, 20 connections, every order a different guest's
// cart of one bottle paid with the approved test card. Prints figures beside the aim; asserts nothing.
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

async function makeCart(i: number): Promise<string> {
  const res = await fetch(`${BASE}/api/cart/itemcode/${WINES[i % WINES.length]}/1`, {
    method: 'PUT',
    headers: { host: HOST },
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('cart_id='));
  if (res.status !== 200 || !cookie) throw new Error(`could not make cart ${i}: ${res.status}`);
  return cookie.split(';')[0]!;
}

const body = () =>
  JSON.stringify({
    email: 'bench@example.com',
    delivery: { firstName: 'Ana', lastName: 'Lee', line1: '14 Darling Street', city: 'Balmain', postcode: '2041' },
    billingSameAsDelivery: true,
    card: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
    idempotencyKey: randomUUID(),
  });

const server = await startServer(PORT);
try {
  process.stdout.write(`preparing ${CARTS} carts… `);
  const carts: string[] = [];
  for (let i = 0; i < CARTS; i += 20) {
    carts.push(...(await Promise.all(Array.from({ length: Math.min(20, CARTS - i) }, (_, k) => makeCart(i + k)))));
  }
  console.log('done');
  let next = 0;
  const statuses = new Map<number, number>();
  const result = await autocannon({
    url: BASE,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        path: '/api/checkout/order',
        setupRequest: (req) => {
          const cookie = carts[next++ % carts.length];
          return {
            ...req,
            headers: {
              host: HOST,
              'content-type': 'application/json',
              cookie: `${cookie}; age_verified=1`,
              // Each order from a client address of its own, as shoppers come (the payment budget counts per address).
              'x-forwarded-for': `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`,
            },
            body: body(),
          };
        },
        onResponse: (status) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        },
      },
    ],
  });
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const placed = statuses.get(200) ?? 0;
  console.log(
    `place order (${database}, ${CONNECTIONS} connections)  ${Math.round(result.requests.average)} orders/s (aim ≥ ${AIM_PER_SECOND})   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms`,
  );
  console.log(
    `  answers: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}; ${placed} orders placed from ${Math.min(next, carts.length)} carts${next > carts.length ? ' (carts ran out: raise BENCH_CARTS)' : ''}`,
  );
} finally {
  server.kill('SIGTERM');
}
