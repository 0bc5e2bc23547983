import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

// The API envelope of CONTRACT.md.
export function ok(c: Context, response: unknown, status: ContentfulStatusCode = 200) {
  return c.json({ statusCode: 0, response }, status);
}

export function fail(c: Context, status: ContentfulStatusCode, statusMessage: string) {
  return c.json({ statusCode: status, statusMessage }, status);
}

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
