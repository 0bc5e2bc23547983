import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A shutdown loses no request (server/serve.ts): the production build on a fresh database of its own
// (tests/support/fresh-server.ts, PGlite or TEST_DATABASE_URL's PostgreSQL) gets SIGTERM while 20 checkouts wait on a
// slow card authorisation. /readyz answers 503 at once and every answer says Connection: close; each checkout
// completes with its order, the process exits cleanly, and nothing ran on a closed pool.

const HOST = 'law-au.localhost';
const CHECKOUTS = 20;
const AUTHORISE_MS = 1_500;
const GRACE_MS = 1_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

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

let server: ChildProcess;
let port: number;
let log = '';
let exited: Promise<number | null>;

beforeAll(async () => {
  port = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', 'tests/support/fresh-server.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_LOG_LEVEL: 'info',
      E2E_MAILBOX: 'off',
      TEST_PAYMENT_DELAY_MS: String(AUTHORISE_MS),
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      SHUTDOWN_DRAIN_MS: '20000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => (log += d));
  server.stderr?.on('data', (d) => (log += d));
  exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  const started = Date.now();
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() - started > 120_000 || server.exitCode !== null) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}, 150_000);

afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
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
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    // Within the grace time the process still answers, but is not ready, and has every client close its connection.
    expect(await getOnce(port, '/readyz')).toEqual({ status: 503, connection: 'close' });
    expect(await getOnce(port, '/healthz')).toEqual({ status: 200, connection: 'close' });

    const answers = await Promise.all(placing);
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: CHECKOUTS }, () => 200));
    const numbers = new Set(answers.map((a) => a.body.response?.orderNumber));
    expect(numbers.size).toBe(CHECKOUTS);
    expect([...numbers].every((n) => typeof n === 'string' && n.length > 0)).toBe(true);

    expect(await exited).toBe(0);
    // After the grace time the process stopped listening: a new request finds nobody (it never started).
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
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
