import autocannon from 'autocannon';
import { startServer } from './server';

// npm run bench:flood: product page throughput while anonymous clients flood the server with 1 MB
// bodies and long login emails, against the same figure measured quietly. Prints figures; asserts nothing.
// The flood should be refused at the edge (413 before the body is read, 400 before any pattern or hash),
// so the product page keeps (nearly) its quiet throughput.

const PORT = Number(process.env.BENCH_PORT ?? 3291);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 10);
const HOST = 'law-au.localhost';
const BASE = `http://127.0.0.1:${PORT}`;

const MEGABYTE_BODY = JSON.stringify({ cartItems: [{ itemCode: 'D0001', quantity: 1 }], pad: 'x'.repeat(1 << 20) });
// Just under the body limit, so it reaches the login schema.
const LONG_EMAIL_BODY = JSON.stringify({ email: `${'a@'.repeat(30_000)}.example`, password: 'x' });

function productPage(path: string) {
  return autocannon({
    url: BASE + path,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { host: HOST, cookie: 'age_verified=1', 'accept-encoding': 'gzip' },
  });
}

function flood() {
  return autocannon({
    url: BASE,
    connections: FLOOD_CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        path: '/api/cart',
        headers: { host: HOST, 'content-type': 'application/json' },
        body: MEGABYTE_BODY,
      },
      {
        method: 'POST',
        path: '/api/authentication/login',
        headers: { host: HOST, 'content-type': 'application/json' },
        body: LONG_EMAIL_BODY,
      },
    ],
  });
}

const line = (title: string, result: autocannon.Result) =>
  `${title.padEnd(34)} ${String(Math.round(result.requests.average)).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms`;

const server = await startServer(PORT);
try {
  const product = (await (await fetch(`${BASE}/api/product/item/D0001`, { headers: { host: HOST } })).json()) as {
    response: { url: string };
  };
  const path = product.response.url;
  await productPage(path); // warm up
  const quiet = await productPage(path);
  const [flooded, attack] = await Promise.all([productPage(path), flood()]);
  console.log(`Flood bench: ${CONNECTIONS} page connections, ${FLOOD_CONNECTIONS} flooding, ${DURATION} s each`);
  console.log(line('product page, quiet', quiet));
  console.log(line('product page, under flood', flooded));
  const refused = attack['4xx'];
  console.log(
    `${'flood (1 MB bodies, long emails)'.padEnd(34)} ${String(Math.round(attack.requests.average)).padStart(6)} req/s   ${refused} refused with 4xx, ${attack['2xx']} accepted, ${attack['5xx']} 5xx, ${attack.errors} errors`,
  );
  const ratio = flooded.requests.average / quiet.requests.average;
  console.log(`product page throughput under flood: ${(ratio * 100).toFixed(1)} % of quiet`);
} finally {
  server.kill('SIGTERM');
}
