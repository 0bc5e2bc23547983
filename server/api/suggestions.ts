import { createHash } from 'node:crypto';
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { BRAND_CODES } from '../../domain/sites';
import { buildSuggestions } from '../../services/search/suggestions';
import { failWith } from '../envelope';
import { createApiRouter, ERROR_HEADERS, ErrorEnvelopeSchema } from './router';
import { API_TEXTS } from '../../domain/api-texts';

export const SuggestionsSchema = z.array(z.looseObject({ itemCode: z.string(), name: z.string() }));

/**
 * The static search-suggestion JSON per brand (SPEC §7): built from the catalogue, kept in the read
 * cache, served with an ETag so browsers revalidate cheaply and see catalogue changes.
 */
export const suggestionsApi = createApiRouter().openapi(
  createRoute({
    method: 'get',
    path: '/{file}',
    summary: 'Search suggestions of one brand, as a static JSON file ({brand}.json)',
    request: { params: z.object({ file: z.string() }) },
    responses: {
      200: {
        description: 'The suggestions (not wrapped in the envelope: a static file).',
        content: { 'application/json': { schema: SuggestionsSchema } },
      },
      304: { description: 'Unchanged since the ETag the browser has.' },
      404: {
        description: 'No such brand.',
        headers: ERROR_HEADERS,
        content: { 'application/json': { schema: ErrorEnvelopeSchema } },
      },
    },
  }),
  async (c) => {
    const brand = /^([a-z]{3})\.json$/.exec(c.req.valid('param').file)?.[1];
    if (!brand || !BRAND_CODES.includes(brand as never)) return failWith(c, 404, API_TEXTS.noSuggestions);
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
  },
);
