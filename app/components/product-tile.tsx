import { useLingui } from '@lingui/react';
import { qualifiesForFreeShipping } from '../../domain/free-shipping';
import { centsToAmount, formatMoney } from '../../domain/money';
import { isPackPriced } from '../../domain/product-kinds';
import { productPath } from '../../domain/product-path';
import { offersTwelvePack, shownMemberPriceCents } from '../../domain/unlimited';
import type { ProductSummary } from '../../services/catalogue/catalogue';
import type { PublicSite } from '../lib/site';
import { useRootData } from '../root';
import { AddToCartButton } from './cart/add-to-cart-button';
import { FavouriteButton } from './favourites/favourite-button';
import { QuickViewButton } from './product/quick-view';
import { PlainLink } from './plain-link';
import { ProductImage } from './product-image';
import { Rating } from './rating';

/**
 * Tiles side by side on a phone, in a listing's grid and in a carousel alike: the first ones of a page are its
 * largest content there, so their images are fetched first, at high priority (`eager`). NOTE: React preloads each
 * eager image in <head>; the page's scripts wait for the first paint (app/entry.server.tsx), but each preload still
 * takes one of a host's six HTTP/1.1 connections; the rest of a wide screen's first row is in view at the first
 * layout and loads lazily at once.
 */
export const TILES_IN_A_PHONE_ROW = 2;

/**
 * Tiles add a full case: 12 bottles of a wine (SPEC §5), one of anything else. An ACTIVE or REQUESTED member is not
 * offered the twelve-pack (SPEC §4): one bottle, as their product page starts with.
 */
function caseQuantity(p: Pick<ProductSummary, 'productType' | 'mixed' | 'bottleCount'>, activeMember: boolean): number {
  return offersTwelvePack(activeMember) && isPackPriced(p.productType) && !p.mixed && p.bottleCount === 1 ? 12 : 1;
}

/**
 * SPEC §4: the member price an ACTIVE or REQUESTED member sees beside a price, when it is the lower, as their product
 * page shows it; nothing for anyone else.
 */
export function MemberPrice({ price }: { price: { salePriceCents: number | null; memberPriceCents: number | null } }) {
  const { i18n } = useLingui();
  const { site, activeMember } = useRootData();
  const cents = shownMemberPriceCents(activeMember, price);
  return cents ? (
    <span className="price--member"> {i18n._('Member price {price}', { price: formatMoney(cents, site) })}</span>
  ) : null;
}

export function ProductTile({
  product,
  site,
  headingLevel = 3,
  addSingle = false,
  eager = false,
}: {
  product: ProductSummary;
  site: PublicSite;
  headingLevel?: 2 | 3;
  /** Fill-the-box mode: add one bottle at a time, not a case. */
  addSingle?: boolean;
  /** One of the first tiles in view: its image is fetched at once (the others lazily). */
  eager?: boolean;
}) {
  const { i18n } = useLingui();
  // SPEC §4: the membership flag is all a tile reads of its visitor, so one rendering serves a site's every member.
  const { activeMember } = useRootData();
  const path = productPath(product);
  const country = site.countryNames?.[product.country] ?? product.country;
  const title = product.vintage ? `${product.name} ${product.vintage}` : product.name;
  const outOfStock = product.availability === 'out_of_stock';
  const onSale = product.listPriceCents > product.salePriceCents;
  const quantity = addSingle ? 1 : caseQuantity(product, activeMember);
  // A wine's case is its twelve-pack; a mixed case is the case itself.
  const casePrice = product.mixed || offersTwelvePack(activeMember) ? product.casePriceCents : null;
  const freeDelivery = casePrice !== null && qualifiesForFreeShipping(casePrice, site);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const addLabel = addSingle
    ? i18n._('Add a bottle')
    : quantity === 12
      ? i18n._('Add a case of 12')
      : i18n._('Add to cart');
  return (
    <article
      className={`tile${outOfStock ? ' tile--unavailable' : ''}`}
      data-item-code={product.itemCode}
      data-item-name={title}
      data-item-price={centsToAmount(product.salePriceCents).toFixed(2)}
    >
      <PlainLink to={path} className="tile__image" tabIndex={-1} aria-hidden="true">
        <ProductImage
          site={site}
          imageBase={product.imageBase}
          size="small"
          alt=""
          mixed={product.mixed}
          eager={eager}
        />
      </PlainLink>
      <div className="tile__body">
        <Heading className="tile__title">
          <PlainLink to={path} translate="no">
            {title}
          </PlainLink>
        </Heading>
        <FavouriteButton itemCode={product.itemCode} productType={product.productType} productName={title} />
        <p className="tile__origin">
          {/* The region is a name (translate="no"); the country in the site's language (the server's tiles have it so). */}
          <span translate="no">{product.region}</span>
          {product.region && country ? `, ${country}` : country}
        </p>
        <Rating average={product.ratingAverage} count={product.ratingCount} />
        <p className="tile__price">
          {onSale ? (
            <>
              <span className="visually-hidden">{i18n._('Was')} </span>
              <s className="price--was">{formatMoney(product.listPriceCents, site)}</s>{' '}
              <span className="visually-hidden">{i18n._('now')} </span>
            </>
          ) : null}
          <strong>{formatMoney(product.salePriceCents, site)}</strong>
          <span className="tile__unit">{` ${product.mixed ? i18n._('per case') : i18n._('a bottle')}`}</span>
          <MemberPrice price={product} />
        </p>
        {casePrice !== null && !product.mixed ? (
          <p className="tile__case">
            {i18n._('{count} for {price}', { count: product.caseBottles, price: formatMoney(casePrice, site) })}
          </p>
        ) : null}
        <QuickViewButton path={path} title={title} />
        {outOfStock ? null : (
          <div className="tile__buy">
            {/* SPEC §5: adding keeps a full case — 12 bottles of a wine, 1 of a mixed case. */}
            <AddToCartButton
              itemCode={product.itemCode}
              quantity={quantity}
              label={addLabel}
              accessibleName={`${addLabel}: ${title}`}
            />
          </div>
        )}
        {outOfStock || product.preSell || freeDelivery ? (
          <ul className="tile__badges">
            {outOfStock ? <li className="badge badge--muted">{i18n._('Out of stock')}</li> : null}
            {product.preSell ? <li className="badge">{i18n._('Pre-sale')}</li> : null}
            {freeDelivery && !outOfStock ? (
              <li className="badge badge--ship">{i18n._('Free delivery on a case')}</li>
            ) : null}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
