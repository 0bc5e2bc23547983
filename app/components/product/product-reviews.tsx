import type { ProductPageData } from '../../routes/product';

/** The product's customer reviews; the rating link near the title jumps here (#customer__reviews). */
export function ProductReviews({ reviews }: Pick<ProductPageData, 'reviews'>) {
  return (
    <section className="product__section" id="customer__reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Customer reviews</h2>
      {reviews.length === 0 ? (
        <p>No reviews yet. Be the first to tell us what you think.</p>
      ) : (
        <ul className="reviews">
          {reviews.map((r) => (
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
  );
}
