import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState } from 'react';
import type { I18n } from '@lingui/core';
import { Form, useLocation, useSubmit } from 'react-router';
import { PlainLink } from '../components/plain-link';
import { COLOUR_NAMES, findCategory } from '../../domain/categories';
import { parseFillTheBoxParam } from '../../domain/cart-pricing';
import { formatMoney } from '../../domain/money';
import {
  clearFacetsHref,
  FACET_LABELS,
  FACETS,
  type Facet,
  PRICE_BANDS,
  parseSearchParams,
  searchTermHref,
  SORT_LABELS,
  SORTS,
  toggleFacetHref,
} from '../../domain/search-params';
import { withoutTrackingParams } from '../../domain/tracking-params';
import { searchProducts } from '../../services/search/search';
import { SEARCH_TEXTS } from '../../services/platform/server-texts';
import type { Route } from './+types/wines';
import { FillTheBoxBanner } from '../components/cart/fill-the-box-banner';
import { ProductTile, TILES_IN_A_PHONE_ROW } from '../components/product-tile';
import { appContext } from '../context';
import { track } from '../lib/analytics';
import { productItem, trackEcommerce } from '../lib/ecommerce';
import { i18nFor } from '../lib/i18n';
import { catalogueText } from '../../services/catalogue/text';
import { useFocusTrap } from '../lib/use-focus-trap';
import { useRootData } from '../root';

/** The page sizes a shopper may choose (Nrpp; any other in the URL is still honoured, up to 96). */
const PAGE_SIZES = [12, 24, 48, 96] as const;

/** SPEC §8: the no-results text, also tracked (in English on every site; the page shows it translated). */
export const NO_RESULTS = 'Sorry, no products were found.';

