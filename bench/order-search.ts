import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import type { StaffMember } from '../domain/staff';
import { type OrderSearch, searchOrders } from '../services/staff/order-search';
import { createScratchDatabase } from '../tests/support/scratch-postgres';

// npm run bench:orders: the console's order search over 100 000 orders (BENCH_ORDERS), each filter and search term
// run BENCH_ROUNDS times one after another, printing p50 and p95 beside the aim (p95 under 50 ms on PostgreSQL).
// On PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:orders (a scratch database,
// dropped after); without it, an embedded PGlite in memory. Asserts nothing.

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const AIM_P95_MS = 50;

const url = process.env.DATABASE_URL;
const scratch = url ? await createScratchDatabase(url, 'sf_bench_orders') : null;
const database = await openDatabase(scratch ? { databaseUrl: scratch.url, poolSize: 2 } : {});
try {
  await database.migrate();
  process.stdout.write(`writing ${ORDERS} orders… `);
  await database.db.execute(sql`
    insert into orders (site_id, order_number, status, currency, subtotal_cents, shipping_cents, total_cents,
      placed_at, email, delivery_address)
    select (array['law-au','vir-au','wpe-au','adc-au','law-nz','law-us','law-hk','hlw-hk','law-tw'])[1 + i % 9],
      'LAW261201-' || lpad(i::text, 8, '0'), (array['PROCESSING','SHIPPED','DELIVERED','CANCELLED','REFUNDED'])[1 + (i / 9) % 5], 'AUD',
      5000 + i % 1000, 0, 5000 + i % 1000, now() - make_interval(mins => i), 'buyer' || i || '@example.com',
      jsonb_build_object('firstName', 'Ann', 'lastName', 'Name' || (i % 5000))
    from generate_series(1, ${ORDERS}) as i`);
  await database.db.execute(sql`analyze orders`);
  console.log('done');

  const manager: StaffMember = { id: 0, email: 'bench@staff.example', role: 'manager', sites: [] };
  const hk: StaffMember = { ...manager, sites: ['law-hk', 'hlw-hk'] };
  const middle = { placedAt: new Date(Date.now() - (ORDERS / 2) * 60_000), id: Math.floor(ORDERS / 2) };
  const cases: { label: string; who: StaffMember; search: OrderSearch }[] = [
    { label: 'newest, no filter', who: manager, search: {} },
    {
      label: 'order number',
      who: manager,
      search: { q: `law261201-${String(Math.floor(ORDERS / 3)).padStart(8, '0')}` },
    },
    { label: 'email', who: manager, search: { q: `Buyer${Math.floor(ORDERS / 3)}@example.com` } },
    { label: 'last name', who: manager, search: { q: 'name4242' } },
    { label: 'site', who: manager, search: { site: 'vir-au' } },
    { label: 'status', who: manager, search: { status: 'SHIPPED' } },
    { label: 'site and status', who: manager, search: { site: 'law-nz', status: 'REFUNDED' } },
    { label: 'last day', who: manager, search: { from: new Date(Date.now() - 86_400_000) } },
    { label: 'a site-limited account', who: hk, search: {} },
    { label: 'page 2000 (cursor)', who: manager, search: { after: middle } },
  ];
  for (const { label, who, search } of cases) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      found = (await searchOrders(database.db, who, search)).orders.length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(2);
    const p95 = Number(at(0.95));
    console.log(
      `${label.padEnd(24)} ${String(found).padStart(3)} orders   p50 ${at(0.5).padStart(6)} ms   p95 ${String(p95.toFixed(2)).padStart(6)} ms   ${p95 < AIM_P95_MS ? 'within' : 'OVER'} the aim (p95 < ${AIM_P95_MS} ms)`,
    );
  }
  console.log(
    `(${url ? 'PostgreSQL' : 'PGlite'}, ${ORDERS} orders, ${ROUNDS} searches each, one connection at a time)`,
  );
} finally {
  await database.close();
  await scratch?.drop();
}
