import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  NewVoucherSchema,
  VoucherChangeSchema,
  VoucherListSchema,
  VoucherUsesPageSchema,
} from '../../domain/staff-vouchers';
import {
  changeVoucher,
  createVoucher,
  listVouchers,
  loadVoucher,
  setVoucherActive,
} from '../../services/staff/vouchers';
import { failInput, ok } from '../envelope';
import { staffRequestOf } from './admin';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';

// The console's vouchers as JSON calls (CONTRACT.md `/admin/vouchers`): the codes with their uses, one code's uses,
// create, change (description, dates, limits), disable and enable. Who may is asked of services/staff/vouchers.ts.

const CodeParamSchema = z.object({
  code: z.string().trim().min(1).max(32).describe('The code, in any case (the cart reads it upper case).'),
});

const VoucherSchema = z.object({
  code: z.string(),
  description: z.string(),
  kind: z.enum(['amount', 'percent']),
  value: z.number().int().describe('Cents off (kind amount, in `currency`) or whole percent off (kind percent).'),
  currency: z.string().nullable(),
  minimumSubtotalCents: z.number().int(),
  oncePerCustomer: z.boolean(),
  validFrom: z.string().describe('The first day it may be used (UTC), or empty.'),
  validUntil: z.string().describe('The last day it may be used (UTC), or empty.'),
  totalUses: z.number().int().nullable().describe('How many orders may use it in all; null: no limit.'),
  uses: z.number().int(),
  sites: z.array(z.string()).nullable().describe('The sites it is valid on; null: every site.'),
  active: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string().nullable(),
});

const UseSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable().describe('The customer’s account email, or the guest’s.'),
  customerId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  usedAt: z.string(),
});

const money = z
  .union([z.string(), z.number()])
  .describe('An amount of the currency, such as 20 or "12.50" (whole for TWD).');

const NewVoucherBody = z.object({
  code: z.string().describe('3 to 32 letters, digits or dashes; unique whatever its case.'),
  description: z.string(),
  amount: money,
  minimumSpend: money.optional(),
  oncePerCustomer: z.union([z.boolean(), z.string()]).optional(),
  validFrom: z.string().optional().describe('The first day, 2026-12-01 (UTC).'),
  validUntil: z.string().optional().describe('The last day, 2026-12-31 (UTC): it may be used all that day.'),
  totalUses: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .describe('How many orders may use it in all; empty or null: no limit.'),
  sites: z.array(z.string()).describe('One or more site ids, all selling in one currency.'),
});

const ChangeBody = NewVoucherBody.pick({
  description: true,
  minimumSpend: true,
  oncePerCustomer: true,
  validFrom: true,
  validUntil: true,
  totalUses: true,
});

const ROLES = 'Roles: owner, manager.';

export const adminVouchersApi = createApiRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      summary: 'The voucher codes with their uses and limits, by code, paged',
      description: `\`after\`: the \`next\` of the page before. A site-limited account sees the codes of its sites. ${ROLES}`,
      request: { query: VoucherListSchema },
      responses: responses(
        z.object({ vouchers: z.array(VoucherSchema), next: z.string().nullable() }),
        'One page of codes.',
        [400, 401, 403],
      ),
    }),
    async (c) => {
      const { ctx } = c.var;
      return ok(c, await listVouchers(ctx.db, ctx.clock, staffRequestOf(c), c.req.valid('query')));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      summary: 'Make a voucher: amount off, minimum spend, once per customer, dates, total uses, sites; audited',
      description: `Sites of two currencies are refused (the amount is in one). ${ROLES}`,
      middleware: [readJsonBody] as const,
      request: { body: jsonBody(NewVoucherBody) },
      responses: responses(VoucherSchema, 'The voucher made.', [400, 401, 403, 404, 409]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const staffRequest = staffRequestOf(c);
      const input = NewVoucherSchema.safeParse(c.req.valid('json'));
      if (!input.success) return failInput(c, input.error.issues);
      return ok(c, await createVoucher(ctx.db, ctx.clock, staffRequest, input.data));
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{code}',
      summary: 'A voucher and its uses (who, which order, when), newest first, paged',
      description: `\`before\`: the \`nextBefore\` of the page before. ${ROLES}`,
      request: { params: CodeParamSchema, query: VoucherUsesPageSchema },
      responses: responses(
        z.object({ voucher: VoucherSchema, uses: z.array(UseSchema), nextBefore: z.number().int().nullable() }),
        'The voucher.',
        [400, 401, 403, 404],
      ),
    }),
    async (c) => {
      const { ctx } = c.var;
      const { code } = c.req.valid('param');
      return ok(c, await loadVoucher(ctx.db, ctx.clock, staffRequestOf(c), code, c.req.valid('query')));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{code}',
      summary: 'Change a voucher’s description, dates and limits (not its amount or sites); audited',
      description: ROLES,
      middleware: [readJsonBody] as const,
      request: { params: CodeParamSchema, body: jsonBody(ChangeBody) },
      responses: responses(VoucherSchema, 'The voucher as it is now.', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const staffRequest = staffRequestOf(c);
      const input = VoucherChangeSchema.safeParse(c.req.valid('json'));
      if (!input.success) return failInput(c, input.error.issues);
      return ok(c, await changeVoucher(ctx.db, ctx.clock, staffRequest, c.req.valid('param').code, input.data));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{code}/disable',
      summary: 'Disable a voucher: the cart and checkout then answer it as an unknown code; audited',
      description: ROLES,
      request: { params: CodeParamSchema },
      responses: responses(z.object({ code: z.string(), active: z.boolean() }), 'Disabled.', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { ctx } = c.var;
      return ok(c, await setVoucherActive(ctx.db, ctx.clock, staffRequestOf(c), c.req.valid('param').code, false));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{code}/enable',
      summary: 'Enable a disabled voucher again; audited',
      description: ROLES,
      request: { params: CodeParamSchema },
      responses: responses(z.object({ code: z.string(), active: z.boolean() }), 'Enabled.', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { ctx } = c.var;
      return ok(c, await setVoucherActive(ctx.db, ctx.clock, staffRequestOf(c), c.req.valid('param').code, true));
    },
  );
