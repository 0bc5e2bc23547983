import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PostcodeAnswerSchema } from '../../server/api/address';
import { CartSchema } from '../../server/api/cart';
import { OfferListSchema } from '../../server/api/itemlist';
import { UpsellOffersSchema } from '../../server/api/offer';
import { ProductSchema } from '../../server/api/product';
import { LoginAnswerSchema } from '../../server/api/authentication';
import { envelope, ErrorEnvelopeSchema } from '../../server/api/router';
import { AccountDetailsSchema } from '../../server/api/user-account';
import { createVisitor, useTestApp } from '../support/test-app';

// The OpenAPI document at /api/openapi.json describes what the API really answers: every documented
// path is routed, and live answers match the schemas the document was made from.

const t = useTestApp();
const visitor = () => createVisitor(() => t.app);

type Operation = { responses: Record<string, unknown> };
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
};

async function fetchDocument(): Promise<OpenApiDocument> {
  const res = await t.app.request('/api/openapi.json', { headers: { host: 'law-au.localhost:3000' } });
  expect(res.status).toBe(200);
  return (await res.json()) as OpenApiDocument;
}

/** Sample values for path parameters: enough to reach the route, whatever its answer. */
const SAMPLE_PARAMS: Record<string, string> = {
  itemCode: 'D0001',
  quantity: '1',
  id: 'D0001',
  zip: '2000',
  name: 'law_shopping_cart_addons',
  locale: 'en_AU_law',
  dataAreaId: 'AUS',
  file: 'law.json',
};

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of the SPEC §7 calls', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.info.version).toEqual(expect.any(String));
    for (const path of [
      '/api/cart/list',
      '/api/cart/itemcode/{itemCode}/{quantity}',
      '/api/product/item/{itemCode}',
      '/api/user/details',
      '/api/authentication/login',
      '/api/itemlist/{name}/{locale}/{dataAreaId}',
      '/api/address/zipcode/{zip}',
      '/api/offer/product/{itemCode}',
      '/jsp/api/us/similar_wines_json.jsp',
      '/search/suggestions/{file}',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });

  it('routes every documented path and method (none is the unknown-call 404)', async () => {
    const doc = await fetchDocument();
    const v = visitor();
    await v.login('shopper@example.com');
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
    );
    expect(operations.length).toBeGreaterThan(30);
    for (const { path, method } of operations) {
      const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => SAMPLE_PARAMS[name] ?? 'X');
      const res = await v.call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.body.statusMessage, `${method} ${path}`).not.toBe('There is no such API call.');
    }
    // The unknown-call answer itself still works.
    expect((await v.call('GET', '/api/no/such/call')).body.statusMessage).toBe('There is no such API call.');
  });
});

describe('the failures documented', () => {
  it('name the X-Error-Code header their code comes in', async () => {
    const doc = (await fetchDocument()) as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    const failures = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods).flatMap((op) => Object.entries(op.responses).filter(([status]) => Number(status) >= 400)),
    );
    expect(failures.length).toBeGreaterThan(10);
    for (const [, failure] of failures) expect(Object.keys(failure.headers ?? {})).toContain('X-Error-Code');
  });
});

