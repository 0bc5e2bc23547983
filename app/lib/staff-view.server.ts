import type { StaffPermission } from '../../domain/staff';
import { secureOrigin, staffCookieName } from '../../http/cookies';
import type { RequestContext } from '../../services/platform/request-context';
import { staffSessionMay } from '../../services/staff/staff-sign-in';

/**
 * Whether this storefront request comes from a console session that may do `permission`: a staff member signed in
 * to the console sees a draft campaign's preview and a hidden product's page, which are 404 to everyone else. Such a
 * view is the staff member's alone: it answers `no-store` (the shared page caches refuse it) and `noindex`.
 */
export function staffMaySee(ctx: RequestContext, permission: StaffPermission): Promise<boolean> {
  return staffSessionMay(ctx.db, ctx.clock, ctx.cookies[staffCookieName(secureOrigin(ctx.origin))], permission);
}

/** The headers of a staff-only view of the storefront, for its loader's answer. */
export const STAFF_VIEW_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } as const;

/** A route's `headers`: the page answers with its loader's staff-view headers when it set them. */
export function staffViewHeaders({ loaderHeaders }: { loaderHeaders: Headers }): Headers {
  const headers = new Headers();
  for (const name of Object.keys(STAFF_VIEW_HEADERS)) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
