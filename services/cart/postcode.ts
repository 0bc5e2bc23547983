import { eq } from 'drizzle-orm';
import { carts } from '../../db/schema';
import { NOT_FOUND_MESSAGES } from '../../domain/catalogue-inputs';
import { type CartContext, cartChanged, getCart, lockCart, touch } from './cart';
import type { CartModel } from './cart-json';
import { lookupPostcode } from './postcodes';
import { ServiceError } from '../platform/service-error';
import { GENERIC_ERRORS } from '../../domain/errors';

// The delivery postcode a shopper gives in the cart (Unlimited's delivery area, SPEC §6/§9; the delivery step).

/** Saves a postcode of the site's country on the cart; an unknown one changes nothing. */
export async function setCartPostcode(ctx: CartContext, cartId: string, postcode: string): Promise<CartModel> {
  const country = ctx.site.country === 'nz' ? 'nz' : 'au';
  const places = await lookupPostcode(ctx.db, country, postcode);
  if (places.length === 0) throw new ServiceError(GENERIC_ERRORS.not_found, NOT_FOUND_MESSAGES.postcode(postcode));
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as CartContext['db'];
    await lockCart(tx, cartId, ctx.site, ctx.customerId ?? null);
    await tx.update(carts).set({ postcode }).where(eq(carts.id, cartId));
    await touch(tx, cartId);
  });
  return getCart(ctx, cartId);
}

/** Forgets the cart's postcode (the default delivery address's, if any, shows again). */
export async function clearCartPostcode(ctx: CartContext, cartId: string | null): Promise<CartModel> {
  if (cartId)
    await ctx.db
      .update(carts)
      .set({ ...cartChanged(), postcode: null })
      .where(eq(carts.id, cartId));
  return getCart(ctx, cartId);
}
