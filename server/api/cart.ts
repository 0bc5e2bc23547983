import { createRoute } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { pointsEarned } from '../../domain/cart-pricing';
import { CartItemsBodySchema, giftVoucherSchema, QuantityPathSchema } from '../../domain/cart-rules';
import { ItemCodeSchema, PostcodeSchema } from '../../domain/catalogue-inputs';
import { amountToCents } from '../../domain/money';
import { VOUCHER_COOKIE } from '../../domain/offer-codes';
import { VoucherCodeSchema } from '../../domain/vouchers';
import {
  addGiftVoucher,
  type CartContext,
  cartContextOf,
  changeItems,
  getCart,
  findVisitorCart,
  newCartId,
  removeLine,
} from '../../services/cart/cart';
import { type CartModel, cartJsonFor, formatCart } from '../../services/cart/cart-json';
import { clearCartPostcode, setCartPostcode } from '../../services/cart/postcode';
import { orderPointsEarned } from '../../services/memberships/points';
import { reorder } from '../../services/orders/reorder';
import {
  applyVoucher,
  applyVoucherCookie,
  removeVoucher,
  type VoucherCookieOutcome,
} from '../../services/vouchers/vouchers';
import { spendCodeTry } from '../budget-guards';
import { fail, failInput, failWith, ok } from '../envelope';
import { CART_COOKIE, clearVoucherCookie, setCartCookie } from '../session-cookies';
import type { AppEnv } from '../types';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';
import { customerIdOf, LOGIN_REQUIRED } from './user-auth';
import { API_TEXTS } from '../../domain/api-texts';
import { SITES } from '../../domain/sites';

/**
 * The visitor's cart id: the cookie's cart when it is theirs to use (services/cart findVisitorCart), else
 * null. The cookie follows: dropped when it names a cart that is not theirs, moved to a customer's own cart.
 */
export async function cartIdOf(c: Context<AppEnv>): Promise<string | null> {
  const presented = getCookie(c, CART_COOKIE) ?? null;
  const id = await findVisitorCart(cartContext(c), presented);
  if (id !== presented && (id || presented)) setCartCookie(c, id);
  return id;
}

/** The visitor's cart id, creating a new one (and its cookie) when a change needs a cart. */
export async function ensureCartId(c: Context<AppEnv>): Promise<string> {
  const existing = await cartIdOf(c);
  if (existing) return existing;
  const id = newCartId();
  setCartCookie(c, id);
  return id;
}

export function cartContext(c: Context<AppEnv>): CartContext {
  return cartContextOf(c.var.ctx);
}

/** A cart's answer: the cart in cents formatted as the JSON of SPEC §3, in the visitor's language. */
export async function sendCart(c: Context<AppEnv>, cart: CartModel) {
  return ok(c, await cartJsonFor(cart, c.var.ctx.messages));
}

/** The cart of SPEC §3 (lines and prices in full detail in the SPEC). */
export const CartSchema = z.looseObject({
  id: z.string().nullable(),
  currencyCode: z.string(),
  lineItems: z.array(
    z.looseObject({
      commerceItemId: z.string(),
      quantity: z.number().int(),
      lineItemIdentification: z.looseObject({ itemCode: z.string() }),
    }),
  ),
  numLineItems: z.number().int(),
  numItems: z.number().int(),
  numBottles: z.number().int(),
  orderPriceInfo: z.looseObject({ subtotal: z.number(), total: z.number() }),
  checkoutEnabled: z.boolean(),
});

/** The voucher code of a voucher call's path. */
export const VoucherCodeParams = z.object({ code: VoucherCodeSchema });

/**
 * GET /api/cart/list with a `voucher_code` cookie (saved by a voucher link, server/legacy.ts): the code is
 * applied when the cart has none (a try from the code budget, as the voucher box spends), and the cookie cleared
 * either way. The answer then says what happened in
 * `voucherCookieOutcome` (services/vouchers VoucherCookieOutcome).
 */
async function cartWithVoucherCookie(c: Context<AppEnv>, validate: boolean) {
  const ctx = cartContext(c);
  let cartId = await cartIdOf(c);
  const code = getCookie(c, VOUCHER_COOKIE);
  let outcome: VoucherCookieOutcome | null = null;
  if (code !== undefined) {
    clearVoucherCookie(c);
    const applied = await applyVoucherCookie(ctx, c.var.ctx, cartId, code, { createCart: true });
    if (applied.cartId !== cartId) {
      cartId = applied.cartId;
      setCartCookie(c, cartId);
    }
    outcome = applied.outcome;
  }
  const cart = await cartJsonFor(await getCart(ctx, cartId, { validate }), ctx.messages);
  return outcome ? { ...cart, voucherCookieOutcome: outcome } : cart;
}

