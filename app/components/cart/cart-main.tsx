import { useLingui } from '@lingui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { fillTheBox } from '../../../domain/cart-pricing';
import { track } from '../../lib/analytics';
import { cartItems, cartPayload, trackEcommerce } from '../../lib/ecommerce';
import {
  type Cart,
  CART_FLOW_FAILED,
  cartClient,
  type ListedCart,
  type VoucherCookieOutcome,
} from '../../lib/cart-client';
import { shownText } from '../../lib/shown-text';
import type { PublicSite } from '../../lib/site';
import { useTimedMessage } from '../../lib/use-timed-message';
import { ErrorList } from '../forms';
import { AddOnCarousel } from './addon-carousel';
import { AddOnSuccessModal } from './addon-success-modal';
import { CART_UPDATED_EVENT, useCart } from './cart-context';
import { CartEmpty } from './cart-empty';
import { CartLineItem } from './cart-line-item';
import type { PlanMapping } from '../../../domain/plans';
import { CartSubscribeAndSave } from './cart-subscribe-and-save';
import { CartSummary } from './cart-summary';
import { CartUnlimited, type UnlimitedProduct } from '../unlimited/cart-unlimited';
import { QuickOrder } from './quick-order';
import { VoucherBox, VoucherLinkNotice, VoucherStatus, voucherEvent } from './voucher-box';

/** SPEC §9 timings. */
export const PRESELL_NOTE_DELAY_MS = 500;
export const DELETE_ERROR_MS = 3_000;

type Line = Cart['lineItems'][number];

/**
 * The cart page's cart: the server's copy until this page changes it. A new copy from the server (a
 * revalidation) replaces the page's own, adjusted during render rather than copied in an effect.
 */
function usePageCart(serverCart: Cart): [Cart, (cart: Cart) => void] {
  const [cart, setCart] = useState(serverCart);
  const [shownServerCart, setShownServerCart] = useState(serverCart);
  if (shownServerCart !== serverCart) {
    setShownServerCart(serverCart);
    setCart(serverCart);
  }
  return [cart, setCart];
}

/** SPEC §2 `update`: coming back to the cart (history, or the back-forward cache) shows it as it is now. */
function useFreshCart(setPageCart: (cart: Cart) => void) {
  const { revalidate } = useRevalidator();
  const [params] = useSearchParams();
  const wantsUpdate = params.has('update');
  useEffect(() => {
    if (wantsUpdate) void revalidate();
  }, [wantsUpdate, revalidate]);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    const onUpdated = async () => {
      const validated = await cartClient.list(true);
      if (validated.ok) setPageCart(validated.cart);
      document.getElementById('lines-title')?.parentElement?.scrollIntoView({ block: 'start' });
    };
    window.addEventListener('pageshow', onShow);
    window.addEventListener(CART_UPDATED_EVENT, onUpdated);
    return () => {
      window.removeEventListener('pageshow', onShow);
      window.removeEventListener(CART_UPDATED_EVENT, onUpdated);
    };
  }, [setPageCart]);
}

/** What the cart page's loader did with a voucher link's saved code (routes/cart.tsx). */
export interface VoucherCookieState {
  outcome: VoucherCookieOutcome | null;
  /** A code is saved that the loader could not use (no cart yet, say): the page asks the cart API once. */
  pending: boolean;
}

/**
 * SPEC §4 Voucher / §8 "Invalid voucher page": the outcome of a voucher link's code, tracked once and kept
 * to show. A pending code goes through GET /api/cart/list, which applies it (creating the cart and its
 * cookie when there is none) and clears the voucher cookie.
 */
function useVoucherCookie(state: VoucherCookieState, showCart: (cart: Cart) => void): VoucherCookieOutcome | null {
  const [outcome, setOutcome] = useState(state.outcome);
  const [shownOutcome, setShownOutcome] = useState(state.outcome);
  if (state.outcome && shownOutcome !== state.outcome) {
    setShownOutcome(state.outcome);
    setOutcome(state.outcome);
  }
  const asked = useRef(false);
  useEffect(() => {
    if (!state.pending || asked.current) return;
    asked.current = true;
    void cartClient.list(true).then((result) => {
      if (!result.ok) return;
      showCart(result.cart);
      const listed = (result.cart as ListedCart).voucherCookieOutcome;
      if (listed) setOutcome(listed);
    });
  }, [state.pending, showCart]);
  const tracked = useRef<VoucherCookieOutcome | null>(null);
  useEffect(() => {
    if (!outcome || tracked.current === outcome) return;
    tracked.current = outcome;
    track(
      outcome.status === 'applied'
        ? voucherEvent('Apply Success', outcome.code)
        : voucherEvent('Apply Error', outcome.message),
    );
  }, [outcome]);
  return outcome;
}

function FillTheBox({ numBottles }: { numBottles: number }) {
  const { i18n } = useLingui();
  const box = fillTheBox(numBottles);
  if (box.state === 'prompt')
    return (
      <p className="notice" data-testid="fill-the-box">
        {i18n._('Add {count, plural, one {# more bottle} other {# more bottles}} to fill your box of 15.', {
          count: box.needed,
        })}{' '}
        {box.linkToCatalogue ? <Link to="/wines">{i18n._('Add a bottle')}</Link> : null}
      </p>
    );
  if (box.state === 'full')
    return (
      <p className="notice notice--ok" data-testid="fill-the-box">
        {i18n._('Your box of 15 is full. Nicely done!')}
      </p>
    );
  return null;
}

