import { Link } from 'react-router';
import { PageParamsSchema } from '../../domain/catalogue-inputs';
import { findCategory } from '../../domain/categories';
import { formatMoney } from '../../domain/money';
import { listProducts } from '../../services/catalogue';
import type { Route } from './+types/wines';
import { ProductTile } from '../components/product-tile';
import { appContext } from '../context';
import { useRootData } from '../root';

export const handle = { pageType: 'category' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, site } = context.get(appContext);
  const url = new URL(request.url);
  const category = findCategory(url.searchParams.get('name'));
  const term = (url.searchParams.get('Ntt') ?? '').trim().slice(0, 100);
  const { page, pageSize } = PageParamsSchema.parse({
    page: url.searchParams.get('page') ?? undefined,
    pageSize: url.searchParams.get('Nrpp') ?? undefined,
  });
  const { cache } = context.get(appContext);
  const key = `listing:${site.currency}:${category?.name ?? ''}:${page}:${pageSize}:${term}`;
  const { items, total } = await cache.get(key, () =>
    listProducts(db, { currency: site.currency, category: category?.name, term: term || undefined, page, pageSize }),
  );
  return {
    category: category ?? null,
    term,
    items,
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    canonical: `${context.get(appContext).origin}/wines${category ? `?name=${category.name}` : ''}`,
  };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [{ title: 'Wines' }];
  const title = data.term ? `Search results for "${data.term}"` : (data.category?.title ?? 'All wines');
  return [
    { title },
    { name: 'description', content: data.category?.description ?? 'Browse our full range of wines, mixed cases and gifts.' },
    { tagName: 'link', rel: 'canonical', href: data.canonical },
  ];
}

function pageHref(search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page === 1) next.delete('page');
  else next.set('page', String(page));
  const q = next.toString();
  return `/wines${q ? `?${q}` : ''}`;
}

export default function Wines({ loaderData: data }: Route.ComponentProps) {
  const { site } = useRootData();
  const search = new URLSearchParams();
  if (data.category) search.set('name', data.category.name);
  if (data.term) {
    search.set('Ntt', data.term);
    search.set('Nty', '1');
  }
  if (data.pageSize !== 24) search.set('Nrpp', String(data.pageSize));
  const title = data.term ? `Search results for “${data.term}”` : (data.category?.title ?? 'All wines');
  const first = (data.page - 1) * data.pageSize + 1;
  const last = Math.min(data.total, data.page * data.pageSize);
  return (
    <div className="listing">
      <header className="listing__head">
        <h1>{title}</h1>
        {data.category ? <p>{data.category.description}</p> : null}
        <p className="listing__count" aria-live="polite">
          {data.total === 0 ? 'No wines' : `Showing ${first}–${last} of ${data.total} wines`}
        </p>
        <p className="listing__ship">
          Free delivery on orders of {formatMoney(site.freeShippingThresholdCents, site)} or more.
        </p>
      </header>
      {data.items.length === 0 ? (
        <p className="listing__empty">Sorry, no products were found.</p>
      ) : (
        <ul className="grid">
          {data.items.map((p) => (
            <li key={p.itemCode}>
              <ProductTile product={p} site={site} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
      {data.pageCount > 1 ? (
        <nav className="pager" aria-label="Pages">
          {data.page > 1 ? (
            <Link to={pageHref(search, data.page - 1)} rel="prev">
              Previous page
            </Link>
          ) : null}
          <span>
            Page {data.page} of {data.pageCount}
          </span>
          {data.page < data.pageCount ? (
            <Link to={pageHref(search, data.page + 1)} rel="next">
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
