import type { PageFill } from '../../domain/page-fill';
import { countsAsMember, isOutOfArea, sellsUnlimited } from '../../domain/unlimited';
import { sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../db/prepared';
import { recentlyBrowsed } from '../../db/schema';
import { defaultDeliveryPostcode } from '../cart/delivery-postcode';
import type { RequestContext } from '../platform/request-context';
import { boughtBy } from '../reviews/reviews';
import { productViewRecord, recordProductView } from './lists';

/**
 * The visitor's own part of a page shared by their segment (decision 036): what the page's loaders would have
 * read for them alone. A product page also records the view (the recently viewed list), as its loader does, and
 * is the visitor's own (`own`: rendered for them alone) when it shows them more than their segment's page does:
 * the review form of a wine they bought, or no Unlimited join prompt for a delivery address out of its area.
 * `productCode`: the product page's item code, when the page is one.
 */
export async function loadPageFill(
  ctx: RequestContext,
  productCode: string | null,
): Promise<{ fill: PageFill; own: boolean }> {
  const { visitor } = ctx;
  const fill: PageFill = { email: visitor.email, firstName: visitor.firstName, favourites: [...ctx.favourites] };
  if (productCode === null || visitor.customerId === null) return { fill, own: false };
  if (visitor.tier !== 'Hard Logged-In') {
    await recordProductView(ctx.db, ctx.clock, visitor.customerId, productCode);
    return { fill, own: false };
  }
  const wantsPostcode =
    !ctx.cookies.cart_id && sellsUnlimited(ctx.site.currency) && !countsAsMember(visitor.unlimitedStatus);
  const [row] = await fillStatements(ctx.db).productView.execute({
    customerId: visitor.customerId,
    itemCode: productCode,
    viewedAt: ctx.clock.now(),
  });
  return { fill, own: row?.bought === true || (wantsPostcode && isOutOfArea(row?.postcode ?? null)) };
}

/**
 * A Hard Logged-In customer's product view in one statement: the view recorded (a data-modifying WITH runs whether
 * or not the query reads it), whether they bought the wine (the review form is theirs alone) and their default
 * delivery postcode (the Unlimited join prompt's area), the product page loader's reads for them.
 */
const fillStatements = /* @__PURE__ */ preparedPerDatabase((db) => {
  const customerId = sql.placeholder('customerId');
  const viewed = db.$with('viewed').as(productViewRecord(db).returning({ itemCode: recentlyBrowsed.itemCode }));
  return {
    productView: db
      .with(viewed)
      .select({
        bought: boughtBy(customerId, sql.placeholder('itemCode')),
        postcode: defaultDeliveryPostcode(customerId),
      })
      .from(sql`(values (1)) as one (x)`)
      .prepare('product_view_fill'),
  };
});
