import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { ORDER_STATUS } from '../../domain/orders';
import { SITE_IDS, type SiteId } from '../../domain/sites';
import { STAFF_ERRORS, STAFF_PERMISSIONS, STAFF_ROLES, type StaffMember, staffMay } from '../../domain/staff';
import { StaffCodeSchema, StaffSetupSchema, StaffSignInSchema } from '../../domain/staff-schemas';
import { secureOrigin, staffCookieHeader } from '../../http/cookies';
import { ServiceError } from '../../services/platform/service-error';
import { requireStaffPermission, retryFailedEmail, type StaffRequest } from '../../services/staff/access';
import { listAudit } from '../../services/staff/audit';
import { completeSetup, setupPageOf } from '../../services/staff/staff-accounts';
import { staffCodeStep, staffPasswordStep, staffSignOut } from '../../services/staff/staff-sign-in';
import { cursorText, parseCursor, searchOrders } from '../../services/staff/order-search';
import { loadWorkQueue } from '../../services/staff/work-queue';
import { ok } from '../envelope';
import { presentedStaffToken } from '../pipeline/console';
import type { AppEnv } from '../types';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';

// The operator console's JSON calls (CONTRACT.md "Operator console"): every console action under /api/admin/*, with
// the staff session cookie, in the shop's envelope. Who may do what is asked of services/staff/access.ts, which
// audits a refusal; a call without a signed-in staff member answers 401.

/** The signed-in staff member of a console call, or 401. */
export function staffRequestOf(c: Context<AppEnv>): StaffRequest {
  const member = c.var.staff;
  if (!member) throw new ServiceError(STAFF_ERRORS.signedOut);
  return { member, address: c.var.ctx.clientAddress };
}

function setStaffCookie(c: Context<AppEnv>, token: string | null): void {
  c.header('Set-Cookie', staffCookieHeader(token, secureOrigin(c.var.ctx.origin)), { append: true });
}

const StaffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  sites: z.array(z.string()),
  /** What this member's console offers (and what the server lets them do). */
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
});

function memberJson(member: StaffMember) {
  return { ...member, sites: [...member.sites], permissions: STAFF_PERMISSIONS.filter((p) => staffMay(member, p)) };
}

const WaitingSchema = z.object({ count: z.number().int(), oldestPlacedAt: z.string().nullable() });
const WorkQueueSchema = z.object({
  toShip: WaitingSchema,
  authorisedNotCaptured: WaitingSchema,
  failedEmails: z
    .array(
      z.object({
        id: z.number().int(),
        kind: z.string(),
        attempts: z.number().int(),
        lastError: z.string().nullable(),
        createdAt: z.string(),
      }),
    )
    .nullable(),
  salesToday: z.array(
    z.object({ siteId: z.string(), currency: z.string(), orders: z.number().int(), totalCents: z.number().int() }),
  ),
  lowStock: z.object({
    threshold: z.number().int().describe('LOW_STOCK_BOTTLES: at or below this many bottles.'),
    count: z.number().int(),
    lowest: z.array(z.object({ itemCode: z.string(), name: z.string(), stockBottles: z.number().int() })),
  }),
  reviewsWaiting: z.object({ count: z.number().int(), oldestAt: z.string().nullable() }),
});

const OrderSearchQuerySchema = z.object({
  q: z.string().trim().max(254).optional(),
  site: z.enum(SITE_IDS as [SiteId, ...SiteId[]], { message: 'A site is a site id such as law-au.' }).optional(),
  status: z.enum(ORDER_STATUS.states, { message: `A status is one of ${ORDER_STATUS.states.join(', ')}.` }).optional(),
  from: z.iso.date({ message: 'A date is written 2026-12-01.' }).optional(),
  until: z.iso.date({ message: 'A date is written 2026-12-01.' }).optional(),
  after: z
    .string()
    .regex(/^\d{1,15}\.\d{1,12}$/, 'after is the next value of the page before.')
    .optional(),
});

const OrderRowSchema = z.object({
  orderNumber: z.string(),
  siteId: z.string(),
  status: z.enum(ORDER_STATUS.states),
  paymentStatus: z.string(),
  placedAt: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  currency: z.string(),
  totalCents: z.number().int(),
});

