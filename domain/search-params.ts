// Search and listing parameters (SPEC §2: /wines?Ntt={term}&Nty=1, Nrpp, name), read from the URL so back,
// forward and shared links work. Bad values are clamped or ignored, never an error.

export const SORTS = ['relevance', 'price-asc', 'price-desc', 'rating', 'newest', 'name'] as const;
export type Sort = (typeof SORTS)[number];

export const SORT_LABELS: Record<Sort, string> = {
  relevance: /*i18n*/ 'Best match',
  'price-asc': /*i18n*/ 'Price: low to high',
  'price-desc': /*i18n*/ 'Price: high to low',
  rating: /*i18n*/ 'Customer rating',
  newest: /*i18n*/ 'Newest',
  name: /*i18n*/ 'Name A–Z',
};

/**
 * Price bands on the single-bottle price, in cents: [key, label, min, max). NOTE: the open band ends at the largest
 * integer the price column holds; a larger bound is a query parameter PostgreSQL refuses (int4 out of range).
 */
const NO_UPPER_BOUND_CENTS = 2_147_483_647;

export const PRICE_BANDS = [
  ['0-20', /*i18n*/ 'Under $20', 0, 2_000],
  ['20-30', /*i18n*/ '$20 to $30', 2_000, 3_000],
  ['30-50', /*i18n*/ '$30 to $50', 3_000, 5_000],
  ['50-plus', /*i18n*/ '$50 and over', 5_000, NO_UPPER_BOUND_CENTS],
] as const;

export const RATING_BANDS = [
  ['4', '4 stars and up', 4],
  ['3', '3 stars and up', 3],
] as const;

export const FACETS = ['colour', 'grape', 'region', 'country', 'price', 'rating', 'size', 'vintage'] as const;
export type Facet = (typeof FACETS)[number];

export const FACET_LABELS: Record<Facet, string> = {
  colour: /*i18n*/ 'Type',
  grape: /*i18n*/ 'Grape',
  region: /*i18n*/ 'Region',
  country: /*i18n*/ 'Country',
  price: /*i18n*/ 'Price',
  rating: /*i18n*/ 'Rating',
  size: /*i18n*/ 'Bottle size',
  vintage: /*i18n*/ 'Vintage',
};

export const PAGE_SIZES = [12, 24, 48, 96] as const;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE = 500;

export interface SearchParams {
  term: string;
  category: string | null;
  sort: Sort;
  page: number;
  pageSize: number;
  filters: Partial<Record<Facet, string[]>>;
}

const VALUE = /^[\p{L}\p{N} '’&.,()+-]{1,60}$/u;

export function parseSearchParams(params: URLSearchParams): SearchParams {
  const term = (params.get('Ntt') ?? '').trim().replace(/\s+/g, ' ').slice(0, 100);
  const sortParam = params.get('sort') as Sort | null;
  const sort: Sort = sortParam && SORTS.includes(sortParam) ? sortParam : term ? 'relevance' : 'relevance';
  const pageRaw = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(pageRaw) ? Math.min(MAX_PAGE, Math.max(1, pageRaw)) : 1;
  const sizeRaw = Number.parseInt(params.get('Nrpp') ?? '', 10);
  const pageSize = Number.isFinite(sizeRaw) ? Math.min(96, Math.max(1, sizeRaw)) : DEFAULT_PAGE_SIZE;
  const filters: Partial<Record<Facet, string[]>> = {};
  for (const facet of FACETS) {
    const values = [
      ...new Set(
        params
          .getAll(facet)
          .map((v) => v.trim())
          .filter((v) => VALUE.test(v)),
      ),
    ].slice(0, 10);
    if (values.length) filters[facet] = values;
  }
  const category = params.get('name');
  return {
    term,
    category: category && /^[a-z0-9-]{1,40}$/.test(category) ? category : null,
    sort,
    page,
    pageSize,
    filters,
  };
}

/** The URL of a listing with one facet value toggled (and paging reset). */
export function toggleFacetHref(current: URLSearchParams, facet: Facet, value: string): string {
  const next = new URLSearchParams(current);
  const values = next.getAll(facet);
  next.delete(facet);
  for (const v of values) if (v !== value) next.append(facet, v);
  if (!values.includes(value)) next.append(facet, value);
  next.delete('page');
  const q = next.toString();
  return `/wines${q ? `?${q}` : ''}`;
}

export function clearFacetsHref(current: URLSearchParams): string {
  const next = new URLSearchParams(current);
  for (const facet of FACETS) next.delete(facet);
  next.delete('page');
  const q = next.toString();
  return `/wines${q ? `?${q}` : ''}`;
}

/** The URL of a search for another term (a listing of everything when it is empty), paging reset. */
export function searchTermHref(current: URLSearchParams, term: string): string {
  const next = new URLSearchParams(current);
  next.delete('page');
  if (term) {
    next.set('Ntt', term);
    next.set('Nty', '1');
  } else {
    next.delete('Ntt');
    next.delete('Nty');
  }
  const q = next.toString();
  return `/wines${q ? `?${q}` : ''}`;
}
