import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { formatMoney } from '../../domain/money';
import { offerListLocale } from '../../domain/sites';
import { catalogueText } from '../../services/catalogue/text';
import { carouselLists } from '../../services/offers/offer-lists';
import type { Route } from './+types/home';
import { Carousel } from '../components/carousel';
import { ProductTile, TILES_IN_A_PHONE_ROW } from '../components/product-tile';
import { EmailSignup } from '../components/marketing/email-signup';
import { ReferAFriend } from '../components/marketing/refer-a-friend';
import { RecentlyViewed, Recommendations } from '../components/personal/personal-carousels';
import { appContext } from '../context';
import { i18nFor } from '../lib/i18n';
import { useRootData } from '../root';

export const handle = { pageType: 'homepage' };

/** Home carousels: offer list suffix, autoplay interval (SPEC §9: 5, 6 or 10 s). */
const HOME_LISTS = [
  { suffix: 'homepage_featured', autoplayMs: 5000 },
  { suffix: 'homepage_new_arrivals', autoplayMs: 6000 },
  { suffix: 'homepage_top_rated', autoplayMs: 10000 },
] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const { site, cache } = context.get(appContext);
  const [home, i18n] = await Promise.all([
    cache.get(`home:${site.brand.code}:${site.currency}`, () => loadHome(context)),
    i18nFor(site.intlLocale),
  ]);
  // The document title and description in the site's language (meta functions have no i18n of their own).
  const tagline = i18n._(site.brand.tagline);
  return {
    ...home,
    // The carousels' headings and the wines' countries in the site's language.
    lists: home.lists.map((list) => ({
      ...list,
      header: catalogueText(i18n, list.header),
      products: list.products.map((p) => ({ ...p, country: catalogueText(i18n, p.country) })),
    })),
    meta: {
      title: `${site.brand.name} | ${tagline}`,
      description: i18n._('{tagline}. Browse hundreds of wines, mixed cases and gifts delivered to your door.', {
        tagline,
      }),
    },
  };
}

async function loadHome(context: Route.LoaderArgs['context']) {
  const { db, site } = context.get(appContext);
  const lists = await carouselLists(
    db,
    HOME_LISTS.map(({ suffix }) => `${site.brand.code}_${suffix}`),
    site.currency,
  );
  return {
    lists: HOME_LISTS.flatMap(({ autoplayMs }, i) => {
      const list = lists[i];
      return list ? [{ ...list, autoplayMs }] : [];
    }),
    locale: offerListLocale(site),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.meta.title ?? 'Wine' },
    { name: 'description', content: loaderData?.meta.description ?? '' },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { site } = useRootData();
  const freeOver = formatMoney(site.freeShippingThresholdCents, site);
  return (
    <>
      <section className="hero">
        <div className="hero__inner">
          <p className="hero__eyebrow">{site.brand.name}</p>
          <h1>{i18n._(site.brand.tagline)}</h1>
          <p>
            {i18n._('Free delivery when you spend {amount} or more. Every bottle backed by our no-quibble guarantee.', {
              amount: freeOver,
            })}
          </p>
          <p className="hero__actions">
            <Link className="button button--light" to="/wines?name=mixed-cases">
              {i18n._('Shop mixed cases')}
            </Link>
            <Link className="button button--ghost" to="/wines">
              {i18n._('Browse all wines')}
            </Link>
          </p>
        </div>
      </section>
      {loaderData.lists.map((list, listIndex) => (
        <Carousel key={list.name} title={list.header} autoplayMs={list.autoplayMs} perView={4}>
          {list.products.map((p, index) => (
            // The first carousel's first view on a phone is the page's largest content (Lighthouse's LCP element).
            // The browser's lazy loading fetches the others in view right after the first layout.
            <ProductTile
              key={p.itemCode}
              product={p}
              site={site}
              eager={listIndex === 0 && index < TILES_IN_A_PHONE_ROW}
            />
          ))}
        </Carousel>
      ))}
      <Recommendations />
      <RecentlyViewed />
      <ReferAFriend />
      <section className="promise" aria-labelledby="promise-title">
        <h2 id="promise-title">{i18n._('Why shop with {brand}', { brand: site.brand.name })}</h2>
        <ul>
          <li>
            <h3>{i18n._('Chosen by our winemakers')}</h3>
            <p>{i18n._('Every wine is tasted and approved before it reaches our list.')}</p>
          </li>
          <li>
            <h3>{i18n._('100% satisfaction guarantee')}</h3>
            <p>{i18n._('If a bottle is not to your taste, we will replace it or refund you.')}</p>
          </li>
          <li>
            <h3>{i18n._('Delivered to your door')}</h3>
            <p>{i18n._('Fast delivery, free over {amount}.', { amount: freeOver })}</p>
          </li>
        </ul>
      </section>
      {/* SPEC §2 rebrand_1: the newsletter band closes the page; on success the form gives way to a success block,
          so the heading sits outside the form and stays. */}
      <section className="newsletter-band" aria-labelledby="newsletter-title">
        <h2 id="newsletter-title">{i18n._('Join our newsletter')}</h2>
        <p>{i18n._('Be the first to hear about new releases, tastings and members-only offers.')}</p>
        <EmailSignup site={site} variant="rebrand_1" />
      </section>
    </>
  );
}
