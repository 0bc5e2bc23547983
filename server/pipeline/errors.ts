import type { ErrorHandler, NotFoundHandler } from 'hono';
import type { Logger } from 'pino';
import { API_TEXTS } from '../../domain/api-texts';
import { escapeHtml } from '../../domain/html';
import { sentText } from '../../domain/message';
import { clientErrorOf, fail, failWith } from '../envelope';
import type { AppEnv } from '../types';
import { isApiPath, plainPage } from './paths';

/** Nothing answered: the API's envelope, or a plain 404. */
export const notFound: NotFoundHandler<AppEnv> = (c) =>
  isApiPath(c.req.path) ? failWith(c, 404, API_TEXTS.noSuchCall) : c.text('Page not found', 404);

/**
 * A thrown error: one the shopper can act on (a ServiceError, a body Hono cannot read) answers with its status,
 * text and code; anything else is logged and answers 500 without details.
 */
export function onError(log: Logger): ErrorHandler<AppEnv> {
  return async (error, c) => {
    const known = clientErrorOf(error);
    if (known && isApiPath(c.req.path)) return failWith(c, known.status, known.message, known.code);
    // A page that spent a budget (an /offer link's code) and found it used up says so, in the site's language.
    if (known?.status === 429) {
      const text = sentText(await c.var.ctx.messages(), known.message);
      return c.html(plainPage(escapeHtml(text), ''), 429, { 'Retry-After': '3600' });
    }
    (c.var.log ?? log).error({ err: error, path: c.req.path }, 'unhandled error');
    if (isApiPath(c.req.path)) return fail(c, 500, /*i18n*/ 'Something went wrong. Please try again later.');
    return c.html(plainPage('Something went wrong', 'Please try again later.'), 500);
  };
}
