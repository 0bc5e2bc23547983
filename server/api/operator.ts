import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
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
import { type MoveRequest, moveOrder, orderMovesContextOf } from '../../services/orders/moves/move-order';
import { listOrders } from '../../services/orders/list-orders';
import { orderHistory } from '../../services/orders/history';
import { ServiceError } from '../../services/platform/service-error';
import { fail, ok } from '../envelope';
import type { AppEnv } from '../types';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { GENERIC_ERRORS } from '../../domain/errors';

// The operator API: the orders' moves for `npm run orders` when it cannot open the database itself (PGlite is held
// by the running server), and for a console later. Every call needs `Authorization: Bearer {OPERATOR_TOKEN}`;
// without a configured token the routes refuse every call.

export const OPERATOR_TEXTS = {
  off: 'The operator API is off: set OPERATOR_TOKEN on the server to use it.',
  refused: 'The operator token is missing or wrong.',
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
  /** Who makes the move (an operator's name); 'operator' when not given. */
  actor: z.string().trim().min(1).max(100).optional(),
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
      summary: 'Orders, newest first, optionally in one state (operators: Bearer OPERATOR_TOKEN)',
      middleware: [requireOperator] as const,
      request: {
        query: z.object({
          status: z.enum(ORDER_STATUS.states).optional(),
          limit: z.coerce.number().int().min(1).max(500).optional(),
        }),
      },
      responses: responses(z.object({ orders: z.array(OperatorOrderSchema) }), 'The orders.', [400, 401, 403]),
    }),
    async (c) => ok(c, { orders: await listOrders(c.var.ctx.db, c.req.valid('query')) }),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/orders/{orderNumber}',
      summary: 'One order and its history (operators)',
      middleware: [requireOperator] as const,
      request: { params: OrderNumberParam },
      responses: responses(
        z.object({ orderNumber: z.string(), status: z.enum(ORDER_STATUS.states), history: z.array(OrderEventSchema) }),
        'The order.',
        [401, 403, 404],
      ),
    }),
    async (c) => {
      const orderNumber = c.req.valid('param').orderNumber.toUpperCase();
      const [row] = await c.var.ctx.db
        .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status })
        .from(orders)
        .where(eq(orders.orderNumber, orderNumber));
      if (!row) throw new ServiceError(GENERIC_ERRORS.not_found, `There is no order ${orderNumber}.`);
      return ok(c, {
        orderNumber: row.orderNumber,
        status: row.status,
        history: await orderHistory(c.var.ctx.db, row.id),
      });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/orders/{orderNumber}/{move}',
      summary: 'Ship, deliver, cancel or refund an order (operators); the same move again changes nothing',
      middleware: [requireOperator, readJsonBody] as const,
      request: { params: MoveParams, body: jsonBody(MoveBodySchema) },
      responses: responses(MoveResultSchema, 'The order after the move.', [400, 401, 403, 404, 409]),
    }),
    async (c) => {
      const { orderNumber, move } = c.req.valid('param');
      const body = c.req.valid('json');
      const result = await moveOrder(orderMovesContextOf(c.var.ctx), orderNumber, moveRequestOf(move, body), {
        type: 'operator',
        name: body.actor ?? 'operator',
      });
      return ok(c, result);
    },
  );