export const PointsEarnedSchema = z.looseObject({ orderId: z.string().nullable() });

const CartListQuerySchema = z.object({ validate: z.string().optional() });
const ChangeQuerySchema = z.object({ method: z.string().optional() });
const OrderQuerySchema = z.object({ orderId: z.string().optional() });

const ItemCodeParams = z.object({ itemCode: ItemCodeSchema });
const OrderNumberParams = z.object({ orderNumber: z.string().max(40) });

/** A reorder's answer: the cart, and the order's lines added and not added (each with its reason and message). */
const ReorderSchema = z.looseObject({
  orderNumber: z.string(),
  cart: CartSchema,
  added: z.array(z.looseObject({ itemCode: z.string(), name: z.string(), quantity: z.number().int() })),
  notAdded: z.array(
    z.looseObject({
      itemCode: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      reason: z.enum(['sold_out', 'not_sold', 'egift', 'membership', 'refused']),
      message: z.string(),
    }),
  ),
});
const LineIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, API_TEXTS.cartLine)
    .transform(Number),
});

// A bad sku, a locked quantity or a missing line come from the cart service as 400/404.
const changeResponses = responses(CartSchema, 'The cart after the change.', [400, 403, 404]);

const addItemsRoute = (path: string, method: 'post') =>
  createRoute({
    method,
    path,
    summary: 'Add items to the cart',
    middleware: [readJsonBody] as const,
    request: { body: jsonBody(CartItemsBodySchema) },
    responses: changeResponses,
  });

/** The custom e-gift amounts of every site together, as the API's description gives them. */
const WIDEST_GIFT_RANGE = {
  min: Math.min(...Object.values(SITES).map((s) => s.minGiftVoucherAmount)),
  max: Math.max(...Object.values(SITES).map((s) => s.maxGiftVoucherAmount)),
};

/** SPEC §5: the amounts a gift voucher may have depend on the site, so its schema is chosen per request. */
const giftVoucherBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { minGiftVoucherAmount, maxGiftVoucherAmount } = c.var.ctx.site;
  const parsed = giftVoucherSchema(minGiftVoucherAmount, maxGiftVoucherAmount).safeParse(await c.req.json());
  if (!parsed.success) return failInput(c, parsed.error.issues);
  await next();
};

