import { createRoute } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { CheckoutInputSchema } from '../../domain/checkout';
import { isCurrent } from '../../domain/identity-rules';
import { checkoutContextOf } from '../../services/checkout/context';
import { findConfirmedOrder } from '../../services/orders/confirmed-order';
import { submitCheckout } from '../../services/checkout/submit-checkout';
import { previewGiftCards } from '../../services/checkout/gift-card-preview';
import { cancelByCustomer } from '../../services/orders/moves/customer-cancel';
import { orderMovesContextOf } from '../../services/orders/moves/move-order';
import { MoveResultSchema } from './operator';
import { failInput, ok } from '../envelope';
import { CART_COOKIE, ORDER_ACCESS_COOKIE, setPlacedOrderCookies } from '../session-cookies';
import { cartIdOf } from './cart';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';

// Checkout (CONTRACT.md): place the cart's order with a card, and read a placed order back. The checkout page
// posts the same input to its own action (app/routes/checkout.tsx); both call services/checkout.

const PlacedSchema = z.object({ orderNumber: z.string(), orderId: z.number().int(), replayed: z.boolean() });
const AddressOut = z.looseObject({ firstName: z.string(), lastName: z.string(), postcode: z.string() });
const ConfirmedSchema = z.looseObject({
  orderNumber: z.string(),
  email: z.string(),
  totalCents: z.number().int(),
  payableTodayCents: z.number().int(),
  delivery: AddressOut.nullable(),
  lines: z.array(z.looseObject({ itemCode: z.string(), quantity: z.number().int() })),
  giftCards: z.array(z.looseObject({ last4: z.string(), amountCents: z.number().int() })),
  giftCardPayments: z.array(z.object({ last4: z.string(), amountCents: z.number().int() })),
  cardCents: z.number().int(),
});
const OrderNumberParams = z.object({ orderNumber: z.string().max(40) });
const GiftCardPreviewInput = z.object({ codes: z.array(z.string().max(64)).min(1).max(10) });
const GiftCardPreviewSchema = z.object({
  cards: z.array(z.object({ last4: z.string(), balanceCents: z.number().int(), appliedCents: z.number().int() })),
  giftCardCents: z.number().int(),
  cardCents: z.number().int(),
  payableTodayCents: z.number().int(),
});

export const checkoutApi = createApiRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/gift-cards',
      summary:
        'What gift cards would pay of the cart’s order (the checkout’s gift card field); spends nothing. Wrong codes spend from the address’s code budget',
      middleware: [readJsonBody] as const,
      request: { body: jsonBody(GiftCardPreviewInput) },
      responses: responses(
        GiftCardPreviewSchema,
        'What each card pays, and what is left for the card.',
        [400, 404, 429],
      ),
    }),
    async (c) => {
      const ctx = c.var.ctx;
      return ok(c, await previewGiftCards(checkoutContextOf(ctx), await cartIdOf(c), c.req.valid('json').codes));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/order',
      summary: 'Place the cart’s order (guests give an email; the same idempotencyKey places one order)',
      middleware: [readJsonBody] as const,
      request: { body: jsonBody(CheckoutInputSchema) },
      responses: responses(PlacedSchema, 'The order placed (or placed before with this key).', [400, 403, 409]),
    }),
    async (c) => {
      const submitted = await submitCheckout(c.var.ctx, getCookie(c, CART_COOKIE), c.req.valid('json'));
      if (!submitted.ok) return failInput(c, submitted.issues);
      setPlacedOrderCookies(c, submitted.idempotencyKey);
      return ok(c, submitted.placed);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/order/{orderNumber}',
      summary: 'A placed order: the customer’s own, or the one this browser just placed as a guest',
      request: { params: OrderNumberParams },
      responses: responses(ConfirmedSchema, 'The order.', [400, 404]),
    }),
    async (c) => {
      const { db, site, visitor } = c.var.ctx;
      const order = await findConfirmedOrder(db, site.id, c.req.valid('param').orderNumber, {
        customerId: isCurrent(visitor) ? visitor.customerId : null,
        accessToken: getCookie(c, ORDER_ACCESS_COOKIE) ?? null,
      });
      return ok(c, order);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/order/{orderNumber}/cancel',
      summary:
        'Cancel an order not shipped yet, within ORDER_CANCEL_WINDOW_MINUTES of placing it: the customer’s own, or the one this browser placed as a guest',
      request: { params: OrderNumberParams },
      responses: responses(MoveResultSchema, 'The order, cancelled.', [400, 403, 404, 409]),
    }),
    async (c) => {
      const ctx = c.var.ctx;
      const result = await cancelByCustomer(
        { ...orderMovesContextOf(ctx), cancelWindowMinutes: ctx.cancelWindowMinutes },
        ctx.site.id,
        c.req.valid('param').orderNumber,
        {
          customerId: isCurrent(ctx.visitor) ? ctx.visitor.customerId : null,
          accessToken: getCookie(c, ORDER_ACCESS_COOKIE) ?? null,
        },
      );
      return ok(c, result);
    },
  );
