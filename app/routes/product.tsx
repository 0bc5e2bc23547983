import { useId, useState } from 'react';
import { data, Link, redirect } from 'react-router';
import { CELLARING_TEXT, cellaringBand } from '../../domain/cellaring';
import { ItemCodeSchema } from '../../domain/catalogue-inputs';
import { centsToAmount, formatDollars, formatMoney } from '../../domain/money';
import { describePackOffers } from '../../domain/pack-pricing';
import { productPath } from '../../domain/product-path';
import { findProduct, listReviews, packPrices } from '../../services/catalogue';
import { recordProductView } from '../../services/personal-lists';
import type { Route } from './+types/product';
import { AddToCartButton } from '../components/cart/add-to-cart-button';
import { ProductImage } from '../components/product-image';
import { SimilarWines } from '../components/product/similar-wines';
import { RecentlyViewed, Recommendations } from '../components/personal/personal-carousels';
import { FavouriteButton } from '../components/favourites/favourite-button';
import { Rating } from '../components/rating';
import { appContext } from '../context';
import { useRootData } from '../root';
import { COLOUR_NAMES } from '../../domain/categories';

export const handle = { pageType: 'product_responsive' };

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const code = ItemCodeSchema.safeParse(params.itemCode);
  if (!code.success) throw data('Not found', { status: 404 });
  const currency = ctx.site.currency;
  const product = await ctx.cache.get(`product:${currency}:${code.data}`, () =>
    findProduct(ctx.db, code.data, currency),
  );
  if (!product || product.productType === 'membership' || product.productType === 'giftVoucher') {
    throw data('Not found', { status: 404 });
  }
  const canonicalPath = productPath(product);
  // NOTE: compare route params, not request.url: client navigations fetch `{path}.data`.
  if (`/product/${params.slug}/${params.itemCode}` !== decodeURIComponent(canonicalPath)) {
    throw redirect(`${canonicalPath}${new URL(request.url).search}`, 301);
  }
  // Issue 4: every product view of an identified visitor is recorded for the recently viewed list.
  if (ctx.visitor.customerId !== null)
    await recordProductView(ctx.db, ctx.clock, ctx.visitor.customerId, product.itemCode);
  const reviews = await ctx.cache.get(`product-reviews:${currency}:${product.itemCode}`, () =>
    listReviews(ctx.db, product.itemCode, 20),
  );
  const { skus: _skus, ...rest } = product;
  return {
    product: rest,
    packs: describePackOffers(packPrices(product)),
    cellaring:
      product.productType === 'wine' && product.drinkTo
        ? CELLARING_TEXT[cellaringBand(product.drinkTo, ctx.clock.now().getFullYear())]
        : null,
    reviews: reviews.map((r) => ({ ...r, createdAt: r.createdAt.toISOString().slice(0, 10) })),
    canonical: `${ctx.origin}${canonicalPath}`,
    origin: ctx.origin,
  };
}

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  if (!d) return [{ title: 'Wine not found' }];
  const p = d.product;
  const root = matches[0]?.loaderData as { site?: { brand: { name: string }; currency: string } } | undefined;
  const title = `${p.name}${p.vintage ? ` ${p.vintage}` : ''} | ${root?.site?.brand.name ?? ''}`;
  const single = d.packs.find((x) => x.size === 1);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.vintage ? `${p.name} ${p.vintage}` : p.name,
    sku: p.itemCode,
    image: `${d.origin}${p.imageBase}-large.svg`,
    description: p.description,
    brand: { '@type': 'Brand', name: p.producer },
    ...(p.ratingCount > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: p.ratingAverage, reviewCount: p.ratingCount } }
      : {}),
    offers: {
      '@type': 'Offer',
      url: d.canonical,
      priceCurrency: root?.site?.currency,
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
    { tagName: 'link', rel: 'canonical', href: d.canonical },
    { property: 'og:title', content: title },
    { property: 'og:type', content: 'product' },
    { property: 'og:image', content: jsonLd.image },
    { 'script:ld+json': jsonLd },
  ];
}

