import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types';
import { setAnswerHeader } from './answer-header';
import { isApiPath } from './paths';

/**
 * Personal answers are never stored by the browser or a shared cache: every JSON API answer (a cart, an order, an
 * offer for the cart, the user's lists), and every answer to an identified visitor whatever its type: a page, and
 * React Router's data for it (`/account.data`, `/_.data`: the root's data holds the customer's email, name and
 * favourites), a redirect, a 404. Only what says it is the same for everyone (`public`: built files, images,
 * robots.txt, suggestions) keeps its own rule. Pages for a Prospect keep theirs (private, revalidated: page-cache.ts).
 */
export function personalAnswersNoStore(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (isApiPath(c.req.path)) {
      setAnswerHeader(c, 'Cache-Control', 'no-store');
      return;
    }
    const identified = c.var.ctx !== undefined && c.var.ctx.visitor.tier !== 'Prospect';
    if (identified && !/\bpublic\b/i.test(c.res.headers.get('Cache-Control') ?? ''))
      setAnswerHeader(c, 'Cache-Control', 'no-store');
  };
}
