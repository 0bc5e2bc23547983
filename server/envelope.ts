import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { OrderNotFoundError } from '../services/account';
import { CartError } from '../services/cart';
import { NotFoundError } from '../services/catalogue';
import { IdentityError } from '../services/identity';

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

/**
 * The typed errors of the services, as the 4xx the API answers (DESIGN.md: one error handler maps typed
 * domain errors to 4xx). Anything else is a 5xx whose details stay in the log.
 */
export function clientErrorOf(error: unknown): { status: ContentfulStatusCode; message: string } | null {
  if (
    error instanceof HttpError ||
    error instanceof CartError ||
    error instanceof IdentityError ||
    error instanceof OrderNotFoundError
  ) {
    return { status: error.status, message: error.message };
  }
  if (error instanceof NotFoundError) return { status: 404, message: error.message };
  return null;
}