describe('live answers match the documented schemas', () => {
  /** Checks the answer against the schema and that the document declares this status for the call. */
  async function expectDocumented(
    call: Promise<{ status: number; body: unknown }>,
    path: string,
    method: string,
    schema: z.ZodType,
    status: number,
  ) {
    const doc = await fetchDocument();
    const res = await call;
    expect(res.status).toBe(status);
    expect(Object.keys(doc.paths[path]?.[method]?.responses ?? {})).toContain(String(status));
    const checked = schema.safeParse(res.body);
    expect(checked.success, `${method.toUpperCase()} ${path} ${status}: ${checked.error?.message}`).toBe(true);
  }

  it('cart: list, add, bad quantity', async () => {
    const v = visitor();
    await expectDocumented(v.call('GET', '/api/cart/list'), '/api/cart/list', 'get', envelope(CartSchema), 200);
    await expectDocumented(
      v.add('D0001', 2),
      '/api/cart/itemcode/{itemCode}/{quantity}',
      'put',
      envelope(CartSchema),
      200,
    );
    await expectDocumented(
      v.call('POST', '/api/cart/itemcode', { cartItems: [{ itemCode: 'D0002', quantity: 1 }] }),
      '/api/cart/itemcode',
      'post',
      envelope(CartSchema),
      200,
    );
    await expectDocumented(
      v.add('D0001', 100),
      '/api/cart/itemcode/{itemCode}/{quantity}',
      'put',
      ErrorEnvelopeSchema,
      400,
    );
  });

  it('product, item list, postcode, offers', async () => {
    const v = visitor();
    await expectDocumented(
      v.call('GET', '/api/product/item/D0001'),
      '/api/product/item/{itemCode}',
      'get',
      envelope(ProductSchema),
      200,
    );
    await expectDocumented(
      v.call('GET', '/api/product/item/NOPE404'),
      '/api/product/item/{itemCode}',
      'get',
      ErrorEnvelopeSchema,
      404,
    );
    await expectDocumented(
      v.call('GET', '/api/itemlist/law_shopping_cart_addons/en_AU_law/AUS'),
      '/api/itemlist/{name}/{locale}/{dataAreaId}',
      'get',
      envelope(OfferListSchema),
      200,
    );
    await expectDocumented(
      v.call('GET', '/api/address/zipcode/2041'),
      '/api/address/zipcode/{zip}',
      'get',
      envelope(PostcodeAnswerSchema),
      200,
    );
    await expectDocumented(
      v.call('GET', '/api/address/zipcode/12'),
      '/api/address/zipcode/{zip}',
      'get',
      ErrorEnvelopeSchema,
      400,
    );
    await expectDocumented(
      v.call('GET', '/api/offer/product/D0001'),
      '/api/offer/product/{itemCode}',
      'get',
      envelope(UpsellOffersSchema),
      200,
    );
    await expectDocumented(
      v.call('GET', '/api/offer/cart'),
      '/api/offer/cart',
      'get',
      envelope(UpsellOffersSchema),
      200,
    );
  });

  it('login failure, then the account details of a logged-in customer', async () => {
    const v = visitor();
    await expectDocumented(v.call('GET', '/api/user/details'), '/api/user/details', 'get', ErrorEnvelopeSchema, 401);
    await expectDocumented(
      v.login('shopper@example.com', 'not-the-password'),
      '/api/authentication/login',
      'post',
      ErrorEnvelopeSchema,
      401,
    );
    expect((await v.login('shopper@example.com')).body.statusCode).toBe(0);
    await expectDocumented(
      v.call('GET', '/api/user/details'),
      '/api/user/details',
      'get',
      envelope(AccountDetailsSchema),
      200,
    );
  });
});

describe('JSON bodies are read whatever the Content-Type says', () => {
  async function post(body: string, headers: Record<string, string>) {
    const res = await t.app.request('/api/authentication/login', {
      method: 'POST',
      headers: { host: 'law-au.localhost:3000', ...headers },
      body,
    });
    return { status: res.status, body: ErrorEnvelopeSchema.or(envelope(LoginAnswerSchema)).parse(await res.json()) };
  }

  it('reads JSON sent without a Content-Type or as text/plain', async () => {
    const json = JSON.stringify({ email: 'shopper@example.com', password: 'Vintage2026' });
    expect((await post(json, {})).status).toBe(200);
    expect((await post(json, { 'content-type': 'text/plain' })).status).toBe(200);
  });

  it('answers malformed JSON with the one clear 400', async () => {
    const kinds: Record<string, string>[] = [
      {},
      { 'content-type': 'application/json' },
      { 'content-type': 'text/plain' },
    ];
    for (const headers of kinds) {
      expect(await post('{"email":', headers)).toEqual({
        status: 400,
        body: { statusCode: 400, statusMessage: 'The request body must be JSON.' },
      });
    }
  });
});