export default function Product({ loaderData: d }: Route.ComponentProps) {
  const { site } = useRootData();
  const p = d.product;
  const title = p.vintage ? `${p.name} ${p.vintage}` : p.name;
  const outOfStock = p.availability === 'out_of_stock';
  const [packCode, setPackCode] = useState(d.packs[0]?.itemCode ?? p.itemCode);
  const [quantity, setQuantity] = useState('1');
  const qtyId = useId();
  const details: [string, string | null][] = [
    ['Producer', p.producer],
    ['Grape', p.grape || null],
    ['Colour', COLOUR_NAMES[p.colour] ?? null],
    ['Style', p.style || null],
    ['Region', [p.appellation, p.region].filter(Boolean).join(', ') || null],
    ['Country', p.country || null],
    ['Alcohol', p.alcoholPercent ? `${p.alcoholPercent}%` : null],
    ['Bottle size', p.bottleSizeMl >= 1500 ? `Magnum (${p.bottleSizeMl / 1000} L)` : `${p.bottleSizeMl} ml`],
    ['Drink', p.drinkFrom && p.drinkTo ? `${p.drinkFrom}–${p.drinkTo}` : null],
  ];

  return (
    <div className="product">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/wines">Wines</Link>
          </li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <div className="product__main">
        <div className="product__media">
          <ProductImage site={site} imageBase={p.imageBase} size="large" alt={title} mixed={p.mixed} eager />
        </div>
        <div className="product__info">
          <div className="product__title-row">
            <h1>{title}</h1>
            <FavouriteButton itemCode={p.itemCode} productType={p.productType} productName={title} />
          </div>
          <p className="product__origin">
            {p.producer}
            {p.region ? ` · ${p.region}, ${p.country}` : ''}
          </p>
          <p>
            <a href="#customer__reviews" className="product__rating-link">
              <Rating average={p.ratingAverage} count={p.ratingCount} />
            </a>
          </p>
          <form className="buy-box" onSubmit={(e) => e.preventDefault()} aria-labelledby="buy-title">
            <h2 id="buy-title" className="visually-hidden">
              Buy {title}
            </h2>
            <fieldset>
              <legend>Choose how many</legend>
              {d.packs.map((pack) => {
                const label = pack.size === 1 ? (p.mixed ? '1 case' : '1 bottle') : `${pack.size} bottles`;
                return (
                  <label key={pack.itemCode} className="pack-option">
                    <input
                      type="radio"
                      name="pack"
                      value={pack.itemCode}
                      checked={packCode === pack.itemCode}
                      onChange={() => setPackCode(pack.itemCode)}
                    />
                    <span className="pack-option__label">{label}</span>
                    <span className="pack-option__price">
                      {pack.listPriceCents > pack.salePriceCents ? (
                        <>
                          <s className="price--was">
                            <span className="visually-hidden">Was </span>
                            {formatMoney(pack.listPriceCents, site)}
                          </s>{' '}
                        </>
                      ) : null}
                      <strong>{formatMoney(pack.salePriceCents, site)}</strong>
                      {pack.size > 1 ? (
                        <span className="pack-option__each"> ({formatMoney(pack.perBottleCents, site)} a bottle)</span>
                      ) : null}
                    </span>
                    {pack.showSavings ? <span className="save">SAVE {formatDollars(pack.savingsCents)}</span> : null}
                  </label>
                );
              })}
            </fieldset>
            <div className="buy-box__row">
              <label htmlFor={qtyId}>Quantity</label>
              <input
                id={qtyId}
                name="quantity"
                inputMode="numeric"
                pattern="[0-9]*"
                value={quantity}
                disabled={outOfStock || p.quantityLocked}
                onChange={(e) => {
                  const digits = e.target.value.replace(/\D/g, '').slice(0, 2);
                  setQuantity(digits);
                }}
                onBlur={() => {
                  if (!quantity || quantity === '0') setQuantity('1');
                }}
                className="qty-input"
              />
              {outOfStock ? (
                <button type="button" className="button button--buy" disabled>
                  Out of stock
                </button>
              ) : (
                <AddToCartButton
                  itemCode={packCode}
                  quantity={Math.max(1, Number(quantity) || 1)}
                  disabled={!Number(quantity)}
                />
              )}
            </div>
            {p.preSell ? (
              <p className="note">Pre-sale: reserve now and we will deliver as soon as this wine lands.</p>
            ) : null}
          </form>
          {d.cellaring ? (
            <p className="cellaring">
              <strong>Cellaring:</strong> {d.cellaring}
            </p>
          ) : null}
        </div>
      </div>

      <section className="product__section" aria-labelledby="notes-title">
        <h2 id="notes-title">Tasting notes</h2>
        <p>{p.tastingNotes}</p>
        <p>{p.description}</p>
      </section>

      <section className="product__section" aria-labelledby="details-title">
        <h2 id="details-title">Details</h2>
        <dl className="details">
          {details
            .filter((row): row is [string, string] => Boolean(row[1]))
            .map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
        </dl>
      </section>

      <section className="product__section" id="customer__reviews" aria-labelledby="reviews-title">
        <h2 id="reviews-title">Customer reviews</h2>
        {d.reviews.length === 0 ? (
          <p>No reviews yet. Be the first to tell us what you think.</p>
        ) : (
          <ul className="reviews">
            {d.reviews.map((r) => (
              <li key={r.id}>
                <article>
                  <h3>{r.title}</h3>
                  <p className="reviews__meta">
                    <span className="visually-hidden">Rated </span>
                    <span aria-hidden="true">
                      {'★'.repeat(r.rating)}
                      {'☆'.repeat(5 - r.rating)}
                    </span>
                    <span className="visually-hidden">{r.rating} out of 5</span> · {r.author}, {r.location} ·{' '}
                    <time dateTime={r.createdAt}>{r.createdAt}</time>
                  </p>
                  <p>{r.body}</p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>

      <SimilarWines itemCode={p.itemCode} />
      <Recommendations excludeItemCode={p.itemCode} />
      <RecentlyViewed excludeItemCode={p.itemCode} />
    </div>
  );
}
