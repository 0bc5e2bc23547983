import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../../domain/clock';
import { fail } from '../envelope';
import type { AppEnv } from '../types';
import { plainPage } from './paths';
import { createRateLimiter } from './rate-limit';

/**
 * The page route a path names, as React Router matches it: the path of its single-fetch data request (`/wines.data`,
 * `/_.data` for `/`), letter case and trailing slashes aside. `/wines`, `/WINES`, `/wines/` and `/wines.data` are
 * one route, one search.
 */
export function routeOfPage(p: string): string {
  const page = p.endsWith('/_.data') ? p.slice(0, -'_.data'.length) : p.endsWith('.data') ? p.slice(0, -5) : p;
  return page.toLowerCase().replace(/\/+$/, '') || '/';
}

/** Searches, similar wines and suggestions: reads that cost the database real work. */
function isExpensiveRead(p: string, term: string | undefined): boolean {
  return (
    (term !== undefined && routeOfPage(p) === '/wines') ||
    p.startsWith('/jsp/api/us/similar_wines_json.jsp') ||
    p.startsWith('/search/')
  );
}

/** Expensive anonymous reads have a per-address budget a minute: beyond it 429 with `Retry-After: 60`. */
export function limitExpensiveReads(perMinute: number, clock: Clock): MiddlewareHandler<AppEnv> {
  const reads = createRateLimiter({ perMinute });
  return async (c, next) => {
    // NOTE: HEAD too: React Router renders the whole page for it and only then drops the body.
    const reading = c.req.method === 'GET' || c.req.method === 'HEAD';
    if (reading && isExpensiveRead(c.req.path, c.req.query('Ntt'))) {
      if (!reads.take(c.var.ctx.clientAddress, clock.now().getTime())) {
        c.header('Retry-After', '60');
        const message = 'Too many searches from your address. Please wait a minute and try again.';
        if (routeOfPage(c.req.path) === '/wines') return c.html(plainPage('Please wait a minute', message), 429);
        return fail(c, 429, message);
      }
    }
    await next();
  };
}
