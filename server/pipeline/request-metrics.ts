import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { ROUTE_HEADER } from '../../http/route-header';
import type { Metrics } from '../metrics';
import type { AppEnv } from '../types';

/**
 * Times every answer for the metrics, labelled so that series stay few: an API call by its route's pattern, a page
 * by its React Router route id (kept with a cached page, so a cache hit is labelled as its render was), anything else
 * by the kind of path. Also counts the page caches' hits and misses from their X-Cache header. Without metrics it only
 * takes the route header off.
 */
export function requestMetrics(metrics: Metrics | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const route = c.res.headers.get(ROUTE_HEADER);
    if (route !== null) {
      c.set('pageRoute', route);
      // NOTE: a fresh copy of the headers (a cached page's answer may share them with the cache), and the answer
      // unset first: Hono's setter would copy the old answer's headers, this one among them, onto the new.
      const answer = c.res;
      const headers = new Headers(answer.headers);
      headers.delete(ROUTE_HEADER);
      c.res = undefined;
      c.res = new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
    }
    if (!metrics) return;
    const cache = c.res.headers.get('X-Cache');
    if (cache) metrics.pageCache(cache);
    metrics.observeRequest(routeLabel(c), c.req.method, c.res.status, (performance.now() - started) / 1000);
  };
}

/**
 * What the metrics and the traces name a request's route by: the page's React Router route id (once `requestMetrics`
 * has read it off the answer), the API route's pattern, or the kind of path (never the path itself).
 */
export function routeLabel(c: Context<AppEnv>): string {
  return c.var.pageRoute ?? routeKind(c.req.path, handlerPath(c));
}

/** The pattern of the route whose handler answered (middleware are registered for every method; handlers for one). */
function handlerPath(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i];
    if (route && route.method !== 'ALL') return route.path;
  }
  return '';
}

/** A request no page route answered: its API pattern, or the kind of path (never the path itself). */
function routeKind(path: string, matched: string): string {
  if (matched) return matched;
  if (path.startsWith('/admin')) return 'console';
  if (path.startsWith('/api/')) return 'api (no route)';
  if (path.endsWith('.data')) return 'page data';
  if (path.startsWith('/assets/') || path.startsWith('/images/')) return 'static';
  return 'other';
}
