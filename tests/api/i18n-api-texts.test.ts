import { describe, expect, it } from 'vitest';
import { i18nFor } from '../../app/lib/i18n';
import { translate } from '../../domain/message';
import { testAddressFor } from '../support/checkout-input';
import { createVisitor, useTestApp } from '../support/test-app';

// Every text the JSON API answers on the Chinese sites reads Chinese where the page shows it (CONTRACT.md
// "Languages"): a template arrives filled in from the site's catalogue, a plain text is a catalogue key the page
// translates. The calls are every documented path (from /api/openapi.json, so a new route is covered too), as a
// visitor and as a customer, with no body, an empty one, one of wrong types and one of plausible but wrong values,
// plus the refusals a shopper meets most. A text the code sends without declaring it for the catalogues fails here.

const t = useTestApp({ TRUST_PROXY: 'true', READ_RATE_LIMIT: '100000' });

type OpenApiDocument = { paths: Record<string, Record<string, { requestBody?: unknown }>> };

const BODIES = [
  undefined,
  {},
  { cartItems: 'D0002', email: 42, password: [], quantity: { a: 1 }, itemCode: 7 },
  {
    cartItems: [{ itemCode: 'NOPE1', quantity: 1000 }],
    email: 'not-an-email',
    password: 'short',
    firstName: '',
    lastName: '',
    postcode: '12',
    rating: 9,
    amount: 3,
    itemCode: 'NOPE1',
    token: 'x'.repeat(40),
  },
];

const HAN = /\p{Script=Han}/u;

/** The texts of an answer: its statusMessage and every `message` it carries (cart validations, form errors). */
function textsOf(value: unknown, out: Set<string>, key = ''): Set<string> {
  if (typeof value === 'string') {
    if (key === 'statusMessage' || key === 'message' || key === 'errorMessage') out.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) textsOf(item, out, key);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) textsOf(v, out, k);
  }
  return out;
}

function sample(path: string): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === 'quantity' ? '1' : 'D0001'));
}

describe.each([
  { site: 'law-hk', locale: 'zh-HK', address: '10.77.0.1' },
  { site: 'law-tw', locale: 'zh-TW', address: '10.77.0.2' },
])('API texts on $site', ({ site, locale, address }) => {
  it('read Chinese, from every documented path and the common refusals', async () => {
    const i18n = await i18nFor(locale);
    const doc = (await (
      await t.app.request('/api/openapi.json', { headers: { host: `${site}.localhost` } })
    ).json()) as OpenApiDocument;
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
    );
    expect(operations.length).toBeGreaterThan(20);

    const seen = new Map<string, string>();
    const record = (label: string, body: unknown) => {
      for (const text of textsOf(body, new Set())) if (!seen.has(text)) seen.set(text, label);
    };

    const visitor = createVisitor(() => t.app, site, { address });
    const customer = createVisitor(() => t.app, site, { address });
    expect((await customer.login('shopper@example.com')).status).toBe(200);
    await customer.add('D0001', 1);
    for (const [who, v] of [
      ['visitor', visitor],
      ['customer', customer],
    ] as const) {
      for (const { path, method } of operations) {
        // The operator API answers operators, in English (decision 023), and the console its staff, in English
        // (CONTRACT.md "Operator console"): never a shopper.
        if (path.startsWith('/api/operator/') || path.startsWith('/api/admin/')) continue;
        if (path.endsWith('/logout') || path.includes('/password') || path.includes('/checkout/order')) continue;
        for (const body of method === 'GET' ? [undefined] : BODIES) {
          const res = await v.call(method, sample(path), body);
          if (res.status >= 400) record(`${who} ${method} ${path} ${JSON.stringify(body) ?? ''}`, res.body);
        }
      }
    }
    // The refusals a shopper meets most, with their runtime parts.
    const wrong = createVisitor(() => t.app, site, { address });
    record(
      'wrong password',
      (
        await wrong.call('POST', '/api/authentication/login', {
          email: 'shopper@example.com',
          password: 'Wrong-password-1',
        })
      ).body,
    );
    record('no such call', (await visitor.call('GET', '/api/no-such-call')).body);
    record('unknown voucher', (await customer.call('PUT', '/api/cart/voucher/NOSUCHCODE')).body);
    record('quantity 100', (await customer.call('PUT', '/api/cart/itemcode/D0001/100')).body);
    record('checkout, empty body', (await customer.call('POST', '/api/checkout/order', {})).body);
    record(
      'checkout, declined card',
      (
        await customer.call('POST', '/api/checkout/order', {
          email: 'shopper@example.com',
          delivery: testAddressFor(site),
          billingSameAsDelivery: true,
          card: { number: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' },
          idempotencyKey: crypto.randomUUID(),
        })
      ).body,
    );

    expect(seen.size, 'texts collected').toBeGreaterThan(10);
    const english = [...seen]
      .filter(([text]) => !HAN.test(text) && !HAN.test(translate(i18n, text)))
      .map(([text, label]) => `${text}   ← ${label}`);
    expect(english, `texts the API sends on ${site} with no ${locale} translation`).toEqual([]);
  }, 300_000);
});
