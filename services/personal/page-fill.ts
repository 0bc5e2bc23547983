import type { PageFill } from '../../domain/page-fill';
import { countsAsMember, isOutOfArea, sellsUnlimited } from '../../domain/unlimited';
import { sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../db/prepared';
import type { Db } from '../../db/client';
import { defaultDeliveryPostcode } from '../cart/delivery-postcode';
import type { RequestContext } from '../platform/request-context';
import { itemCodesBoughtBy } from '../reviews/reviews';
import { recordProductView } from './product-views';

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
  // The recently viewed list's record, written behind (services/personal/product-views.ts).
  void recordProductView(ctx.db, ctx.clock, visitor.customerId, productCode);
  if (visitor.tier !== 'Hard Logged-In') return { fill, own: false };
  const customerId = visitor.customerId;
  const load = () => loadProductPageFacts(ctx.db, customerId);
  const facts = ctx.keptOfVisitor ? await ctx.keptOfVisitor(PRODUCT_PAGE_FACTS, load) : await load();
  const wantsPostcode =
    !ctx.cookies.cart_id && sellsUnlimited(ctx.site.currency) && !countsAsMember(visitor.unlimitedStatus);
  return { fill, own: facts.bought.has(productCode) || (wantsPostcode && isOutOfArea(facts.postcode)) };
}

/** What a Hard Logged-In customer's product pages show them alone, kept with their login (`ctx.keptOfVisitor`). */
const PRODUCT_PAGE_FACTS = 'product-page';

/**
 * The wines the customer bought (the review form is theirs on those pages) and their default delivery postcode (the
 * Unlimited join prompt's area), in one statement. Every change to either is announced (migration 0029), so a kept
 * copy is dropped on every process.
 */
async function loadProductPageFacts(
  db: Db,
  customerId: number,
): Promise<{ bought: ReadonlySet<string>; postcode: string | null }> {
  const [row] = await factStatements(db).facts.execute({ customerId });
  return { bought: new Set(row?.bought ?? []), postcode: row?.postcode ?? null };
}

const factStatements = /* @__PURE__ */ preparedPerDatabase((db) => {
  const customerId = sql.placeholder('customerId');
  return {
    facts: db
      .select({ bought: itemCodesBoughtBy(customerId), postcode: defaultDeliveryPostcode(customerId) })
      .from(sql`(values (1)) as one (x)`)
      .prepare('product_page_facts'),
  };
});
