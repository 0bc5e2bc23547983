import type { Context, TypedResponse } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import { ServiceError } from '../services/platform/service-error';
import { ERROR_CODE_HEADER, kindOfStatus, statusOfKind } from '../http/error-status';
import { GENERIC_ERRORS } from '../domain/errors';
import { wholeAnswer } from '../http/whole-answer';
import { API_ONLY_TEXTS, API_TEXTS } from '../domain/api-texts';
import { CONTACT_ONLY_TEXTS } from '../domain/contact-texts';
import { GIFT_CARD_ONLY_TEXTS } from '../domain/gift-card-texts';
import { type IssueLike, issueText, sentText, type Text } from '../domain/message';
import type { AppEnv } from './types';

// The API envelope of CONTRACT.md; a kind of failure answers the status http/error-status.ts gives it, and its
// code in the X-Error-Code header (decision 033), which clients tell failures apart by.

/** What Hono's `c.json` answers, typed the same way (the OpenAPI routes check their answers' types). */
type JsonAnswer<T, S extends ContentfulStatusCode> = Response & TypedResponse<JSONParsed<T>, S, 'json'>;

/**
 * `c.json`, with the JSON's bytes kept beside the answer for the compression (services/whole-answer.ts): reading
 * them back out of a Response cost about 7 % of an add to cart's server time.
 */
function json<T, S extends ContentfulStatusCode>(c: Context, body: T, status: S): JsonAnswer<T, S> {
  const bytes = Buffer.from(JSON.stringify(body));
  return wholeAnswer(bytes, (stream) =>
    c.body(stream, status, { 'Content-Type': 'application/json' }),
  ) as unknown as JsonAnswer<T, S>;
}

export function ok<T>(c: Context, response: T) {
  return json(c, { statusCode: 0 as const, response }, 200);
}

/** A failure envelope; its code is the error's own, else (a 4xx with none) its status's generic one. */
export function fail<S extends ContentfulStatusCode>(c: Context, status: S, statusMessage: string, code?: string) {
  const kind = kindOfStatus(status);
  const sent = code ?? (kind && GENERIC_ERRORS[kind].code);
  if (sent) c.header(ERROR_CODE_HEADER, sent);
  return json(c, { statusCode: status as number, statusMessage }, status);
}

export const BAD_JSON = API_TEXTS.badJson;

const API_ONLY = new Set([...API_ONLY_TEXTS, ...CONTACT_ONLY_TEXTS, ...GIFT_CARD_ONLY_TEXTS]);

/**
 * zod's own English wording, which an issue has when its schema gives no text ("Invalid input: expected string,
 * received undefined", "Too big: …", "Unrecognized key: …"). None of our texts begins so.
 */
const ZOD_OWN_TEXT = /^(Invalid (input|option|string|number|element|key|value)|Too (big|small):|Unrecognized key)/;

/** An issue's text for the shopper: the schema's own, or for zod's English one of ours. */
function inputText(issue: IssueLike): Text {
  if (!ZOD_OWN_TEXT.test(issue.message)) return issueText(issue);
  return /received undefined$/.test(issue.message) ? API_TEXTS.missingField : API_TEXTS.wrongValue;
}

/**
 * A failure the shopper can act on, as the status and message the API answers; null for anything else,
 * which is a 5xx whose details stay in the log.
 */
export function clientErrorOf(error: unknown): { status: ContentfulStatusCode; message: Text; code?: string } | null {
  if (error instanceof ServiceError) return { status: statusOfKind(error.kind), message: error.text, code: error.code };
  // Hono's own body checks (a body the route cannot read) say the same as ours.
  if (error instanceof HTTPException && (error.status === 400 || error.status === 415)) {
    return { status: 400, message: BAD_JSON };
  }
  return null;
}

/**
 * A failure whose text may have runtime parts (domain/message.ts): a template, or a text only the API answers
 * (domain/api-texts.ts), is sent in the site's language; any other plain text as written, for the page to translate.
 */
export async function failWith<S extends ContentfulStatusCode>(
  c: Context<AppEnv>,
  status: S,
  text: Text,
  code?: string,
) {
  const inSiteLanguage = typeof text !== 'string' || API_ONLY.has(text);
  const i18n = inSiteLanguage ? await c.var.ctx?.messages() : undefined;
  return fail(c, status, i18n && typeof text === 'string' ? i18n._(text) : sentText(i18n, text), code);
}

/** 400 with the first problem of an input that fails its schema. */
export function failInput(c: Context<AppEnv>, issues: readonly IssueLike[]) {
  const first = issues[0];
  return failWith(c, 400, first ? inputText(first) : API_TEXTS.checkRequest);
}
