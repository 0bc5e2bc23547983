import type { MiddlewareHandler } from 'hono';
import { secureOrigin, staffCookieName } from '../../http/cookies';
import { resolveStaff } from '../../services/staff/staff-sign-in';
import type { AppEnv } from '../types';
import { setAnswerHeader } from './answer-header';

/** The operator console's pages (`/admin…`, the work queue's data `/admin.data` among them) and calls (`/api/admin/…`). */
export function isConsolePath(p: string): boolean {
  return p === '/admin' || p === '/admin.data' || p.startsWith('/admin/') || p.startsWith('/api/admin/');
}

/** The staff session token a request presents (its cookie's name depends on TLS: http/cookies.ts). */
export function presentedStaffToken(cookies: Readonly<Record<string, string>>, origin: string): string | undefined {
  return cookies[staffCookieName(secureOrigin(origin))];
}

/**
 * The console's answers (CONTRACT.md "Operator console"): on a host ADMIN_HOSTS does not list, a 404; otherwise the
 * staff member behind the session cookie is looked up (`c.var.staff`, none when signed out), and every answer is
 * `no-store` and `noindex`, whatever it is. After the request context (its cookies and clock).
 */
export function consoleAnswers(adminHosts: readonly string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isConsolePath(c.req.path)) return next();
    const host = (c.req.header('host') ?? '').replace(/:\d+$/, '').toLowerCase();
    if (adminHosts.length > 0 && !adminHosts.includes(host)) return c.notFound();
    const { ctx } = c.var;
    const member = await resolveStaff(ctx.db, ctx.clock, presentedStaffToken(ctx.cookies, ctx.origin));
    if (member) c.set('staff', member);
    await next();
    setAnswerHeader(c, 'Cache-Control', 'no-store');
    setAnswerHeader(c, 'X-Robots-Tag', 'noindex');
  };
}
