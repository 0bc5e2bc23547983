import type { PageFill } from '../../domain/page-fill';
import { countsAsMember, sellsUnlimited } from '../../domain/unlimited';
import { loadDeliveryPostcode } from '../cart/delivery-postcode';
import type { RequestContext } from '../platform/request-context';
import { type CustomerReview, ownReviewState } from '../reviews/reviews';
import { recordProductView } from './lists';

export type ProductReviewFill = { existing: CustomerReview | null } | null;

/**
 * The visitor's own part of a page shared by their segment (decision 036): what the page's loaders would have
 * read for them alone. A product page also records the view (the recently viewed list), as its loader does.
 * `productCode`: the product page's item code, when the page is one.
 */
export async function loadPageFill(
  ctx: RequestContext,
  productCode: string | null,
): Promise<PageFill<ProductReviewFill>> {
  const { visitor } = ctx;
  const fill: PageFill<ProductReviewFill> = {
    email: visitor.email,
    firstName: visitor.firstName,
    favourites: [...ctx.favourites],
  };
  if (productCode === null || visitor.customerId === null) return fill;
  const hard = visitor.tier === 'Hard Logged-In';
  const wantsPostcode =
    hard && !ctx.cookies.cart_id && sellsUnlimited(ctx.site.currency) && !countsAsMember(visitor.unlimitedStatus);
  const [, ownReview, postcode] = await Promise.all([
    recordProductView(ctx.db, ctx.clock, visitor.customerId, productCode),
    hard ? ownReviewState(ctx.db, visitor.customerId, productCode) : null,
    wantsPostcode ? loadDeliveryPostcode(ctx.db, null, visitor.customerId) : undefined,
  ]);
  return { ...fill, ownReview, ...(postcode === undefined ? {} : { postcode }) };
}
