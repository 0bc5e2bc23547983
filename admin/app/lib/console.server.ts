import { data, redirect } from 'react-router';
import type { StaffMember, StaffPermission } from '../../../domain/staff';
import { secureOrigin, staffCookieHeader } from '../../../http/cookies';
import { statusOfKind } from '../../../http/error-status';
import { ServiceError } from '../../../services/platform/service-error';
import { requireStaffPermission, type StaffRequest } from '../../../services/staff/access';
import { type ConsoleContext, consoleContext } from '../context';

// Redirects name the console's own paths: React Router puts its basename (/admin) before them.
// The console pages' gate and their answers to a refusal, called by every loader and action that needs a signed-in
// staff member. NOTE: React Router runs a child's loader beside its layout's, so each calls this itself.

type Args = { request: Request; context: { get(key: typeof consoleContext): ConsoleContext } };

/** The console's context and its signed-in staff member; signed out, to the sign-in page (and back after it). */
export function requireStaff({
  request,
  context,
}: Args): ConsoleContext & { member: StaffMember; staffRequest: StaffRequest } {
  const console = context.get(consoleContext);
  if (!console.staff) {
    const url = new URL(request.url);
    const back = url.pathname.replace(/\.data$/, '').replace(/\/_index$/, '');
    const next = safeNext(back);
    throw redirect(`/login${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`);
  }
  return {
    ...console,
    member: console.staff,
    staffRequest: { member: console.staff, address: console.ctx.clientAddress },
  };
}

/** The gate with a permission: a refusal is audited (services/staff/access.ts) and shown as the page's 403 or 404. */
export async function requirePermission(args: Args, permission: StaffPermission, action: string) {
  const gate = requireStaff(args);
  await refusalsAsPages(() =>
    requireStaffPermission(gate.ctx.db, gate.ctx.clock, gate.staffRequest, permission, { action }),
  );
  return gate;
}

/** Runs `work`; a refusal of the console's becomes the page's error answer with its own message. */
export async function refusalsAsPages<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ServiceError && (error.kind === 'forbidden' || error.kind === 'not_found'))
      throw data(error.message, { status: error.kind === 'forbidden' ? 403 : 404 });
    throw error;
  }
}

/** A form's failure: its message (and field) for the page, with the status the JSON call would answer. */
export function formFailure(error: unknown) {
  if (!(error instanceof ServiceError)) throw error;
  return data(
    { error: error.message, field: error.field ?? null, code: error.code },
    { status: statusOfKind(error.kind) },
  );
}

/** The Set-Cookie header of the staff session (or its end), as the JSON API writes it. */
export function staffCookie(ctx: ConsoleContext['ctx'], token: string | null): string {
  return staffCookieHeader(token, secureOrigin(ctx.origin));
}

/**
 * A `next` page after signing in, as the console's routes name it (under its basename: `/` is /admin): only a console
 * path of this host; anything else is the work queue.
 */
export function safeNext(value: string | null): string {
  const path = (value ?? '').replace(/^\/admin(?=\/|$)/, '') || '/';
  return /^\/([\w-]+(\/[\w-]+)*)?$/.test(path) ? path : '/';
}
