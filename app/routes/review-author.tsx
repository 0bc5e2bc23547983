import { useLingui } from '@lingui/react';
import { data, Link } from 'react-router';
import { productPath } from '../../domain/product-path';
import { listAuthorReviews } from '../../services/reviews/reviews';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/review-author';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { appContext } from '../context';

export const handle = { pageType: 'customer_service' };

/** SPEC §2 "a reviews page of a named author": that author's published reviews, newest first. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const slug = params.slug;
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) throw data('Not found', { status: 404 });
  const rows = await ctx.cache.get(`author-reviews:${slug}`, () => listAuthorReviews(ctx.db, slug));
  if (rows.length === 0) throw data('Not found', { status: 404 });
  return {
    author: rows[0]?.author ?? '',
    reviews: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString().slice(0, 10),
      path: productPath(r),
    })),
  };
}

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  return d ? [{ title: metaI18n(matches)._('Reviews by {author}', { author: d.author }) }] : [];
}

export default function ReviewAuthor({ loaderData }: Route.ComponentProps) {
  const { author, reviews } = loaderData;
  const { i18n } = useLingui();
  return (
    <article className="content-page">
      <h1>{i18n._('Reviews by {author}', { author })}</h1>
      <ul className="reviews">
        {reviews.map((r) => (
          <li key={r.id}>
            <article>
              <h2>{r.title}</h2>
              <p className="reviews__meta">
                <span aria-hidden="true">
                  {'★'.repeat(r.rating)}
                  {'☆'.repeat(5 - r.rating)}
                </span>
                <span className="visually-hidden">{i18n._('Rated {rating} out of 5', { rating: r.rating })}</span> ·{' '}
                <Link to={r.path}>
                  {r.productName}
                  {r.vintage ? ` ${r.vintage}` : ''}
                </Link>{' '}
                · <time dateTime={r.createdAt}>{r.createdAt}</time>
              </p>
              <p>{r.body}</p>
            </article>
          </li>
        ))}
      </ul>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