const AuditQuerySchema = z.object({
  actor: z.string().trim().max(254).optional(),
  recordType: z.string().trim().max(40).optional(),
  recordId: z.string().trim().max(80).optional(),
  from: z.iso.date({ message: 'A date is written 2026-12-01.' }).optional(),
  until: z.iso.date({ message: 'A date is written 2026-12-01.' }).optional(),
  before: z.coerce.number().int().positive().optional(),
});

const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  address: z.string().nullable(),
  action: z.string(),
  recordType: z.string().nullable(),
  recordId: z.string().nullable(),
  outcome: z.enum(['done', 'refused']),
  before: z.unknown(),
  after: z.unknown(),
});

/** `until` is a day: entries of that whole day are in. */
function dayAfter(date: string): Date {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + 24 * 60 * 60 * 1000);
}

export const adminApi = createApiRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/session',
      summary: 'Staff sign-in, first step: email and password',
      description:
        'Right: a sign-in awaiting its authentication code (5 minutes) in the staff session cookie. Throttled per ' +
        'account and per address as customers’ logins are; every failure is audited.',
      middleware: [readJsonBody] as const,
      request: { body: jsonBody(StaffSignInSchema) },
      responses: responses(
        z.object({ next: z.literal('code') }),
        'Password right: send the code next.',
        [400, 401, 403, 429],
      ),
    }),
    async (c) => {
      const { ctx } = c.var;
      const { token } = await staffPasswordStep(ctx.db, ctx.clock, c.req.valid('json'), {
        address: ctx.clientAddress,
        passwordCost: ctx.passwordCost,
      });
      setStaffCookie(c, token);
      return ok(c, { next: 'code' as const });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/session/code',
      summary: 'Staff sign-in, second step: the authenticator’s code (TOTP, each code once)',
      middleware: [readJsonBody] as const,
      request: { body: jsonBody(StaffCodeSchema) },
      responses: responses(StaffMemberSchema, 'Signed in: a new session cookie.', [400, 401, 403, 429]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const { token, staff } = await staffCodeStep(
        ctx.db,
        ctx.clock,
        ctx.staffKey,
        { token: presentedStaffToken(ctx.cookies, ctx.origin), code: c.req.valid('json').code },
        { address: ctx.clientAddress },
      );
      setStaffCookie(c, token);
      return ok(c, memberJson(staff));
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/session',
      summary: 'Sign out of the console',
      responses: responses(z.object({ signedOut: z.literal(true) }), 'The session has ended.', [403]),
    }),
    async (c) => {
      const { ctx } = c.var;
      await staffSignOut(ctx.db, presentedStaffToken(ctx.cookies, ctx.origin));
      setStaffCookie(c, null);
      return ok(c, { signedOut: true as const });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/me',
      summary: 'The signed-in staff member, with what their role may do',
      responses: responses(StaffMemberSchema, 'The staff member.', [401]),
    }),
    (c) => ok(c, memberJson(staffRequestOf(c).member)),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/queue',
      summary:
        'The work queue: orders to ship, authorised not captured, failed emails, today’s sales per site, products low on stock',
      description: 'Over the sites the staff member sees. Failed emails are null for a site-limited account.',
      responses: responses(WorkQueueSchema, 'The work queue.', [401, 403]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const request = staffRequestOf(c);
      await requireStaffPermission(ctx.db, ctx.clock, request, 'queue.read', { action: 'queue.read' });
      const queue = await loadWorkQueue(ctx.db, ctx.clock, request.member, { lowStockBottles: ctx.lowStockBottles });
      const iso = (d: Date | null) => d?.toISOString() ?? null;
      return ok(c, {
        toShip: { count: queue.toShip.count, oldestPlacedAt: iso(queue.toShip.oldestPlacedAt) },
        authorisedNotCaptured: {
          count: queue.authorisedNotCaptured.count,
          oldestPlacedAt: iso(queue.authorisedNotCaptured.oldestPlacedAt),
        },
        failedEmails: queue.deadJobs?.map((job) => ({ ...job, createdAt: job.createdAt.toISOString() })) ?? null,
        salesToday: queue.salesToday,
        lowStock: queue.lowStock,
        reviewsWaiting: { count: queue.reviewsWaiting.count, oldestAt: iso(queue.reviewsWaiting.oldestAt) },
      });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/queue/emails/{id}/retry',
      summary: 'Try a failed email again (its attempts start over)',
      request: { params: z.object({ id: z.coerce.number().int().positive() }) },
      responses: responses(z.object({ retried: z.literal(true) }), 'Due again now.', [401, 403, 404]),
    }),
    async (c) => {
      const { ctx } = c.var;
      await retryFailedEmail(ctx.db, ctx.clock, staffRequestOf(c), c.req.valid('param').id);
      return ok(c, { retried: true as const });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/setup',
      summary: 'A one-time set-up link’s page: the account and the authenticator secret to enrol',
      request: { query: z.object({ token: z.string().max(100) }) },
      responses: responses(
        z.object({ email: z.string(), secret: z.string(), otpauthUri: z.string() }),
        'The account the link opens.',
        [400, 404],
      ),
    }),
    async (c) => {
      const { ctx } = c.var;
      return ok(c, await setupPageOf(ctx.db, ctx.clock, ctx.staffKey, c.req.valid('query').token));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/setup',
      summary: 'Use a set-up link: set the password and enrol the authenticator with a code it shows',
      middleware: [readJsonBody] as const,
      request: { body: jsonBody(StaffSetupSchema) },
      responses: responses(z.object({ email: z.string() }), 'Set up: sign in next.', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { ctx } = c.var;
      return ok(
        c,
        await completeSetup(ctx.db, ctx.clock, ctx.staffKey, c.req.valid('json'), {
          passwordCost: ctx.passwordCost,
          address: ctx.clientAddress,
        }),
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/orders',
      summary: 'Search orders by number, email or name; filter by site, status and date; newest first, paged',
      description: '`after`: the `next` of the previous page. A site-limited account finds only its sites’ orders.',
      request: { query: OrderSearchQuerySchema },
      responses: responses(
        z.object({ orders: z.array(OrderRowSchema), next: z.string().nullable() }),
        'One page of orders.',
        [400, 401, 403],
      ),
    }),
    async (c) => {
      const { ctx } = c.var;
      const query = c.req.valid('query');
      const request = staffRequestOf(c);
      await requireStaffPermission(ctx.db, ctx.clock, request, 'orders.read', { action: 'orders.search' });
      const page = await searchOrders(ctx.db, request.member, {
        q: query.q,
        site: query.site,
        status: query.status,
        from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
        until: query.until ? dayAfter(query.until) : undefined,
        after: parseCursor(query.after),
      });
      return ok(c, {
        orders: page.orders.map(({ id: _id, placedAt, ...row }) => ({ ...row, placedAt: placedAt.toISOString() })),
        next: page.next ? cursorText(page.next) : null,
      });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/audit',
      summary: 'The audit log, newest first, filtered by person, record and date (owner)',
      description: '`before`: the `nextBefore` of the previous page.',
      request: { query: AuditQuerySchema },
      responses: responses(
        z.object({ entries: z.array(AuditEntrySchema), nextBefore: z.number().int().nullable() }),
        'One page of entries.',
        [400, 401, 403],
      ),
    }),
    async (c) => {
      const { ctx } = c.var;
      const query = c.req.valid('query');
      await requireStaffPermission(ctx.db, ctx.clock, staffRequestOf(c), 'audit.read', { action: 'audit.read' });
      const page = await listAudit(ctx.db, {
        actor: query.actor?.toLowerCase(),
        recordType: query.recordType,
        recordId: query.recordId,
        from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
        until: query.until ? dayAfter(query.until) : undefined,
        beforeId: query.before,
      });
      return ok(c, {
        entries: page.entries.map(({ staffId: _staffId, ...entry }) => ({ ...entry, at: entry.at.toISOString() })),
        nextBefore: page.nextBeforeId,
      });
    },
  );
