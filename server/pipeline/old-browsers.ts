import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types';
import { isApiPath } from './paths';

/** Old Internet Explorer gets the unsupported-browser page (SPEC §2). */
export function sendOldBrowsersAway(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ua = c.req.header('user-agent') ?? '';
    if (
      c.req.method === 'GET' &&
      /MSIE \d|Trident\//.test(ua) &&
      !c.req.path.startsWith('/unsupported-browser') &&
      !isApiPath(c.req.path) &&
      !c.req.path.startsWith('/assets/')
    ) {
      return c.redirect('/unsupported-browser', 302);
    }
    await next();
  };
}
