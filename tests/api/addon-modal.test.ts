import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { createTestDatabase, type TestDatabase } from '../support/test-db';
import type { Envelope } from '../support/test-app';

// SPEC §7: POST /jsp/templates/page_elements/au/common/cart_addon_success_modal.jsp returns the add-on success modal's content.

const PATH = '/jsp/templates/page_elements/au/common/cart_addon_success_modal.jsp';
const HOST = 'law-au.localhost:3000';

let testDb: TestDatabase;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = createApp({ database: testDb.database, config: testConfig() });
});
afterAll(async () => {
  await testDb?.drop();
});

type Body = Envelope<{ title: string; itemCode: string; name: string; image: string; message: string }>;

async function post(raw: string, headers: Record<string, string> = {}) {
  const res = await app.request(PATH, {
    method: 'POST',
    headers: { host: HOST, 'content-type': 'application/json', ...headers },
    body: raw,
  });
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  return { status: res.status, body: (await res.json()) as Body };
}

const valid = { itemCode: 'D0001', name: 'Old Vine Shiraz', image: '/images/products/D0001-small.svg' };

describe(`POST ${PATH}`, () => {
  it('answers the modal content as data: title, the item and a plain-text message', async () => {
    const { status, body } = await post(JSON.stringify(valid));
    expect(status).toBe(200);
    expect(body).toEqual({
      statusCode: 0,
      response: {
        title: 'Added to your cart',
        itemCode: 'D0001',
        name: 'Old Vine Shiraz',
        image: '/images/products/D0001-small.svg',
        message: 'Old Vine Shiraz has been added to your cart.',
      },
    });
  });

  it('echoes markup in a name as text, never as escaped or live HTML', async () => {
    const name = `Château <b>"Rosé"</b> & Co's`;
    const { status, body } = await post(JSON.stringify({ ...valid, name }));
    expect(status).toBe(200);
    expect(body.response.name).toBe(name);
    expect(body.response.message).toBe(`${name} has been added to your cart.`);
  });

  it('accepts a name of 200 characters and refuses 201', async () => {
    expect((await post(JSON.stringify({ ...valid, name: 'a'.repeat(200) }))).status).toBe(200);
    const { status, body } = await post(JSON.stringify({ ...valid, name: 'a'.repeat(201) }));
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: 400, statusMessage: 'The item name must be 200 characters or fewer.' });
  });

  it('refuses malformed JSON with a readable message', async () => {
    const { status, body } = await post('{"itemCode": "D0001",');
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: 400, statusMessage: 'The request body must be JSON.' });
  });

  it.each([
    [
      'an image on another site',
      { ...valid, image: 'https://evil.example/x.svg' },
      'The image must be a path on this site under /images/.',
    ],
    [
      'a protocol-relative image',
      { ...valid, image: '//evil.example/images/x.svg' },
      'The image must be a path on this site under /images/.',
    ],
    [
      'an image outside /images/',
      { ...valid, image: '/images/../api/cart/list' },
      'The image must be a path on this site under /images/.',
    ],
    [
      'a javascript: image',
      { ...valid, image: 'javascript:alert(1)' },
      'The image must be a path on this site under /images/.',
    ],
    ['a bad item code', { ...valid, itemCode: '<script>' }, 'Please give a valid item code.'],
    ['an empty name', { ...valid, name: '   ' }, 'Please give the name of the item.'],
    ['a missing image', { itemCode: 'D0001', name: 'Old Vine Shiraz' }, 'image is required.'],
    ['a number for a name', { ...valid, name: 42 }, 'name is required.'],
    ['an array body', [valid], 'The request body must be a JSON object with itemCode, name and image.'],
  ])('refuses %s with 400 and a statusMessage', async (_label, payload, message) => {
    const { status, body } = await post(JSON.stringify(payload));
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: 400, statusMessage: message });
  });

  it('refuses a request started by another site (CSRF) with 403', async () => {
    const { status, body } = await post(JSON.stringify(valid), { origin: 'https://evil.example' });
    expect(status).toBe(403);
    expect(body.statusCode).not.toBe(0);
    expect(body.statusMessage).toEqual(expect.any(String));
  });

  it('accepts the same request from its own origin', async () => {
    const { status } = await post(JSON.stringify(valid), { origin: `http://${HOST}` });
    expect(status).toBe(200);
  });
});
