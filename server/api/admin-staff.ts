import { createRoute } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { SiteId } from '../../domain/sites';
import { STAFF_ROLES } from '../../domain/staff';
import { NewStaffSchema, StaffEmailSchema } from '../../domain/staff-schemas';
import { requireStaffPermission } from '../../services/staff/access';
import type { Actor } from '../../services/staff/audit';
import {
  addStaff,
  disableStaff,
  listStaff,
  resetStaff,
  type StaffAccount,
  setupLinkOf,
} from '../../services/staff/staff-accounts';
import { ok } from '../envelope';
import type { AppEnv } from '../types';
import { staffRequestOf } from './admin';
import { requireOperator } from './operator';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';

// The staff accounts' calls, made twice from one factory: the console's (/api/admin/staff, an owner, a refusal
// audited) and the command's (/api/operator/staff: `npm run staff` through the server that holds the embedded
// database, audited as `command:{who ran it}`; no staff account needed, the first owner is made this way).

const StaffAccountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  sites: z.array(z.string()),
  state: z.enum(['pending', 'active', 'disabled']),
  createdAt: z.string(),
});

function accountJson(account: StaffAccount) {
  return { ...account, createdAt: account.createdAt.toISOString() };
}

/** A command's name for who runs it (the console's actor is the signed-in owner, whatever this says). */
const ActorBodySchema = z.object({ actor: z.string().trim().min(1).max(80).optional() });
const NewStaffBodySchema = NewStaffSchema.extend(ActorBodySchema.shape);
const StaffEmailBodySchema = z.object({ email: StaffEmailSchema }).extend(ActorBodySchema.shape);
const LinkedSchema = z.object({ account: StaffAccountSchema, setupLink: z.string() });

interface AccountsCaller {
  /** Whose calls, in the summaries. */
  who: string;
  middleware: MiddlewareHandler<AppEnv>[];
  /** Who acts, checked: throws (after auditing) when they may not. */
  actorOf: (c: Context<AppEnv>, action: string, named: string | undefined) => Promise<Actor>;
}

function staffAccountsApi({ who, middleware, actorOf }: AccountsCaller) {
  return createApiRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        summary: `The staff accounts (${who})`,
        middleware,
        responses: responses(z.array(StaffAccountSchema), 'Every staff account.', [401, 403]),
      }),
      async (c) => {
        await actorOf(c, 'staff.list', undefined);
        return ok(c, (await listStaff(c.var.ctx.db)).map(accountJson));
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        summary: `Add a staff account (${who}): answers its one-time set-up link`,
        middleware: [...middleware, readJsonBody],
        request: { body: jsonBody(NewStaffBodySchema) },
        responses: responses(LinkedSchema, 'Added.', [400, 401, 403, 409]),
      }),
      async (c) => {
        const { ctx } = c.var;
        const { actor, ...input } = c.req.valid('json');
        const by = await actorOf(c, 'staff.add', actor);
        const { account, setupToken } = await addStaff(
          ctx.db,
          ctx.clock,
          { ...input, sites: input.sites as SiteId[] },
          by,
        );
        return ok(c, { account: accountJson(account), setupLink: setupLinkOf(ctx.origin, setupToken) });
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/disable',
        summary: `Disable a staff account (${who}): its sessions end`,
        middleware: [...middleware, readJsonBody],
        request: { body: jsonBody(StaffEmailBodySchema) },
        responses: responses(StaffAccountSchema, 'Disabled.', [400, 401, 403, 404, 409]),
      }),
      async (c) => {
        const { ctx } = c.var;
        const { email, actor } = c.req.valid('json');
        const by = await actorOf(c, 'staff.disable', actor);
        return ok(c, accountJson(await disableStaff(ctx.db, ctx.clock, email, by)));
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/reset',
        summary: `A new set-up link for a staff account (${who}): its password and second factor stop working`,
        middleware: [...middleware, readJsonBody],
        request: { body: jsonBody(StaffEmailBodySchema) },
        responses: responses(LinkedSchema, 'Reset.', [400, 401, 403, 404]),
      }),
      async (c) => {
        const { ctx } = c.var;
        const { email, actor } = c.req.valid('json');
        const by = await actorOf(c, 'staff.reset', actor);
        const { account, setupToken } = await resetStaff(ctx.db, ctx.clock, email, by);
        return ok(c, { account: accountJson(account), setupLink: setupLinkOf(ctx.origin, setupToken) });
      },
    );
}

export const consoleStaffApi = staffAccountsApi({
  who: 'owner',
  middleware: [],
  actorOf: (c, action) =>
    requireStaffPermission(c.var.ctx.db, c.var.ctx.clock, staffRequestOf(c), 'staff.manage', {
      action,
      recordType: 'staff',
    }),
});

export const operatorStaffApi = staffAccountsApi({
  who: '`npm run staff`',
  middleware: [requireOperator],
  actorOf: async (c, _action, named) => ({
    staffId: null,
    actor: `command:${named ?? 'operator'}`,
    address: c.var.ctx.clientAddress,
  }),
});
