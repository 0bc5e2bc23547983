import { FavouriteIconSymbol } from './components/favourites/favourite-button';
import { ClientLinks } from './components/plain-link';
import { useLingui } from '@lingui/react';
import { useNonce } from './lib/nonce';
import { InlineStylesheet } from './lib/inline-css';
import { useContext, useEffect, useState } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  UNSAFE_DataRouterDataContext,
  useRouteLoaderData,
} from 'react-router';
import { AGE_COOKIE_NAME, LEGAL_DRINKING_AGE } from '../domain/age-gate';
import { hasMemberPricing, isCurrent, visitorTypeOf } from '../domain/identity-rules';
import type { PageData, PageType } from '../domain/page-types';
import type { Route } from './+types/root';
import { LoginModal } from './components/account/login-modal';
import { AgeGate } from './components/age-gate';
import { BackToTop } from './components/back-to-top';
import { CampaignArrival } from './components/cart/campaign-arrival';
import { GeneralErrorBoundary } from './components/error-boundary';
import { CartProvider } from './components/cart/cart-context';
import { CartButton, MiniCart } from './components/cart/mini-cart';
import { FavouritesProvider } from './components/favourites/favourites-context';
import { Footer } from './components/footer';
import { GotoScroller } from './components/goto-scroller';
import { Header } from './components/header';
import { LogoutBackNav } from './components/logout-back-nav';
import { notePageHydrated } from './lib/hydration';
import { ClickTracking } from './components/click-tracking';
import { EmailCapture } from './components/marketing/email-capture';
import { appContext } from './context';
import { toPublicSite } from './lib/site';
import { infoPageLanguage } from '../domain/content';
import { LIQUOR_LICENCES } from '../domain/site-contacts';
import { countryNames } from '../services/catalogue/text';
import { listInfoPageLinks } from '../services/content/content';
import { SERVER_FILLED_TEXTS } from '../services/platform/server-texts';
import { scriptJson } from '../http/script-json';
import { SCRIPT_COOKIE } from '../domain/page-fill';

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const { site, visitor } = ctx;
  const language = infoPageLanguage(site.intlLocale);
  // The footer's help links (the information pages among them) and licence, written here in the site's language:
  // every page carries them, so their words travel in the page rather than in its scripts.
  const [infoLinks, i18n] = await Promise.all([
    ctx.cache.get(`info-page-links:${language}`, () => listInfoPageLinks(ctx.db, language)),
    ctx.messages(),
  ]);
  const pageData: Omit<PageData, 'pageType'> = {
    visitorType: visitorTypeOf(visitor),
    visitorTypeDetailed: visitor.tier,
    brand: site.brand.code,
    country: site.country,
    dataAreaId: site.dataAreaId,
    email: visitor.email,
    userLocale: site.userLocale,
  };
  return {
    site: site.chinese ? { ...toPublicSite(site), countryNames: countryNames(i18n) } : toPublicSite(site),
    isTestHost: ctx.isTestHost,
    origin: ctx.origin,
    pageData,
    ageVerified: ctx.cookies[AGE_COOKIE_NAME] === '1',
    hasCart: Boolean(ctx.cookies.cart_id),
    legalAge: LEGAL_DRINKING_AGE[site.country],
    visitor: {
      tier: visitor.tier,
      email: visitor.email,
      firstName: visitor.firstName,
      unlimitedStatus: visitor.unlimitedStatus,
    },
    /**
     * SPEC §4: an ACTIVE or REQUESTED Unlimited member (Current visitors only). The page flag and every product tile
     * read this, and nothing else personal, for member prices and the twelve-pack.
     */
    activeMember: hasMemberPricing(visitor),
    // SPEC §6: favourites need a Current visitor; their codes drive every favourite control on the page.
    favourites: isCurrent(visitor) ? [...ctx.favourites] : [],
    // A page shared by the visitor's segment: their email, name and favourites come with the answer (app/lib/page-fill.ts).
    pageFill: ctx.pageFill,
    footer: {
      links: [
        { href: '/contact-us', label: i18n._('Contact us') },
        { href: '/about-us', label: i18n._('About us') },
        { href: '/privacy-policy', label: i18n._('Privacy policy') },
        ...infoLinks,
      ],
      licence: i18n._(SERVER_FILLED_TEXTS.liquorLicence.id, { licence: LIQUOR_LICENCES[site.id] }),
    },
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/**
 * The page data script's text (CONTRACT.md), with the cookie that tells the server this browser runs the page's
 * scripts (domain/page-fill.ts; a year, every page of the site). Written on the server only: the browser keeps
 * the server's text (the element is hydrated as it is), so none of this travels in the page's scripts.
 */
function pageDataScript(pageData: PageData): string {
  return `window.pageData=${scriptJson(pageData)};window.dataLayer=window.dataLayer||[];document.cookie="${SCRIPT_COOKIE}=1;path=/;max-age=31536000;samesite=lax";`;
}

export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data) throw new Error('root loader data is missing');
  return data;
}

