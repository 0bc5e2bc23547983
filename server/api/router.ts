import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { ERROR_CODE_HEADER } from '../../http/error-status';
import { BAD_JSON, failInput, failWith } from '../envelope';
import { hasParsedJson, keepParsedJson } from '../pipeline/input-guard';
import type { AppEnv } from '../types';

// How every JSON API router is built (copy this for a new one): routes declared with createRoute, inputs
// read with c.req.valid(...), and one answer for input that fails its schema.

/** A router of the JSON API: a failed input check answers 400 with the first issue's message. */
export function createApiRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return failInput(c, result.error.issues);
    },
  });
}

/** The failure envelope of CONTRACT.md. */
export const ErrorEnvelopeSchema = z.object({
  statusCode: z.number().int().min(1),
  statusMessage: z.string().min(1),
});

/** The success envelope of CONTRACT.md around one call's payload. */
export function envelope<T extends z.ZodType>(response: T) {
  return z.object({ statusCode: z.literal(0), response });
}

const ERROR_DESCRIPTIONS = {
  400: 'The input breaks a rule; statusMessage says which.',
  401: 'The visitor must log in first.',
  403: 'Refused: the request came from another site.',
  404: 'There is no such thing.',
  409: 'It clashes with what is already there.',
  429: 'Too many attempts; try again later.',
} as const;

type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** Every failure's stable code (decision 033), beside the envelope rather than in it. */
export const ERROR_HEADERS = {
  [ERROR_CODE_HEADER]: {
    description:
      "The failure's stable code (`password_change.current_wrong`, or its kind's: `invalid`, `not_found`, …).",
    schema: { type: 'string' },
  },
} as const;

/** The responses of one route: its success payload and the failures it can answer. */
export function responses<T extends z.ZodType, S extends ErrorStatus>(
  success: T,
  description: string,
  failures: readonly S[],
) {
  const failed = Object.fromEntries(
    failures.map((status) => [
      status,
      {
        description: ERROR_DESCRIPTIONS[status],
        headers: ERROR_HEADERS,
        content: { 'application/json': { schema: ErrorEnvelopeSchema } },
      },
    ]),
  ) as unknown as {
    [K in S]: { description: string; content: { 'application/json': { schema: typeof ErrorEnvelopeSchema } } };
  };
  return {
    200: { description, content: { 'application/json': { schema: envelope(success) } } },
    ...failed,
  };
}

/** A JSON request body, required, as the route's input. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } } as const;
}

/**
 * Reads the body as JSON whatever the Content-Type says (clients have always been able to leave it out),
 * so that malformed JSON is one clear 400 and the route's schema then checks the parsed value.
 */
export const readJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  // NOTE: the input guard (server/pipeline/input-guard.ts) has read and parsed the body already: both are cached.
  const text = await c.req.text();
  if (!hasParsedJson(c)) {
    try {
      keepParsedJson(c, JSON.parse(text));
    } catch {
      return failWith(c, 400, BAD_JSON);
    }
  }
  const contentType = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType)) {
    const headers = new Headers(c.req.raw.headers);
    headers.set('content-type', 'application/json');
    c.req.raw = new Request(c.req.url, { method: c.req.method, headers, body: text });
  }
  await next();
};
