import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from '../types';

/** Each request's logger (with its request id), and one line per answer: method, path, status, time. */
export function requestLog(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    c.set('log', log.child({ requestId: c.var.requestId }));
    await next();
    if (log.isLevelEnabled('info')) {
      c.var.log.info(
        { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  };
}
