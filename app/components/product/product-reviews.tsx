import { useLingui } from '@lingui/react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { ProductPageData } from '../../routes/product';

// The form (and its validation) loads only for a customer who may review the wine.
const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));

/** The product's customer reviews; the rating link near the title jumps here (#customer__reviews). */
export function ProductReviews({
  reviews,
  ownReview,
  itemCode,
}: Pick<ProductPageData, 'reviews' | 'ownReview'> & { itemCode: string }) {
  const { i18n } = useLingui();
  return (
    <section className="product__section" id="customer__reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{i18n._('Customer reviews')}</h2>
      {ownReview ? (
        <Suspense fallback={null}>
          <ReviewForm key={itemCode} itemCode={itemCode} existing={ownReview.existing} />
        </Suspense>
      ) : null}
      {reviews.length === 0 ? (
        <p>{i18n._('No reviews yet. Be the first to tell us what you think.')}</p>
      ) : (
        // Customers' reviews stay as they wrote them (translate="no"); the labels read in the site's language anyway.
        <ul className="reviews" translate="no">
          {reviews.map((r) => (
            <li key={r.id}>
              <article>
                <h3>{r.title}</h3>
                <p className="reviews__meta">
                  <span className="visually-hidden">{i18n._('Rated')} </span>
                  <span aria-hidden="true">
                    {'★'.repeat(r.rating)}
                    {'☆'.repeat(5 - r.rating)}
                  </span>
                  <span className="visually-hidden">{i18n._('{rating} out of 5', { rating: r.rating })}</span> ·{' '}
                  <Link to={`/reviews/author/${r.authorSlug}`}>{r.author}</Link>
                  {r.location ? `, ${r.location}` : ''} · <time dateTime={r.createdAt}>{r.createdAt}</time>
                </p>
                <p>{r.body}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
