import type { MiddlewareHandler } from 'hono';
import { fail } from '../envelope';
import type { AppEnv } from '../types';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** CSRF (CONTRACT.md): a state-changing request that another site started is refused with 403. */
export function refuseCrossSite(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (STATE_CHANGING.has(c.req.method)) {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      let foreign = fetchSite === 'cross-site';
      if (origin && origin !== 'null') {
        try {
          foreign ||= new URL(origin).host !== (c.req.header('host') ?? '');
        } catch {
          foreign = true;
        }
      } else if (origin === 'null') {
        foreign = true;
      }
      if (foreign) return fail(c, 403, /*i18n*/ 'This request came from another site and was refused.');
    }
    await next();
  };
}
