import { createRoute } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  CARRIER_IDS,
  type CarrierId,
  ORDER_ACTORS,
  ORDER_EVENT_KINDS,
  ORDER_STATUS,
  parseAmountCents,
} from '../../domain/orders';
import { PAYMENT_STATUS } from '../../domain/payment';
import { STAFF_AS_HEADER, STAFF_ERRORS } from '../../domain/staff';
import { type MoveRequest, orderMovesContextOf } from '../../services/orders/moves/move-order';
import { listOrders } from '../../services/orders/list-orders';
import { ServiceError } from '../../services/platform/service-error';
import { requireStaffPermission, type StaffRequest } from '../../services/staff/access';
import { staffMoveOrder, staffOrderDetail } from '../../services/staff/orders';
import { commandStaffOf } from '../../services/staff/staff-accounts';
import { fail, ok } from '../envelope';
import type { AppEnv } from '../types';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';
import { GENERIC_ERRORS } from '../../domain/errors';

// The operator API: `npm run orders` and `npm run staff` through the running server that holds the embedded
// database (server/command-runner.ts). Every call comes from this machine with `Authorization: Bearer` and the
// credential the server left in DATA_DIR (server/local-operator.ts); the orders' calls run as the staff account
// named in X-Staff-As, with its role and sites (services/staff/orders.ts, the console's rules).

export const OPERATOR_TEXTS = {
  off: 'The operator API answers only the commands on this server’s machine (npm run orders, npm run staff).',
  refused: 'The operator credential is missing or wrong: run the command as the user that started the server.',
  amount: 'Send amount as a number of the currency such as 12.50.',
  move: 'The move is one of ship, deliver, cancel, refund.',
} as const;

export const requireOperator: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const presented = /^Bearer (\S+)$/i.exec(header)?.[1];
  const access = c.var.ctx.operatorAccess(presented);
  if (access === 'off') return fail(c, 403, OPERATOR_TEXTS.off);
  if (access === 'refused') return fail(c, 401, OPERATOR_TEXTS.refused);
  await next();
};

/** The staff account a command runs as (X-Staff-As), active, with its role and sites. */
async function commandStaffRequestOf(c: Context<AppEnv>): Promise<StaffRequest> {
  const email = c.req.header(STAFF_AS_HEADER)?.trim();
  if (!email) throw new ServiceError(STAFF_ERRORS.commandAs);
  return { member: await commandStaffOf(c.var.ctx.db, email), address: null };
}

export const OrderEventSchema = z.object({
  kind: z.enum(ORDER_EVENT_KINDS),
  fromStatus: z.enum(ORDER_STATUS.states),
  toStatus: z.enum(ORDER_STATUS.states).nullable(),
  amountCents: z.number().int().nullable(),
  refundTo: z.string().nullable(),
  giftCardCents: z.number().int(),
  itemCode: z.string().nullable(),
  pointsTaken: z.number().int(),
  actorType: z.enum(ORDER_ACTORS),
  actorName: z.string(),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  at: z.string(),
});

export const MoveResultSchema = z.object({
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUS.states),
  paymentStatus: z.enum(PAYMENT_STATUS.states),
  recorded: z.boolean(),
  currency: z.string(),
  capturedCents: z.number().int(),
  giftCardCents: z.number().int(),
  refundedCents: z.number().int(),
  presellUnchargedCents: z.number().int(),
  event: OrderEventSchema.nullable(),
});