export const cartApi = createApiRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/list',
      summary: "The visitor's cart",
      request: { query: CartListQuerySchema },
      responses: responses(CartSchema, 'The cart (empty when the visitor has none).', []),
    }),
    async (c) => ok(c, await cartWithVoucherCookie(c, c.req.valid('query').validate === 'true')),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/itemcode/{itemCode}/{quantity}',
      summary: 'Add (or with method=set, set) a quantity of one item',
      request: {
        params: z.object({ itemCode: ItemCodeSchema, quantity: QuantityPathSchema }),
        query: ChangeQuerySchema,
      },
      responses: changeResponses,
    }),
    async (c) => {
      const { itemCode, quantity } = c.req.valid('param');
      const mode = c.req.valid('query').method === 'set' ? 'set' : 'add';
      return sendCart(c, await changeItems(cartContext(c), await ensureCartId(c), [{ itemCode, quantity }], mode));
    },
  )
  .openapi(addItemsRoute('/itemcode', 'post'), async (c) =>
    sendCart(c, await changeItems(cartContext(c), await ensureCartId(c), c.req.valid('json').cartItems, 'add')),
  )
  .openapi({ ...addItemsRoute('/itemcode/', 'post'), hide: true }, async (c) =>
    sendCart(c, await changeItems(cartContext(c), await ensureCartId(c), c.req.valid('json').cartItems, 'add')),
  )
  .openapi(addItemsRoute('/', 'post'), async (c) =>
    sendCart(c, await changeItems(cartContext(c), await ensureCartId(c), c.req.valid('json').cartItems, 'add')),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/itemcode/{itemCode}',
      summary: 'Remove the line of one item',
      request: { params: ItemCodeParams },
      responses: changeResponses,
    }),
    async (c) =>
      sendCart(c, await removeLine(cartContext(c), await cartIdOf(c), { itemCode: c.req.valid('param').itemCode })),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/commerceitemidentifier/{id}',
      summary: 'Remove one cart line by its number',
      request: { params: LineIdParams },
      responses: changeResponses,
    }),
    async (c) => sendCart(c, await removeLine(cartContext(c), await cartIdOf(c), { id: c.req.valid('param').id })),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/eItemCode',
      summary: 'Add an e-gift card',
      middleware: [readJsonBody, giftVoucherBody] as const,
      // Documents the widest amounts; giftVoucherBody has already applied the site's own.
      request: { body: jsonBody(giftVoucherSchema(WIDEST_GIFT_RANGE.min, WIDEST_GIFT_RANGE.max)) },
      responses: changeResponses,
    }),
    async (c) => {
      const v = c.req.valid('json');
      return sendCart(
        c,
        await addGiftVoucher(cartContext(c), await ensureCartId(c), {
          itemCode: v.itemCode,
          recipientName: v.recipientName,
          recipientEmail: v.recipientEmail,
          message: v.message,
          amountCents: amountToCents(v.amount),
        }),
      );
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/voucher/{code}',
      summary: 'Apply a voucher to the cart',
      description:
        'The discount is an Order Discount entry of orderPriceInfo.pricingBreakdown; the cart carries `voucher`. One voucher per order.',
      request: { params: VoucherCodeParams },
      responses: responses(CartSchema, 'The cart with the voucher.', [400, 403, 409, 429]),
    }),
    async (c) => {
      const cartId = await ensureCartId(c);
      await spendCodeTry(c, cartId);
      return sendCart(c, await applyVoucher(cartContext(c), cartId, c.req.valid('param').code));
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/voucher/{code}',
      summary: 'Remove the voucher from the cart',
      request: { params: VoucherCodeParams },
      responses: responses(CartSchema, 'The cart without the voucher.', [400, 403, 404]),
    }),
    async (c) => sendCart(c, await removeVoucher(cartContext(c), await cartIdOf(c), c.req.valid('param').code)),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/postcode/{postcode}',
      summary: 'Give the delivery postcode (checked against the postcode list)',
      request: { params: z.object({ postcode: PostcodeSchema }) },
      responses: responses(CartSchema, 'The cart with its delivery postcode.', [400, 404]),
    }),
    async (c) =>
      sendCart(c, await setCartPostcode(cartContext(c), await ensureCartId(c), c.req.valid('param').postcode)),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/postcode',
      summary: "Forget the cart's delivery postcode",
      responses: responses(CartSchema, 'The cart without the postcode.', []),
    }),
    async (c) => sendCart(c, await clearCartPostcode(cartContext(c), await cartIdOf(c))),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/reorder/{orderNumber}',
      summary: "Put the wines of one of the customer's orders back in the cart",
      description:
        'Same quantities, same rules as adding (stock, limits); e-gift cards and memberships are never re-added. ' +
        "What could not be added is in `notAdded`, each with its reason and a message. Only the order's owner " +
        '(Hard Logged-In); anyone else gets 404.',
      request: { params: OrderNumberParams },
      responses: responses(ReorderSchema, 'The cart after the reorder, and what was not added.', [404]),
    }),
    async (c) => {
      const { ctx } = c.var;
      if (ctx.visitor.tier !== 'Hard Logged-In' || ctx.visitor.customerId === null)
        return failWith(c, 404, API_TEXTS.orderNotFound);
      const cartId = await ensureCartId(c);
      const result = await reorder(
        { ...cartContext(c), messages: ctx.messages },
        cartId,
        ctx.visitor.customerId,
        c.req.valid('param').orderNumber,
      );
      return ok(c, { ...result, cart: await cartJsonFor(result.cart, ctx.messages) });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/pointsEarnedSummary',
      summary: "The points the cart would earn, or (with orderId) one of the customer's orders earned",
      request: { query: OrderQuerySchema },
      responses: responses(PointsEarnedSchema, 'Points earned by the cart or the order.', [401, 404]),
    }),
    async (c) => {
      const { orderId } = c.req.valid('query');
      if (orderId !== undefined) {
        // An order is the customer's own business: only a Hard Logged-In customer reads its points.
        if (c.var.ctx.visitor.tier !== 'Hard Logged-In') return fail(c, 401, LOGIN_REQUIRED);
        return ok(c, { orderId, ...(await orderPointsEarned(c.var.ctx.db, customerIdOf(c), orderId)) });
      }
      // The points read amounts alone: the cart's texts need no translating.
      const cart = formatCart(await getCart(cartContext(c), await cartIdOf(c)));
      return ok(c, { orderId: cart.id, ...pointsEarned(cart) });
    },
  );
