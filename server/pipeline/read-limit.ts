import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../../domain/clock';
import { fail } from '../envelope';
import type { AppEnv } from '../types';
import { plainPage } from './paths';
import { createRateLimiter } from './rate-limit';

/** Searches, similar wines and suggestions: reads that cost the database real work. */
function isExpensiveRead(p: string, term: string | undefined): boolean {
  return (
    (p === '/wines' && term !== undefined) ||
    p.startsWith('/jsp/api/us/similar_wines_json.jsp') ||
    p.startsWith('/search/')
  );
}

/** Expensive anonymous reads have a per-address budget a minute: beyond it 429 with `Retry-After: 60`. */
export function limitExpensiveReads(perMinute: number, clock: Clock): MiddlewareHandler<AppEnv> {
  const reads = createRateLimiter({ perMinute });
  return async (c, next) => {
    if (c.req.method === 'GET' && isExpensiveRead(c.req.path, c.req.query('Ntt'))) {
      if (!reads.take(c.var.ctx.clientAddress, clock.now().getTime())) {
        c.header('Retry-After', '60');
        const message = 'Too many searches from your address. Please wait a minute and try again.';
        if (c.req.path === '/wines') return c.html(plainPage('Please wait a minute', message), 429);
        return fail(c, 429, message);
      }
    }
    await next();
  };
}