const OperatorOrderSchema = z.object({
  orderNumber: z.string(),
  siteId: z.string(),
  status: z.enum(ORDER_STATUS.states),
  paymentStatus: z.enum(PAYMENT_STATUS.states),
  placedAt: z.string(),
  email: z.string().nullable(),
  currency: z.string(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
});

const OrderNumberParam = z.object({ orderNumber: z.string().min(1).max(40) });
const MoveParams = OrderNumberParam.extend({ move: z.enum(['ship', 'deliver', 'cancel', 'refund']) });

/** A refund's input: a line (`itemCode`), an amount, or neither (all that is left). */
export const RefundBodySchema = z.object({
  itemCode: z.string().max(20).optional(),
  /** An amount of the order's currency, such as "12.50". */
  amount: z.string().max(20).optional(),
  key: z.string().min(1).max(100).optional(),
  /** Where a refund goes first: the card (the default), or the gift cards that paid. */
  to: z.enum(['card', 'gift-card']).optional(),
});

export function refundRequestOf(body: z.infer<typeof RefundBodySchema>): Extract<MoveRequest, { move: 'refund' }> {
  const amountCents =
    body.amount === undefined || body.amount.trim() === '' ? undefined : parseAmountCents(body.amount);
  if (amountCents === null) throw new ServiceError(GENERIC_ERRORS.invalid, OPERATOR_TEXTS.amount);
  const itemCode = body.itemCode?.trim() || undefined;
  return { move: 'refund', itemCode, amountCents, key: body.key, giftCardsFirst: body.to === 'gift-card' };
}

const MoveBodySchema = RefundBodySchema.extend({
  trackingNumber: z.string().max(40).optional(),
  carrier: z.enum(CARRIER_IDS as [CarrierId, ...CarrierId[]]).optional(),
});

function moveRequestOf(move: z.infer<typeof MoveParams>['move'], body: z.infer<typeof MoveBodySchema>): MoveRequest {
  switch (move) {
    case 'ship':
      return { move, trackingNumber: body.trackingNumber ?? '', carrier: body.carrier };
    case 'deliver':
    case 'cancel':
      return { move };
    case 'refund':
      return refundRequestOf(body);
  }
}

export const operatorApi = createApiRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/orders',
      summary: 'Orders, newest first, optionally in one state (`npm run orders -- list`, as X-Staff-As)',
      middleware: [requireOperator] as const,
      request: {
        query: z.object({
          status: z.enum(ORDER_STATUS.states).optional(),
          limit: z.coerce.number().int().min(1).max(500).optional(),
        }),
      },
      responses: responses(z.object({ orders: z.array(OperatorOrderSchema) }), 'The orders.', [400, 401, 403]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const request = await commandStaffRequestOf(c);
      await requireStaffPermission(ctx.db, ctx.clock, request, 'orders.read', { action: 'orders.list' });
      return ok(c, { orders: await listOrders(ctx.db, { ...c.req.valid('query'), sites: request.member.sites }) });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/orders/{orderNumber}',
      summary: 'One order and its history (`npm run orders`, as X-Staff-As)',
      middleware: [requireOperator] as const,
      request: { params: OrderNumberParam },
      responses: responses(
        z.object({ orderNumber: z.string(), status: z.enum(ORDER_STATUS.states), history: z.array(OrderEventSchema) }),
        'The order.',
        [401, 403, 404],
      ),
    }),
    async (c) => {
      const { ctx } = c.var;
      const request = await commandStaffRequestOf(c);
      const { order, timeline } = await staffOrderDetail(ctx.db, ctx.clock, request, c.req.valid('param').orderNumber);
      return ok(c, { orderNumber: order.orderNumber, status: order.status, history: timeline });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/orders/{orderNumber}/{move}',
      summary:
        'Ship, deliver, cancel or refund an order (`npm run orders`, as X-Staff-As); the same move again changes nothing',
      middleware: [requireOperator, readJsonBody] as const,
      request: { params: MoveParams, body: jsonBody(MoveBodySchema) },
      responses: responses(MoveResultSchema, 'The order after the move.', [400, 401, 403, 404, 409]),
    }),
    async (c) => {
      const { orderNumber, move } = c.req.valid('param');
      const body = c.req.valid('json');
      const request = await commandStaffRequestOf(c);
      const result = await staffMoveOrder(
        orderMovesContextOf(c.var.ctx),
        request,
        orderNumber,
        moveRequestOf(move, body),
      );
      return ok(c, result);
    },
  );