export const handle = {
  // A term makes this a search results page; otherwise it is a category page (SPEC §2 page types).
  pageType: (data: { term?: string } | undefined) => (data?.term ? 'search' : 'category'),
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, site, cache, origin } = context.get(appContext);
  const url = new URL(request.url);
  const params = parseSearchParams(url.searchParams);
  const category = findCategory(params.category);
  const effective = { ...params, category: category?.name ?? null };
  const key = `search:${site.currency}:${JSON.stringify(effective)}`;
  const [result, i18n] = await Promise.all([
    cache.get(key, () => searchProducts(db, site.currency, effective)),
    i18nFor(site.intlLocale),
  ]);
  // The catalogue's countries in the site's language: on the tiles and as the country facet's labels.
  const countryLabels = Object.fromEntries(
    [...result.facets.country.map((v) => v.value), ...(params.filters.country ?? [])].map((c) => [
      c,
      catalogueText(i18n, c),
    ]),
  );
  return {
    ...result,
    // With no results: the popular categories (their titles are translated on the page).
    popularCategories: result.reading.popularCategories.flatMap((name) => findCategory(name) ?? []),
    // The help with the term, in the site's language (server-only texts: the browser's catalogues leave them out).
    termTexts: {
      corrected: result.reading.corrected
        ? i18n._(SEARCH_TEXTS.corrected.id, { term: result.reading.corrected })
        : null,
      didYouMean: result.reading.suggestion ? i18n._(SEARCH_TEXTS.didYouMean.id) : null,
      popular: result.reading.popularCategories.length ? i18n._(SEARCH_TEXTS.popular.id) : null,
    },
    items: result.items.map((p) => ({ ...p, country: catalogueText(i18n, p.country) })),
    countryLabels,
    term: params.term,
    category: category ?? null,
    sort: params.sort,
    page: params.page,
    pageSize: params.pageSize,
    pageCount: Math.max(1, Math.ceil(result.total / params.pageSize)),
    canonical: `${origin}/wines${category ? `?name=${category.name}` : ''}`,
    fillTheBox: parseFillTheBoxParam(url.searchParams.get('fillTheBox')),
    // The document title and description in the site's language (meta functions have no i18n of their own).
    meta: {
      title: params.term
        ? i18n._('Search results for "{term}"', { term: params.term })
        : category
          ? i18n._(category.title)
          : i18n._('All wines'),
      description: category
        ? i18n._(category.description)
        : i18n._('Browse our full range of wines, mixed cases and gifts.'),
    },
  };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [{ title: 'Wines' }];
  return [
    { title: data.meta.title },
    { name: 'description', content: data.meta.description },
    { tagName: 'link', rel: 'canonical', href: data.canonical },
    ...(data.term ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}

function facetValueLabel(
  i18n: I18n,
  facet: Facet,
  value: string,
  countryLabels: Readonly<Record<string, string>>,
): string {
  if (facet === 'country') return countryLabels[value] ?? value;
  if (facet === 'price') {
    const band = PRICE_BANDS.find(([k]) => k === value)?.[1];
    return band ? i18n._(band) : value;
  }
  if (facet === 'rating') return i18n._('{value} stars', { value });
  if (facet === 'size') return value === '1500' ? i18n._('Magnum (1.5 L)') : i18n._('{ml} ml', { ml: value });
  if (facet === 'colour') {
    const colour = COLOUR_NAMES[value];
    return colour ? i18n._(colour) : value;
  }
  return value;
}

type Data = Route.ComponentProps['loaderData'];

/**
 * A facet value's link: toggled in the URL, or, for a value the term's words named (and the URL does not), the
 * search without those words.
 */
function facetHref(data: Data, search: URLSearchParams, facet: Facet, value: string): string {
  const applied = data.reading.applied.find((a) => a.facet === facet && a.value === value);
  return applied && !search.getAll(facet).includes(value)
    ? searchTermHref(search, applied.termWithout)
    : toggleFacetHref(search, facet, value);
}

function Facets({ data, search }: { data: Data; search: URLSearchParams }) {
  const { i18n } = useLingui();
  return (
    <div className="facets">
      {FACETS.map((facet) => {
        const values = data.facets[facet].slice(
          0,
          facet === 'grape' || facet === 'region' || facet === 'vintage' ? 12 : 10,
        );
        if (values.length === 0) return null;
        return (
          <section key={facet} className="facet" aria-labelledby={`facet-${facet}`}>
            <h3 id={`facet-${facet}`}>{i18n._(FACET_LABELS[facet])}</h3>
            {/* Grapes and regions are names: they stay as they are (translate="no"). */}
            <ul translate={facet === 'grape' || facet === 'region' ? 'no' : undefined}>
              {values.map((v) => (
                <li key={v.value}>
                  <PlainLink
                    to={facetHref(data, search, facet, v.value)}
                    aria-current={v.selected ? 'true' : undefined}
                    className={v.selected ? 'facet__on' : undefined}
                    preventScrollReset
                  >
                    {/* The box is drawn by CSS (.facet a::before): no element, and nothing a screen reader reads. */}
                    {`${facetValueLabel(i18n, facet, v.value, data.countryLabels)} `}
                    <span className="facet__count">{`(${v.count})`}</span>
                    {v.selected ? (
                      <span className="visually-hidden"> {i18n._('(selected, select to remove)')}</span>
                    ) : null}
                  </PlainLink>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

export default function Wines({ loaderData: data }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { site } = useRootData();
  const location = useLocation();
  // NOTE: tracking parameters stay out of the links the page builds (a cached copy serves every variant).
  const search = new URLSearchParams(withoutTrackingParams(location.search));
  const submit = useSubmit();
  // The filter panel belongs to the listing it was opened on: any navigation closes it.
  const [filtersOpenOn, setFiltersOpenOn] = useState<string | null>(null);
  const filtersOpen = filtersOpenOn === location.search;
  const setFiltersOpen = (open: boolean) => setFiltersOpenOn(open ? location.search : null);
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, filtersOpen, () => setFiltersOpen(false));

  useEffect(() => {
    // SPEC §8: 'Sorry, no products were found.' is tracked; the term goes along.
    if (data.total === 0)
      track({
        event: 'gaEvent',
        eventCategory: 'Search',
        eventAction: 'No Results',
        eventLabel: NO_RESULTS,
        searchTerm: data.term ?? '',
      });
  }, [data.total, data.term]);

  // Analytics names the list in English on every site; the page shows the title in its language.
  const listName = data.term ? `Search results for “${data.term}”` : (data.category?.title ?? 'All wines');
  const title = data.term
    ? i18n._('Search results for “{term}”', { term: data.term })
    : data.category
      ? i18n._(data.category.title)
      : i18n._('All wines');
  const listId = data.term ? 'search' : (data.category?.name ?? 'all-wines');
  useEffect(() => {
    if (data.items.length === 0) return;
    trackEcommerce('view_item_list', {
      currency: site.currency,
      item_list_id: listId,
      item_list_name: listName,
      items: data.items.map((p, index) =>
        productItem({
          itemCode: p.itemCode,
          name: p.vintage ? `${p.name} ${p.vintage}` : p.name,
          salePriceCents: p.salePriceCents,
          productType: p.productType,
          index,
        }),
      ),
    });
  }, [data.items, listId, listName, site.currency]);
  const first = (data.page - 1) * data.pageSize + 1;
  const last = Math.min(data.total, data.page * data.pageSize);
  const selected = FACETS.flatMap((facet) =>
    data.facets[facet].filter((v) => v.selected).map((v) => ({ facet, value: v.value })),
  );
  const pageHref = (page: number) => {
    const next = new URLSearchParams(search);
    if (page === 1) next.delete('page');
    else next.set('page', String(page));
    return `/wines?${next.toString()}`;
  };
  const hidden = [...search.entries()].filter(([k]) => k !== 'sort' && k !== 'page' && k !== 'Nrpp');

  return (
    <div className="listing">
      <header className="listing__head">
        <h1>{title}</h1>
        {data.category ? <p>{i18n._(data.category.description)}</p> : null}
        <p className="listing__count" aria-live="polite">
          {data.total === 0
            ? i18n._('No wines')
            : i18n._('Showing {first}–{last} of {total, plural, one {{total} wine} other {{total} wines}}', {
                first,
                last,
                total: data.total,
              })}
        </p>
        <p className="listing__ship">
          {i18n._('Free delivery on orders of {amount} or more.', {
            amount: formatMoney(site.freeShippingThresholdCents, site),
          })}
        </p>
        {data.termTexts.corrected ? <p className="listing__note">{data.termTexts.corrected}</p> : null}
        {data.fillTheBox ? <FillTheBoxBanner needed={data.fillTheBox} /> : null}
      </header>
      <div className="listing__tools">
        <Form
          method="get"
          action="/wines"
          className="sort-form"
          onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
        >
          {hidden.map(([k, v]) => (
            <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
          ))}
          <label htmlFor="sort">{i18n._('Sort by')}</label>
          <select id="sort" name="sort" defaultValue={data.sort} key={data.sort}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {i18n._(SORT_LABELS[s])}
              </option>
            ))}
          </select>
          <label htmlFor="per-page">{i18n._('Per page')}</label>
          <select id="per-page" name="Nrpp" defaultValue={data.pageSize} key={data.pageSize}>
            {[...new Set([...PAGE_SIZES, data.pageSize])]
              .sort((a, b) => a - b)
              .map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
          </select>
          <noscript>
            <button type="submit">{i18n._('Sort')}</button>
          </noscript>
        </Form>
        <button
          type="button"
          className="button button--secondary filter-toggle"
          onClick={() => setFiltersOpen(true)}
          aria-haspopup="dialog"
        >
          {selected.length ? i18n._('Filter ({count})', { count: selected.length }) : i18n._('Filter')}
        </button>
      </div>
      {selected.length ? (
        <ul className="chips" aria-label={i18n._('Selected filters')}>
          {selected.map(({ facet, value }) => (
            <li key={`${facet}-${value}`}>
              <PlainLink to={facetHref(data, search, facet, value)} preventScrollReset>
                {i18n._(FACET_LABELS[facet])}:{' '}
                <span translate={facet === 'grape' || facet === 'region' ? 'no' : undefined}>
                  {facetValueLabel(i18n, facet, value, data.countryLabels)}
                </span>{' '}
                <span aria-hidden="true">×</span>
                <span className="visually-hidden"> {i18n._('(remove)')}</span>
              </PlainLink>
            </li>
          ))}
          <li>
            <PlainLink to={clearFacetsHref(search)}>{i18n._('Clear all')}</PlainLink>
          </li>
        </ul>
      ) : null}
      <div className="listing__body">
        <aside className="listing__facets" aria-label={i18n._('Filters')}>
          <Facets data={data} search={search} />
        </aside>
        <div>
          {data.items.length === 0 ? (
            <div className="listing__empty">
              <p>{i18n._('Sorry, no products were found.')}</p>
              {data.reading.suggestion ? (
                <p>
                  {data.termTexts.didYouMean}{' '}
                  <PlainLink to={searchTermHref(new URLSearchParams(), data.reading.suggestion)}>
                    {data.reading.suggestion}
                  </PlainLink>
                </p>
              ) : null}
              {data.popularCategories.length ? (
                <nav aria-labelledby="popular-categories">
                  <h2 id="popular-categories">{data.termTexts.popular}</h2>
                  <ul>
                    {data.popularCategories.map((c) => (
                      <li key={c.name}>
                        <PlainLink to={`/wines?name=${c.name}`}>{i18n._(c.title)}</PlainLink>
                      </li>
                    ))}
                  </ul>
                </nav>
              ) : null}
            </div>
          ) : (
            <ul className="grid" data-item-list={listId} data-item-list-name={listName}>
              {data.items.map((p, index) => (
                <li key={p.itemCode}>
                  <ProductTile
                    product={p}
                    site={site}
                    headingLevel={2}
                    addSingle={data.fillTheBox !== null}
                    eager={index < TILES_IN_A_PHONE_ROW}
                  />
                </li>
              ))}
            </ul>
          )}
          {data.pageCount > 1 ? (
            <nav className="pager" aria-label={i18n._('Pages')}>
              {data.page > 1 ? (
                <PlainLink to={pageHref(data.page - 1)} rel="prev">
                  {i18n._('Previous page')}
                </PlainLink>
              ) : null}
              <span>{i18n._('Page {page} of {count}', { page: data.page, count: data.pageCount })}</span>
              {data.page < data.pageCount ? (
                <PlainLink to={pageHref(data.page + 1)} rel="next">
                  {i18n._('Next page')}
                </PlainLink>
              ) : null}
            </nav>
          ) : null}
        </div>
      </div>
      {filtersOpen ? (
        <div className="drawer-layer" style={{ zIndex: 1040 }}>
          <div className="drawer-overlay" onClick={() => setFiltersOpen(false)} aria-hidden="true" />
          <div
            ref={panel}
            className="drawer drawer--left"
            role="dialog"
            aria-modal="true"
            aria-labelledby="filters-title"
            tabIndex={-1}
          >
            <div className="drawer__head">
              <h2 id="filters-title">{i18n._('Filter wines')}</h2>
              <button
                type="button"
                className="drawer__close"
                onClick={() => setFiltersOpen(false)}
                aria-label={i18n._('Close filters')}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
            <Facets data={data} search={search} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
