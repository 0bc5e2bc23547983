import type { Context } from 'hono';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { ItemCodeSchema } from '../../domain/catalogue-inputs';
import { CartItemsBodySchema, giftVoucherSchema, QuantityPathSchema } from '../../domain/cart-rules';
import {
  addGiftVoucher,
  type CartContext,
  cartContextOf,
  changeItems,
  getCart,
  findVisitorCart,
  newCartId,
  removeLine,
} from '../../services/cart';
import { pointsEarned } from '../../domain/cart-pricing';
import { fail, ok } from '../envelope';
import { CART_COOKIE, setCartCookie } from '../session-cookies';
import type { AppEnv } from '../types';
import { readJson } from './json-body';

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
async function ensureCartId(c: Context<AppEnv>): Promise<string> {
  const existing = await cartIdOf(c);
  if (existing) return existing;
  const id = newCartId();
  setCartCookie(c, id);
  return id;
}

function cartContext(c: Context<AppEnv>): CartContext {
  return cartContextOf(c.var.ctx);
}

function firstIssue(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? 'Please check the request.';
}

const addItems = async (c: Context<AppEnv>) => {
  const parsed = CartItemsBodySchema.safeParse(await readJson(c));
  if (!parsed.success) return fail(c, 400, firstIssue(parsed.error));
  return ok(c, await changeItems(cartContext(c), await ensureCartId(c), parsed.data.cartItems, 'add'));
};

export const cartApi = new Hono<AppEnv>()
  .get('/list', async (c) =>
    ok(c, await getCart(cartContext(c), await cartIdOf(c), { validate: c.req.query('validate') === 'true' })),
  )
  .put('/itemcode/:itemCode/:quantity', async (c) => {
    const code = ItemCodeSchema.safeParse(c.req.param('itemCode'));
    if (!code.success) return fail(c, 400, 'Please enter a valid item code.');
    const quantity = QuantityPathSchema.safeParse(c.req.param('quantity'));
    if (!quantity.success) return fail(c, 400, firstIssue(quantity.error));
    const mode = c.req.query('method') === 'set' ? 'set' : 'add';
    return ok(
      c,
      await changeItems(
        cartContext(c),
        await ensureCartId(c),
        [{ itemCode: code.data, quantity: quantity.data }],
        mode,
      ),
    );
  })
  .post('/itemcode', addItems)
  .post('/itemcode/', addItems)
  .post('/', addItems)
  .delete('/itemcode/:itemCode', async (c) => {
    const code = ItemCodeSchema.safeParse(c.req.param('itemCode'));
    if (!code.success) return fail(c, 400, 'Please enter a valid item code.');
    return ok(c, await removeLine(cartContext(c), await cartIdOf(c), { itemCode: code.data }));
  })
  .delete('/commerceitemidentifier/:id', async (c) => {
    const id = c.req.param('id') ?? '';
    if (!/^\d{1,9}$/.test(id)) return fail(c, 400, 'Please give the number of a cart line.');
    return ok(c, await removeLine(cartContext(c), await cartIdOf(c), { id: Number(id) }));
  })
  .put('/eItemCode', async (c) => {
    const site = c.var.ctx.site;
    const parsed = giftVoucherSchema(site.minGiftVoucherAmount, site.maxGiftVoucherAmount).safeParse(await readJson(c));
    if (!parsed.success) return fail(c, 400, firstIssue(parsed.error));
    const v = parsed.data;
    return ok(
      c,
      await addGiftVoucher(cartContext(c), await ensureCartId(c), {
        itemCode: v.itemCode,
        recipientName: v.recipientName,
        recipientEmail: v.recipientEmail,
        message: v.message,
        amountCents: v.amount * 100,
      }),
    );
  })
  .get('/pointsEarnedSummary', async (c) => {
    const cart = await getCart(cartContext(c), await cartIdOf(c));
    return ok(c, { orderId: c.req.query('orderId') ?? cart.id, ...pointsEarned(cart) });
  });
