import { data, type MetaDescriptor, redirect } from 'react-router';
import { CELLARING_TEXT, cellaringBand } from '../../domain/cellaring';
import { ItemCodeSchema } from '../../domain/catalogue-inputs';
import { centsToAmount, formatMoney } from '../../domain/money';
import { describeMixedCaseOffer } from '../../domain/mixed-cases';
import { describePackOffers, type PackOffer } from '../../domain/pack-pricing';
import type { Site } from '../../domain/sites';
import { SUBSCRIBE_AND_SAVE } from '../../domain/plans';
import { hasProductPage } from '../../domain/product-kinds';
import { productPath } from '../../domain/product-path';
import {
  findCaseContents,
  findProduct,
  listReviews,
  type ProductDetail,
  packPrices,
} from '../../services/catalogue/catalogue';
import { caseContentsView } from '../../services/catalogue/mixed-cases';
import { recordProductView } from '../../services/personal/product-views';
import { ownReviewState } from '../../services/reviews/reviews';
import { loadPlanMappings } from '../../services/memberships/plan-mappings';
import { loadUnlimitedState } from '../../services/memberships/unlimited';
import type { Route } from './+types/product';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { ProductMain } from '../components/product/product-main';
import { catalogueText } from '../../services/catalogue/text';
import { SERVER_FILLED_TEXTS } from '../../services/platform/server-texts';
import { appContext } from '../context';
import { STAFF_VIEW_HEADERS, staffMaySee, staffViewHeaders } from '../lib/staff-view.server';

export const handle = { pageType: 'product_responsive' };

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const code = ItemCodeSchema.safeParse(params.itemCode);
  if (!code.success) throw data('Not found', { status: 404 });
  const currency = ctx.site.currency;
  const shown = await ctx.cache.get(`product:${currency}:${code.data}`, () => findProduct(ctx.db, code.data, currency));
  // A hidden product's page is there for console staff who may change the catalogue (read fresh, theirs alone),
  // and a 404 to everyone else.
  const staffView = !shown && (await staffMaySee(ctx, 'catalogue.write'));
  const product = shown ?? (staffView ? await findProduct(ctx.db, code.data, currency, { hidden: true }) : null);
  if (!product || !hasProductPage(product.productType)) {
    throw data('Not found', { status: 404 });
  }
  const canonicalPath = productPath(product);
  // NOTE: compare route params, not request.url: client navigations fetch `{path}.data`.
  if (`/product/${params.slug}/${params.itemCode}` !== decodeURIComponent(canonicalPath)) {
    throw redirect(`${canonicalPath}${new URL(request.url).search}`, 301);
  }
  // Every product view of an identified visitor is recorded for the recently viewed list (written behind).
  if (ctx.visitor.customerId !== null)
    void recordProductView(ctx.db, ctx.clock, ctx.visitor.customerId, product.itemCode);
  const reviews = await ctx.cache.get(`product-reviews:${currency}:${product.itemCode}`, () =>
    listReviews(ctx.db, product.itemCode, 20),
  );
  // Personal: a customer who bought the wine may review it (never cached: it is theirs alone).
  const ownReview =
    ctx.visitor.tier === 'Hard Logged-In' && ctx.visitor.customerId !== null
      ? await ownReviewState(ctx.db, ctx.visitor.customerId, product.itemCode)
      : null;
  const unlimited = await loadUnlimitedState(ctx);
  // SPEC §4: the Subscribe and Save banner and modal when the product matches a plan mapping (and can be bought).
  const ssMapping =
    product.availability === 'out_of_stock'
      ? undefined
      : (await loadPlanMappings(ctx.db, ctx.cache)).find(
          (m) => m.bomItemCode === product.itemCode && m.type === SUBSCRIBE_AND_SAVE,
        );
  // A mixed case: the wines it holds, and its price against theirs bought one by one.
  const contents = product.mixed
    ? await ctx.cache.get(`case-contents:${currency}:${product.itemCode}`, () =>
        findCaseContents(ctx.db, product.itemCode, currency),
      )
    : [];
  const packs = describePackOffers(packPrices(product)).map((pack) =>
    product.mixed ? describeMixedCaseOffer(pack, contents) : pack,
  );
  const { skus: _skus, ...rest } = product;
  const i18n = await ctx.messages();
  // Only a member price below the sale price is worth a prompt: a special can take the sale price under it.
  const single = packs.find((pack) => pack.size === 1);
  const memberCents =
    single?.memberPriceCents && single.memberPriceCents < single.salePriceCents ? single.memberPriceCents : null;
  const head = productHead(product, packs, `${ctx.origin}${canonicalPath}`, ctx.origin, ctx.site);
  const page = {
    head: staffView ? [...head, { name: 'robots', content: 'noindex' }] : head,
    // The catalogue's country and style in the site's language (the JSON API keeps them as they are).
    product: { ...rest, style: catalogueText(i18n, rest.style), country: catalogueText(i18n, rest.country) },
    packs,
    caseContents: product.mixed ? caseContentsView(i18n, ctx.site, packs[0], contents) : null,
    cellaring:
      product.productType === 'wine' && product.drinkTo
        ? CELLARING_TEXT[cellaringBand(product.drinkTo, ctx.clock.now().getFullYear())]
        : null,
    reviews: reviews.map((r) => ({ ...r, createdAt: r.createdAt.toISOString().slice(0, 10) })),
    ownReview,
    unlimited,
    // What Unlimited members pay, for the buy box's member-savings link: a mixed case sells as one case.
    unlimitedPriceText: memberCents
      ? i18n._(SERVER_FILLED_TEXTS[product.mixed ? 'unlimitedPriceCase' : 'unlimitedPriceBottle'].id, {
          price: formatMoney(memberCents, ctx.site),
        })
      : null,
    subscribeAndSave: ssMapping ? { bumpCode: ssMapping.bumpCode, rule: ssMapping.rule, type: ssMapping.type } : null,
  };
  return data(page, staffView ? { headers: STAFF_VIEW_HEADERS } : undefined);
}

