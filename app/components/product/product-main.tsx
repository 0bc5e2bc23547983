import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { centsToAmount } from '../../../domain/money';
import { productItem, trackEcommerce } from '../../lib/ecommerce';
import type { ProductPageData } from '../../routes/product';
import { useRootData } from '../../root';
import { FavouriteButton } from '../favourites/favourite-button';
import { PlainLink } from '../plain-link';
import { RecentlyViewed, Recommendations } from '../personal/personal-carousels';
import { ProductImage } from '../product-image';
import { Rating } from '../rating';
import { ProductBuyBox } from './product-buy-box';
import { ProductDetails } from './product-details';
import { ProductReviews } from './product-reviews';
import { UnlimitedBanner, useCartUnlimited } from '../unlimited/unlimited-banner';
import { SimilarWines } from './similar-wines';
import { SubscribeAndSaveBanner } from './subscribe-and-save';

/** The product page: breadcrumb, image, title and buy box, then notes, details, reviews and carousels. */
export function ProductMain({ data: d }: { data: ProductPageData }) {
  const { i18n } = useLingui();
  const { site } = useRootData();
  const p = d.product;
  const unlimited = useCartUnlimited(d.unlimited);
  const title = p.vintage ? `${p.name} ${p.vintage}` : p.name;
  const singlePrice = d.packs.find((x) => x.size === 1)?.salePriceCents ?? d.packs[0]?.salePriceCents ?? 0;
  useEffect(() => {
    trackEcommerce('view_item', {
      currency: site.currency,
      value: centsToAmount(singlePrice),
      items: [
        productItem({ itemCode: p.itemCode, name: title, salePriceCents: singlePrice, productType: p.productType }),
      ],
    });
  }, [p.itemCode, title, singlePrice, p.productType, site.currency]);
  return (
    <div className="product">
      <nav aria-label={i18n._('Breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <Link to="/">{i18n._('Home')}</Link>
          </li>
          <li>
            <Link to="/wines">{i18n._('Wines')}</Link>
          </li>
          <li aria-current="page" translate="no">
            {title}
          </li>
        </ol>
      </nav>
      <div className="product__main">
        <div className="product__media">
          <ProductImage site={site} imageBase={p.imageBase} size="large" alt={title} mixed={p.mixed} eager />
        </div>
        <div className="product__info">
          <div className="product__title-row">
            <h1 translate="no">{title}</h1>
            <FavouriteButton itemCode={p.itemCode} productType={p.productType} productName={title} />
          </div>
          {/* The producer and the region are names (translate="no"); the country comes in the site's language. */}
          <p className="product__origin" translate="no">
            {p.producer}
            {p.region ? ` · ${p.region}, ${p.country}` : ''}
          </p>
          <p>
            <a href="#customer__reviews" className="product__rating-link">
              <Rating average={p.ratingAverage} count={p.ratingCount} />
            </a>
          </p>
          <ProductBuyBox
            key={p.itemCode}
            product={p}
            packs={d.packs}
            unlimitedPriceText={d.unlimitedPriceText}
            title={title}
            unlimited={unlimited}
            subscribeAndSave={d.subscribeAndSave}
          />
          <UnlimitedBanner unlimited={unlimited} />
          {d.subscribeAndSave ? <SubscribeAndSaveBanner /> : null}
          {d.cellaring ? (
            <p className="cellaring">
              <strong>{i18n._('Cellaring:')}</strong> {i18n._(d.cellaring)}
            </p>
          ) : null}
        </div>
      </div>

      {d.caseContents ? (
        <section className="product__section" aria-labelledby="case-title">
          <h2 id="case-title">{d.caseContents.title}</h2>
          {d.caseContents.saving ? <p>{d.caseContents.saving}</p> : null}
          <ul>
            {d.caseContents.wines.map((w) => (
              <li key={w.path}>
                {w.quantity} ×{' '}
                <PlainLink to={w.path} translate="no">
                  {w.name}
                </PlainLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ProductDetails product={p} />
      <ProductReviews reviews={d.reviews} ownReview={d.ownReview} itemCode={p.itemCode} />

      <SimilarWines itemCode={p.itemCode} />
      <Recommendations excludeItemCode={p.itemCode} />
      <RecentlyViewed excludeItemCode={p.itemCode} />
    </div>
  );
}