/** Shown half a second after a pre-sale line is in the cart (SPEC §9). */
function PresellNote() {
  const { i18n } = useLingui();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), PRESELL_NOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <p className="notice" data-testid="presell-note">
      {i18n._('Pre-sale wines are reserved for you now and charged when they ship.')}
    </p>
  );
}

/** The cart page: lines, add-ons, quick order and the summary; each line change goes through the cart API. */
export function CartMain({
  serverCart,
  site,
  voucherCookie = { outcome: null, pending: false },
  unlimited,
  subscribeAndSave = [],
  addOnHeadings,
}: {
  serverCart: Cart;
  site: PublicSite;
  voucherCookie?: VoucherCookieState;
  /** What the site sells as Unlimited (the join prompt and the delivery postcode live in the summary). */
  unlimited?: UnlimitedProduct;
  /** The Subscribe and Save mappings (SPEC §3), for the cart's block. */
  subscribeAndSave?: readonly PlanMapping[];
  /** The add-on lists' headings in the site's language, by the catalogue's words. */
  addOnHeadings?: Readonly<Record<string, string>>;
}) {
  const { i18n } = useLingui();
  const { setCart } = useCart();
  const [cart, setPageCart] = usePageCart(serverCart);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [error, showError] = useTimedMessage<string>();
  useFreshCart(setPageCart);

  const showCart = useCallback(
    (next: Cart) => {
      setPageCart(next);
      setCart(next);
    },
    [setPageCart, setCart],
  );
  const voucherOutcome = useVoucherCookie(voucherCookie, showCart);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page view, for the cart as the page opened
  useEffect(() => {
    if (serverCart.lineItems.length > 0) trackEcommerce('view_cart', cartPayload(serverCart, site.currency));
  }, []);

  const showUpdated = async (changed: Cart) => {
    const validated = await cartClient.list(true);
    const next = validated.ok ? validated.cart : changed;
    setPageCart(next);
    setCart(next);
  };

  // Busy flags (SPEC §4) in a ref as well, so a second submit in the same tick is refused too. A line stays busy
  // until the page shows the changed cart (the validated list after the change's answer): until then the line's
  // quantity is the old one, and −, + or a typed 0 would work from it.
  const busyRef = useRef(new Set<number>());
  const run = async (
    line: Line,
    action: () => ReturnType<typeof cartClient.set>,
    options: { genericError?: boolean; onDone?: () => void } = {},
  ) => {
    if (busyRef.current.has(line.id)) return;
    busyRef.current.add(line.id);
    setBusy(new Set(busyRef.current));
    try {
      const result = await action();
      if (!result.ok) {
        // SPEC §8: a failed delete shows the generic error; other cart flows show the server's message.
        showError(options.genericError ? CART_FLOW_FAILED : (result.message ?? CART_FLOW_FAILED), DELETE_ERROR_MS);
        return;
      }
      options.onDone?.();
      if (result.cart.numLineItems === 0) {
        // SPEC §4: the cart page reloads when the cart becomes empty.
        window.location.reload();
        return;
      }
      await showUpdated(result.cart);
    } finally {
      busyRef.current.delete(line.id);
      setBusy(new Set(busyRef.current));
    }
  };

  if (cart.numLineItems === 0)
    return (
      <>
        <CartEmpty />
        {/* A voucher link is often the first visit: its voucher waits on the empty cart. */}
        <div className="page-message">
          <VoucherLinkNotice outcome={voucherOutcome} />
          <VoucherStatus cart={cart} site={site} />
        </div>
      </>
    );

  return (
    <div>
      <AddOnSuccessModal />
      <h1>{i18n._('Your cart')}</h1>
      <ErrorList className="help" errors={shownText(i18n, error)} />
      <VoucherLinkNotice outcome={voucherOutcome} />
      <FillTheBox numBottles={cart.numBottles} />
      <div className="cart-page">
        <section aria-labelledby="lines-title">
          <h2 id="lines-title" className="visually-hidden">
            {i18n._('Items')}
          </h2>
          <ul className="cart-page__lines">
            {cart.lineItems.map((line) => (
              <CartLineItem
                key={line.id}
                line={line}
                site={site}
                busy={busy.has(line.id)}
                onQuantity={(quantity) => run(line, () => cartClient.set(line.sku.itemCode, quantity))}
                onRemove={() =>
                  run(line, () => cartClient.remove(line.sku.itemCode), {
                    genericError: true,
                    onDone: () =>
                      trackEcommerce('remove_from_cart', {
                        currency: site.currency,
                        value: line.itemPriceInfo.amount,
                        items: cartItems({ ...cart, lineItems: [line] }),
                      }),
                  })
                }
              />
            ))}
          </ul>
          <AddOnCarousel site={site} numBottles={cart.numBottles} headings={addOnHeadings} />
          <CartSubscribeAndSave cart={cart} mappings={subscribeAndSave} onChange={showUpdated} />
          <QuickOrder onAdded={(added) => void showUpdated(added)} />
          {cart.lineItems.some((l) => l.sku.preSellItem) ? <PresellNote /> : null}
        </section>
        <CartSummary cart={cart} site={site}>
          <VoucherBox cart={cart} site={site} onChange={showUpdated} />
          {unlimited?.sold ? (
            <CartUnlimited cart={cart} site={site} unlimited={unlimited} onChange={showUpdated} />
          ) : null}
        </CartSummary>
      </div>
    </div>
  );
}
