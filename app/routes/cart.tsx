import { data } from 'react-router';
import { VOUCHER_COOKIE } from '../../domain/offer-codes';
import { cookieHeader, SHOP_COOKIES, secureOrigin } from '../../http/cookies';
import { SUBSCRIBE_AND_SAVE } from '../../domain/plans';
import { cartContextOf, findVisitorCart, getCart } from '../../services/cart/cart';
import { cartJsonFor } from '../../services/cart/cart-json';
import { addOnHeadings } from '../../services/catalogue/text';
import { loadPlanMappings } from '../../services/memberships/plan-mappings';
import { reorderNotice } from '../../services/orders/reorder';
import { unlimitedProduct } from '../../services/memberships/unlimited';
import { applyVoucherCookie } from '../../services/vouchers/vouchers';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/cart';
import { CartMain } from '../components/cart/cart-main';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { appContext } from '../context';
import { useRootData } from '../root';

export const handle = { pageType: 'shopping_cart' };

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const query = new URL(request.url).searchParams;
  // After a reorder from an order page: what went back into the cart and what could not, in the site's language.
  const customerId = ctx.visitor.tier === 'Hard Logged-In' ? ctx.visitor.customerId : null;
  const reordered =
    customerId !== null && query.has('reordered')
      ? await reorderNotice(ctx.db, await ctx.messages(), ctx.site.id, customerId, query)
      : null;
  const cart = cartContextOf(ctx);
  const cartId = await findVisitorCart(cart, ctx.cookies.cart_id);
  // A voucher link's code (server/legacy.ts) is applied to the visitor's cart once, then its cookie cleared.
  const code = ctx.cookies[VOUCHER_COOKIE];
  const applied = code ? await applyVoucherCookie(cart, ctx, cartId, code, { createCart: false }) : null;
  const loaded = {
    cart: await cartJsonFor(await getCart(cart, cartId, { validate: true }), ctx.messages),
    unlimited: await unlimitedProduct(ctx),
    addOnHeadings: addOnHeadings(await ctx.messages()),
    // SPEC §2: the Subscribe and Save block reads which wines have an offer.
    subscribeAndSave: (await loadPlanMappings(ctx.db, ctx.cache)).filter((m) => m.type === SUBSCRIBE_AND_SAVE),
    voucherCookieOutcome: applied?.outcome ?? null,
    // A saved code this loader could not use (no cart yet, or the cart has a voucher): the page asks
    // GET /api/cart/list, which can create the cart and set its cookie, and clears the voucher cookie.
    voucherCookiePending: Boolean(code) && !applied?.outcome,
    reordered,
  };
  if (!applied?.outcome) return loaded;
  return data(loaded, {
    headers: { 'Set-Cookie': cookieHeader(SHOP_COOKIES.voucher, null, secureOrigin(ctx.origin)) },
  });
}

export const meta: Route.MetaFunction = ({ error, matches }) =>
  error ? [] : [{ title: metaI18n(matches)._('Your cart') }, { name: 'robots', content: 'noindex' }];

/** The cart is personal and changes elsewhere (other tabs, the API): never reuse a stored copy. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  const cookie = loaderHeaders.get('Set-Cookie');
  if (cookie) headers.set('Set-Cookie', cookie);
  return headers;
};

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const notice = loaderData.reordered;
  return (
    <>
      {/* One server-written text, a line each (white-space: pre-line): the cart's scripts stay as small as they were. */}
      {notice ? (
        <p className="cart-notice" role="status">
          {notice}
        </p>
      ) : null}
      <CartMain
        serverCart={loaderData.cart}
        site={site}
        voucherCookie={{ outcome: loaderData.voucherCookieOutcome, pending: loaderData.voucherCookiePending }}
        unlimited={loaderData.unlimited}
        subscribeAndSave={loaderData.subscribeAndSave}
        addOnHeadings={loaderData.addOnHeadings}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
