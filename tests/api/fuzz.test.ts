import { describe, expect, it } from 'vitest';
import { createVisitor, useTestApp } from '../support/test-app';

// Hardening: every documented API path, fed hostile input, answers 4xx (never 5xx) and leaves
// the shopper's cart exactly as it was. The paths come from /api/openapi.json, so a new route is fuzzed too.

const t = useTestApp({ TRUST_PROXY: 'true', READ_RATE_LIMIT: '100000' });

type OpenApiDocument = { paths: Record<string, Record<string, { requestBody?: unknown }>> };

const TEN_KB = 'x'.repeat(10 * 1024);
/** Hostile values for a path segment or a query value, and whether the answer must be a 4xx. */
const SEGMENTS: readonly { name: string; value: string; must4xx: boolean }[] = [
  { name: 'NUL', value: 'D0001\u0000', must4xx: true },
  { name: 'escape', value: 'D\u001b0001', must4xx: true },
  // NOTE: in a query, invalid UTF-8 decodes to U+FFFD, which is harmless; in a path it is refused.
  { name: 'lone surrogate', value: 'D0001\ud83c', must4xx: true },
  { name: 'emoji', value: '🍷🍷', must4xx: false },
  { name: '10 KB', value: TEN_KB, must4xx: false },
];
/** Hostile JSON bodies for state-changing calls. */
const BODIES: readonly { name: string; raw: string }[] = [
  { name: '1 MB', raw: JSON.stringify({ cartItems: [{ itemCode: 'D0002', quantity: 1 }], pad: 'x'.repeat(1 << 20) }) },
  {
    name: 'NUL strings',
    raw: JSON.stringify({ cartItems: [{ itemCode: 'D0002\u0000', quantity: 1 }], email: 'a\u0000@b.co' }),
  },
  {
    name: 'lone surrogate',
    raw: '{"recipientName":"\\ud83c","email":"x@y.zz","cartItems":[{"itemCode":"D0002","quantity":1}]}',
  },
  { name: 'wrong types', raw: JSON.stringify({ cartItems: 'D0002', email: 42, password: [], quantity: { a: 1 } }) },
  { name: 'array', raw: '[1,2,3]' },
  { name: 'malformed', raw: '{"cartItems": [' },
];

/** Percent-encoded; a lone surrogate (which encodeURIComponent refuses) as the bytes a client might send. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%BC`;
  }
}

function fill(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, encode(value));
}

function fillSample(path: string): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === 'quantity' ? '1' : 'D0001'));
}

describe('hostile input on every API path', () => {
  it('answers 4xx (never 5xx) and changes nothing', async () => {
    const shopper = createVisitor(() => t.app, 'law-au', { address: '10.66.0.1' });
    expect((await shopper.login('shopper@example.com')).status).toBe(200);
    expect((await shopper.add('D0001', 3)).status).toBe(200);
    const before = JSON.stringify(await shopper.cart());

    const doc = (await (
      await t.app.request('/api/openapi.json', { headers: { host: 'law-au.localhost' } })
    ).json()) as OpenApiDocument;
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        takesBody: operation.requestBody !== undefined,
      })),
    );
    expect(operations.length).toBeGreaterThan(20);

    const failures: string[] = [];
    const check = (label: string, status: number, must4xx: boolean) => {
      if (status >= 500 || (must4xx && (status < 400 || status >= 500))) failures.push(`${label} → ${status}`);
    };
    for (const { path, method, takesBody } of operations) {
      if (path.endsWith('/logout') || path.includes('/password')) continue;
      const hasParams = path.includes('{');
      for (const segment of SEGMENTS) {
        if (hasParams) {
          const res = await shopper.call(method, fill(path, segment.value), method === 'GET' ? undefined : {});
          check(`${method} ${path} [path ${segment.name}]`, res.status, segment.must4xx);
        }
        // A change with a valid address and a harmless query is a real change: only hostile queries here
        // (a lone surrogate in a query arrives as U+FFFD, which is harmless).
        if (method !== 'GET' && (!segment.must4xx || segment.name === 'lone surrogate')) continue;
        const query = segment.name === 'lone surrogate' ? false : segment.must4xx;
        const res = await shopper.call(
          method,
          `${fillSample(path)}?validate=${encode(segment.value)}&orderId=${encode(segment.value)}`,
          method === 'GET' ? undefined : {},
        );
        check(`${method} ${path} [query ${segment.name}]`, res.status, query);
      }
      if (method !== 'GET') {
        for (const body of takesBody ? BODIES : BODIES.slice(0, 1)) {
          const res = await shopper.call(method, fillSample(path), undefined, body.raw);
          check(`${method} ${path} [body ${body.name}]`, res.status, true);
          if (res.status < 500 && res.body.statusCode === 0)
            failures.push(`${method} ${path} [body ${body.name}] accepted`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(JSON.stringify(await shopper.cart())).toBe(before);
  }, 300_000);

  it('strips control characters from a page address instead of failing (a pasted search still works)', async () => {
    const res = await t.app.request('/wines?Ntt=shi%00raz&Nty=1', { headers: { host: 'law-au.localhost' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/wines?Ntt=shiraz&Nty=1');
    const path = await t.app.request('/product/D00%0001', { headers: { host: 'law-au.localhost' } });
    expect(path.status).toBe(302);
    expect(path.headers.get('location')).toBe('/product/D0001');
  });

  it('refuses a NUL in a login email or an e-gift recipient with a message, not a 500', async () => {
    const v = createVisitor(() => t.app, 'law-au', { address: '10.66.0.2' });
    const login = await v.call('POST', '/api/authentication/login', {
      email: 'shopper\u0000@example.com',
      password: 'x',
    });
    expect(login.status).toBe(400);
    expect(login.body.statusMessage).toBe('Please remove the control characters from what you entered.');
    const gift = await v.call('PUT', '/api/cart/eItemCode', {
      salesCode: '',
      quantity: 1,
      recipientName: 'Ann\u0000',
      recipientEmail: 'ann@example.com',
      verifyEmail: 'ann@example.com',
      message: 'Enjoy your wine!',
      amount: 50,
      itemCode: '00041VC',
    });
    expect(gift.status).toBe(400);
    expect(JSON.stringify((await v.cart()).lineItems)).toBe('[]');
  });
});
