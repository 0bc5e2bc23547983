import type { PageFill } from '../../domain/page-fill';
import { countsAsMember, isOutOfArea, sellsUnlimited } from '../../domain/unlimited';
import { loadDeliveryPostcode } from '../cart/delivery-postcode';
import type { RequestContext } from '../platform/request-context';
import { ownReviewState } from '../reviews/reviews';
import { recordProductView } from './lists';

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
  const hard = visitor.tier === 'Hard Logged-In';
  const wantsPostcode =
    hard && !ctx.cookies.cart_id && sellsUnlimited(ctx.site.currency) && !countsAsMember(visitor.unlimitedStatus);
  const [, ownReview, postcode] = await Promise.all([
    recordProductView(ctx.db, ctx.clock, visitor.customerId, productCode),
    hard ? ownReviewState(ctx.db, visitor.customerId, productCode) : null,
    wantsPostcode ? loadDeliveryPostcode(ctx.db, null, visitor.customerId) : null,
  ]);
  return { fill, own: ownReview !== null || isOutOfArea(postcode) };
}
