import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ORDER_STATUS } from '../../domain/orders';
import { OrderNoteSchema, ResendEmailSchema, ShipOrderSchema } from '../../domain/staff-schemas';
import {
  addOrderNote,
  resendOrderEmail,
  staffMoveOrder,
  staffOrderDetail,
  type StaffOrderDetail,
} from '../../services/staff/orders';
import { ok } from '../envelope';
import { staffRequestOf } from './admin';
import { orderMovesContextOf } from '../../services/orders/moves/move-order';
import { cardChargeOf } from '../../services/payments/capture';
import { MoveResultSchema, OrderEventSchema, RefundBodySchema, refundRequestOf } from './operator';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';

// The console's order page and its actions under /api/admin/orders/{orderNumber} (CONTRACT.md "Operator console"):
// the moves of services/orders/moves with the staff member's role and sites checked and each change audited.

const OrderNumberParam = z.object({ orderNumber: z.string().trim().min(1).max(40) });

/** An order's delivery or billing address as the console's calls answer it. */
export const OrderAddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
  district: z.string().optional(),
  phone: z.string(),
});

const NoteSchema = z.object({ id: z.number().int(), author: z.string(), body: z.string(), at: z.string() });

const OrderDetailSchema = z.object({
  orderNumber: z.string(),
  siteId: z.string(),
  status: z.enum(ORDER_STATUS.states),
  paymentStatus: z.string(),
  placedAt: z.string(),
  email: z.string().nullable(),
  currency: z.string(),
  totals: z.object({
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    shippingCents: z.number().int(),
    taxCents: z.number().int(),
    totalCents: z.number().int(),
    payableTodayCents: z.number().int(),
    refundedCents: z.number().int(),
  }),
  voucherCode: z.string().nullable(),
  card: z
    .object({ brand: z.string(), last4: z.string(), reference: z.string().nullable(), chargedCents: z.number().int() })
    .nullable(),
  giftCardParts: z.array(
    z.object({ last4: z.string(), kind: z.string(), amountCents: z.number().int(), at: z.string() }),
  ),
  issuedGiftCards: z.array(z.object({ last4: z.string(), amountCents: z.number().int(), recipientEmail: z.string() })),
  lines: z.array(
    z.object({
      itemCode: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      bottleCount: z.number().int(),
      unitPriceCents: z.number().int(),
      lineTotalCents: z.number().int().nullable(),
      preSell: z.boolean(),
    }),
  ),
  deliveryAddress: OrderAddressSchema.nullable(),
  customer: z
    .object({ id: z.number().int(), email: z.string(), firstName: z.string(), lastName: z.string() })
    .nullable(),
  refunds: z.array(OrderEventSchema),
  timeline: z.array(OrderEventSchema),
  notes: z.array(NoteSchema),
});

/** The order page's JSON. */
export function orderDetailJson(detail: StaffOrderDetail): z.infer<typeof OrderDetailSchema> {
  const { order } = detail;
  const payableToday = order.payableTodayCents ?? order.totalCents;
  return {
    orderNumber: order.orderNumber,
    siteId: order.siteId,
    status: order.status,
    paymentStatus: order.paymentStatus,
    placedAt: order.placedAt.toISOString(),
    email: order.email,
    currency: order.currency,
    totals: {
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      payableTodayCents: payableToday,
      refundedCents: detail.refundedCents,
    },
    voucherCode: order.voucherCode,
    card: order.paymentLast4
      ? {
          brand: order.paymentBrand ?? 'Card',
          last4: order.paymentLast4,
          reference: order.paymentReference,
          chargedCents: cardChargeOf(order),
        }
      : null,
    giftCardParts: detail.giftCardParts,
    issuedGiftCards: detail.issuedGiftCards,
    lines: detail.lines,
    deliveryAddress: order.deliveryAddress ?? null,
    customer: detail.customer,
    refunds: detail.refunds,
    timeline: detail.timeline,
    notes: detail.notes,
  };
}

