import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { BRAND_CODES } from '../../domain/sites';
import { buildSuggestions } from '../../services/suggestions';
import type { AppEnv } from '../types';

/**
 * The static search-suggestion JSON per brand (SPEC §7): built from the catalogue, kept in the read
 * cache, served with an ETag so browsers revalidate cheaply and see catalogue changes.
 */
export const suggestionsApi = new Hono<AppEnv>().get('/:file', async (c) => {
  const brand = /^([a-z]{3})\.json$/.exec(c.req.param('file'))?.[1];
  if (!brand || !BRAND_CODES.includes(brand as never))
    return c.json({ statusCode: 404, statusMessage: 'There are no suggestions for that brand.' }, 404);
  const { db, cache } = c.var.ctx;
  const body = await cache.get('suggestions-json', async () => {
    const json = JSON.stringify(await buildSuggestions(db));
    return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
  });
  const headers = {
    'Cache-Control': 'public, max-age=300, must-revalidate',
    ETag: body.etag,
    'Content-Type': 'application/json; charset=utf-8',
  };
  if (c.req.header('if-none-match') === body.etag) return c.body(null, 304, headers);
  return c.body(body.json, 200, headers);
});