export const headers: Route.HeadersFunction = staffViewHeaders;

// The page's head is worked out by its loader: its code stays on the server, out of the page's scripts.
export function meta({ loaderData: d }: Route.MetaArgs): MetaDescriptor[] {
  // An error: the ErrorBoundary's message gives the title.
  return d ? d.head : [];
}

/** The page's title, description, canonical link, Open Graph tags and schema.org Product (JSON-LD). */
function productHead(
  p: ProductDetail,
  packs: readonly PackOffer[],
  canonical: string,
  origin: string,
  site: Pick<Site, 'brand' | 'currency'>,
): MetaDescriptor[] {
  const title = `${p.name}${p.vintage ? ` ${p.vintage}` : ''} | ${site.brand.name}`;
  const single = packs.find((x) => x.size === 1);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.vintage ? `${p.name} ${p.vintage}` : p.name,
    sku: p.itemCode,
    image: `${origin}${p.imageBase}-large.svg`,
    description: p.description,
    brand: { '@type': 'Brand', name: p.producer },
    ...(p.ratingCount > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: p.ratingAverage, reviewCount: p.ratingCount } }
      : {}),
    offers: {
      '@type': 'Offer',
      url: canonical,
      priceCurrency: site.currency,
      price: single ? centsToAmount(single.salePriceCents).toFixed(2) : undefined,
      availability:
        p.availability === 'out_of_stock'
          ? 'https://schema.org/OutOfStock'
          : p.preSell
            ? 'https://schema.org/PreOrder'
            : 'https://schema.org/InStock',
    },
  };
  return [
    { title },
    { name: 'description', content: `${p.description}`.slice(0, 155) },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:title', content: title },
    { property: 'og:type', content: 'product' },
    { property: 'og:image', content: jsonLd.image },
    { 'script:ld+json': jsonLd },
  ];
}

export type ProductPageData = Route.ComponentProps['loaderData'];

export default function Product({ loaderData }: Route.ComponentProps) {
  return <ProductMain data={loaderData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