const moveRoute = (move: 'deliver' | 'cancel', summary: string) =>
  createRoute({
    method: 'post',
    path: `/{orderNumber}/${move}`,
    summary,
    request: { params: OrderNumberParam },
    responses: responses(MoveResultSchema, 'The order after the move.', [401, 403, 404, 409]),
  });

export const adminOrdersApi = createApiRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/{orderNumber}',
      summary: 'An order’s page: lines, totals, payments, gift-card parts, refunds, address, customer, timeline, notes',
      description: 'A site-limited account gets 404 for another site’s order.',
      request: { params: OrderNumberParam },
      responses: responses(OrderDetailSchema, 'The order.', [401, 403, 404]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const detail = await staffOrderDetail(ctx.db, ctx.clock, staffRequestOf(c), c.req.valid('param').orderNumber);
      return ok(c, orderDetailJson(detail));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{orderNumber}/ship',
      summary: 'Ship an order with a carrier and tracking number (its payment is captured first); the email says both',
      middleware: [readJsonBody] as const,
      request: { params: OrderNumberParam, body: jsonBody(ShipOrderSchema) },
      responses: responses(MoveResultSchema, 'The order after the move.', [400, 401, 403, 404, 409]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const body = c.req.valid('json');
      const result = await staffMoveOrder(
        orderMovesContextOf(ctx),
        staffRequestOf(c),
        c.req.valid('param').orderNumber,
        {
          move: 'ship',
          trackingNumber: body.trackingNumber,
          carrier: body.carrier,
        },
      );
      return ok(c, result);
    },
  )
  .openapi(moveRoute('deliver', 'Mark a shipped order delivered'), async (c) => {
    const { ctx } = c.var;
    const result = await staffMoveOrder(orderMovesContextOf(ctx), staffRequestOf(c), c.req.valid('param').orderNumber, {
      move: 'deliver',
    });
    return ok(c, result);
  })
  .openapi(moveRoute('cancel', 'Cancel an order not shipped yet (its payment released or refunded)'), async (c) => {
    const { ctx } = c.var;
    const result = await staffMoveOrder(orderMovesContextOf(ctx), staffRequestOf(c), c.req.valid('param').orderNumber, {
      move: 'cancel',
    });
    return ok(c, result);
  })
  .openapi(
    createRoute({
      method: 'post',
      path: '/{orderNumber}/refund',
      summary: 'Refund a shipped order: whole (neither line nor amount), a line (`itemCode`), or an amount',
      middleware: [readJsonBody] as const,
      request: { params: OrderNumberParam, body: jsonBody(RefundBodySchema) },
      responses: responses(MoveResultSchema, 'The order after the refund.', [400, 401, 403, 404, 409]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const result = await staffMoveOrder(
        orderMovesContextOf(ctx),
        staffRequestOf(c),
        c.req.valid('param').orderNumber,
        refundRequestOf(c.req.valid('json')),
      );
      return ok(c, result);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{orderNumber}/notes',
      summary: 'Add an internal note to an order (never shown to the customer)',
      middleware: [readJsonBody] as const,
      request: { params: OrderNumberParam, body: jsonBody(OrderNoteSchema) },
      responses: responses(NoteSchema, 'The note.', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const note = await addOrderNote(
        ctx.db,
        ctx.clock,
        staffRequestOf(c),
        c.req.valid('param').orderNumber,
        c.req.valid('json').body,
      );
      return ok(c, note);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{orderNumber}/resend',
      summary: 'Send the order’s confirmation (as first sent) or its shipping email again',
      middleware: [readJsonBody] as const,
      request: { params: OrderNumberParam, body: jsonBody(ResendEmailSchema) },
      responses: responses(z.object({ to: z.string() }), 'Queued to send.', [400, 401, 403, 404, 409]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const sent = await resendOrderEmail(
        orderMovesContextOf(ctx),
        staffRequestOf(c),
        c.req.valid('param').orderNumber,
        c.req.valid('json').email,
      );
      return ok(c, sent);
    },
  );
