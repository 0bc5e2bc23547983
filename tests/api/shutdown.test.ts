import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from '../support/built-server';

// A shutdown loses no request (server/serve.ts): the production build on a fresh database of its own
// (tests/support/fresh-server.ts, PGlite or TEST_DATABASE_URL's PostgreSQL) gets SIGTERM while 20 checkouts wait on a
// slow card authorisation. /readyz answers 503 at once and every answer says Connection: close; each checkout
// completes with its order, the process exits cleanly, and nothing ran on a closed pool.

const HOST = 'law-au.localhost';
const CHECKOUTS = 20;
const AUTHORISE_MS = 1_500;
const GRACE_MS = 1_000;

/** One GET over a connection of its own that asks to be kept open, answering the status and the Connection header. */
function getOnce(port: number, pathName: string): Promise<{ status: number; connection: string | undefined }> {
  const agent = new http.Agent({ keepAlive: true });
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathName, headers: { host: HOST }, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.on('error', reject);
  }).finally(() => agent.destroy());
}

let built: BuiltServer;
let port: number;

beforeAll(async () => {
  built = await startBuiltServer({
    E2E_LOG_LEVEL: 'info',
    TEST_PAYMENT_DELAY_MS: String(AUTHORISE_MS),
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
    SHUTDOWN_DRAIN_MS: '20000',
  });
  port = built.port;
}, 150_000);

afterAll(() => {
  if (built.process.exitCode === null) built.process.kill('SIGKILL');
});

async function cart(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/cart/itemcode/D0001/1`, {
    method: 'PUT',
    headers: { host: HOST },
  });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('cart_id='))
    ?.split(';')[0];
  expect(res.status).toBe(200);
  return `${cookie}; age_verified=1`;
}

function checkout(cookie: string, i: number) {
  return fetch(`http://127.0.0.1:${port}/api/checkout/order`, {
    method: 'POST',
    headers: { host: HOST, 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      email: `drain${i}@example.com`,
      delivery: { firstName: 'Ana', lastName: 'Lee', line1: '14 Darling Street', city: 'Balmain', postcode: '2041' },
      billingSameAsDelivery: true,
      card: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
      idempotencyKey: crypto.randomUUID(),
    }),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as { response?: { orderNumber?: string } } }));
}

describe('shutdown', () => {
  it('answers every checkout in flight when SIGTERM arrives, and says it is not ready meanwhile', async () => {
    const carts = await Promise.all(Array.from({ length: CHECKOUTS }, () => cart()));
    expect(await getOnce(port, '/readyz')).toEqual({ status: 200, connection: 'keep-alive' });

    const placing = carts.map((cookie, i) => checkout(cookie, i));
    // Every checkout has reached the server and waits on its authorisation (AUTHORISE_MS) when the signal comes.
    await new Promise((r) => setTimeout(r, AUTHORISE_MS / 3));
    built.process.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    // Within the grace time the process still answers, but is not ready, and has every client close its connection.
    expect(await getOnce(port, '/readyz')).toEqual({ status: 503, connection: 'close' });
    expect(await getOnce(port, '/healthz')).toEqual({ status: 200, connection: 'close' });

    const answers = await Promise.all(placing);
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: CHECKOUTS }, () => 200));
    const numbers = new Set(answers.map((a) => a.body.response?.orderNumber));
    expect(numbers.size).toBe(CHECKOUTS);
    expect([...numbers].every((n) => typeof n === 'string' && n.length > 0)).toBe(true);

    expect(await built.exited).toBe(0);
    // After the grace time the process stopped listening: a new request finds nobody (it never started).
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    const log = built.output();
    const lines = log
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string; drained?: boolean });
    expect(lines.find((l) => l.msg === 'shutdown complete')?.drained).toBe(true);
    // Nothing failed on its way out: no error logged, the pool closed after the last statement.
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(log).not.toMatch(/Cannot use a pool after calling end|Client was closed|pool.*ended/i);
  }, 120_000);
});
