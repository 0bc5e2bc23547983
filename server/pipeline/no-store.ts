import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types';
import { setAnswerHeader } from './answer-header';
import { isApiPath } from './paths';

/**
 * Personal answers are never stored by the browser or a shared cache: every JSON API answer (a cart, an order, an
 * offer for the cart, the user's lists), and every page rendered for an identified visitor (its page data holds the
 * customer's email and name). Pages for a Prospect keep their own rule (private, revalidated: page-cache.ts).
 */
export function personalAnswersNoStore(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (isApiPath(c.req.path)) {
      setAnswerHeader(c, 'Cache-Control', 'no-store');
      return;
    }
    const identified = c.var.ctx !== undefined && c.var.ctx.visitor.tier !== 'Prospect';
    if (identified && c.res.headers.get('content-type')?.startsWith('text/html'))
      setAnswerHeader(c, 'Cache-Control', 'no-store');
  };
}
