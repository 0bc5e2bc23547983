import { and, eq, inArray, sql } from 'drizzle-orm';
import { cartLines, skuPrices } from '../../db/schema';
import { hasMemberPricing, isCurrent } from '../../domain/identity-rules';
import {
  countsAsMember,
  isOutOfArea,
  sellsUnlimited,
  showsMemberSavingsPrompts,
  showUnlimitedJoinPrompt,
  UNLIMITED_ITEM_CODES,
  type UnlimitedStatus,
  unlimitedItemCode,
} from '../../domain/unlimited';
import { cartContextOf, findVisitorCart } from '../cart/cart';
import { loadDeliveryPostcode } from '../cart/delivery-postcode';
import type { RequestContext } from '../platform/request-context';

// Where a shopper meets Unlimited (product pages, /unlimited, the cart): what the visitor's membership, cart and
// delivery postcode mean for banners, member prices and the join prompt (SPEC §4, §6).

export interface UnlimitedState {
  /** Sold on this site (AUD/NZD). */
  sold: boolean;
  /** The Hard Logged-In visitor's status (SPEC §6: looked up for Current visitors only). */
  status: UnlimitedStatus | null;
  /** Banners: ACTIVE, REQUESTED or SUSPENDED. */
  member: boolean;
  /** Member prices, the page flag, no twelve-pack, no upsells: ACTIVE or REQUESTED. */
  activeMember: boolean;
  /** Not for SUSPENDED members. */
  savingsPrompts: boolean;
  cartHasUnlimited: boolean;
  postcode: string | null;
  outOfArea: boolean;
  showJoinPrompt: boolean;
  /** The code this host sells (UL9001 on test hosts). */
  itemCode: string;
  /** Its price on this site, in cents; null where it is not sold. */
  priceCents: number | null;
  /**
   * The page was rendered for every Prospect (ctx.sharedRender): cartHasUnlimited and postcode are those of no
   * cart, and the browser applies its own cart's (app: useCartUnlimited).
   */
  cartFromBrowser: boolean;
}

async function unlimitedPriceCents(ctx: RequestContext, itemCode: string): Promise<number | null> {
  return ctx.cache.get(`unlimited-price:${ctx.site.currency}:${itemCode}`, async () => {
    const [row] = await ctx.db
      .select({ cents: skuPrices.salePriceCents })
      .from(skuPrices)
      .where(and(eq(skuPrices.skuItemCode, itemCode), eq(skuPrices.currency, ctx.site.currency)));
    return row?.cents ?? null;
  });
}

/** What this site sells as Unlimited (code and price), without anything personal: cached, no per-visitor query. */
export async function unlimitedProduct(ctx: RequestContext) {
  const itemCode = unlimitedItemCode(ctx.isTestHost);
  const sold = sellsUnlimited(ctx.site.currency);
  return { sold, itemCode, priceCents: sold ? await unlimitedPriceCents(ctx, itemCode) : null };
}

export async function loadUnlimitedState(ctx: RequestContext): Promise<UnlimitedState> {
  const status = isCurrent(ctx.visitor) ? ctx.visitor.unlimitedStatus : null;
  const itemCode = unlimitedItemCode(ctx.isTestHost);
  const sold = sellsUnlimited(ctx.site.currency);
  const base = {
    sold,
    status,
    member: countsAsMember(status),
    activeMember: hasMemberPricing(ctx.visitor),
    savingsPrompts: showsMemberSavingsPrompts(status),
    itemCode,
    cartFromBrowser: ctx.sharedRender,
  };
  if (!sold)
    return {
      ...base,
      cartHasUnlimited: false,
      postcode: null,
      outOfArea: false,
      showJoinPrompt: false,
      priceCents: null,
    };
  const cartContext = cartContextOf(ctx);
  // NOTE: a prospect without a cart has nothing to look up: no query for the common first visit.
  const cartId =
    !ctx.sharedRender && (ctx.cookies.cart_id || cartContext.customerId)
      ? await findVisitorCart(cartContext, ctx.cookies.cart_id)
      : null;
  const [postcode, inCart, priceCents] = await Promise.all([
    cartId || cartContext.customerId ? loadDeliveryPostcode(ctx.db, cartId, cartContext.customerId) : null,
    cartId
      ? ctx.db
          .select({ one: sql<number>`1` })
          .from(cartLines)
          .where(and(eq(cartLines.cartId, cartId), inArray(cartLines.itemCode, [...UNLIMITED_ITEM_CODES])))
          .limit(1)
      : [],
    unlimitedPriceCents(ctx, itemCode),
  ]);
  const cartHasUnlimited = inCart.length > 0;
  return {
    ...base,
    cartHasUnlimited,
    postcode,
    outOfArea: isOutOfArea(postcode),
    showJoinPrompt: showUnlimitedJoinPrompt({ status, cartHasUnlimited, postcode }),
    priceCents,
  };
}