function usePageType(): PageType {
  const matches = useMatches();
  const error = useRouteError();
  // A route's own ErrorBoundary caught it: root's useRouteError does not see that error, the router state does.
  const routerErrors = useContext(UNSAFE_DataRouterDataContext)?.errors;
  if (error || routerErrors) return 'error_page';
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const handle = match?.handle as { pageType?: PageType | ((data: unknown) => PageType) } | undefined;
    if (typeof handle?.pageType === 'function') return handle.pageType(match?.loaderData);
    if (handle?.pageType) return handle.pageType;
  }
  return 'homepage';
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const pageType = usePageType();
  const site = data?.site;
  const pageData = data && import.meta.env.SSR ? { ...data.pageData, pageType } : null;
  const nonce = useNonce();

  // Keep window.pageData true after client-side navigations.
  useEffect(() => {
    const w = window as unknown as { pageData?: PageData };
    if (w.pageData) w.pageData.pageType = pageType;
  }, [pageType]);

  const themeStyle = site
    ? ({
        '--brand': site.brand.colours.primary,
        '--brand-dark': site.brand.colours.primaryDark,
        '--accent': site.brand.colours.accent,
        '--accent-text': site.brand.colours.accentText,
        '--surface': site.brand.colours.surface,
      } as React.CSSProperties)
    : undefined;

  return (
    <html
      lang={site?.lang ?? 'en'}
      data-locale={site?.intlLocale ?? 'en-AU'}
      style={themeStyle}
      data-brand={site?.brand.code}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {site ? <meta name="theme-color" content={site.brand.colours.primary} /> : null}
        <Meta />
        <InlineStylesheet />
        <Links />
        {data ? (
          <script
            nonce={nonce}
            {...(import.meta.env.DEV && { suppressHydrationWarning: true })}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON of our own page data
            dangerouslySetInnerHTML={{ __html: pageData ? pageDataScript(pageData) : '' }}
          />
        ) : null}
      </head>
      {/* SPEC §4: ACTIVE or REQUESTED Unlimited members get the page body flagged. */}
      <body className={data?.activeMember ? 'unlimited-member' : undefined}>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Confirmed on this page: the email capture's 30 s start now (SPEC §4), not at the next page's server flag.
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const { i18n } = useLingui();
  useEffect(notePageHydrated, []);
  return (
    <CartProvider hasCart={loaderData.hasCart} currency={loaderData.site.currency}>
      <FavouritesProvider codes={loaderData.favourites} filled={loaderData.pageFill}>
        <a className="skip-link" href="#main">
          {i18n._('Skip to content')}
        </a>
        <Header site={loaderData.site} cartSlot={<CartButton />} />
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer site={loaderData.site} extra={loaderData.footer} />
        <BackToTop />
        <GotoScroller />
        <MiniCart site={loaderData.site} />
        <CampaignArrival />
        <LoginModal />
        <LogoutBackNav />
        <ClickTracking currency={loaderData.site.currency} />
        <ClientLinks />
        <FavouriteIconSymbol />
        <EmailCapture site={loaderData.site} ageVerified={loaderData.ageVerified || ageConfirmed} />
        {loaderData.ageVerified ? null : (
          <AgeGate site={loaderData.site} legalAge={loaderData.legalAge} onConfirm={() => setAgeConfirmed(true)} />
        )}
      </FavouritesProvider>
    </CartProvider>
  );
}

/** Errors no route caught: the same messages as a route's boundary, with the header and footer around them. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data)
    return (
      <main id="main">
        <GeneralErrorBoundary />
      </main>
    );
  return (
    <>
      <Header site={data.site} />
      <main id="main" tabIndex={-1}>
        <GeneralErrorBoundary />
      </main>
      <Footer site={data.site} extra={data.footer} />
    </>
  );
}
