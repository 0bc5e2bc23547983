import { useLingui } from '@lingui/react';
import { type ComponentType, useEffect, useState } from 'react';
import { loadOnce } from '../../lib/load-once';
import type { PublicSite } from '../../lib/site';
import { CART_ADD_STARTED_EVENT, useCart } from './cart-context';

/** The drawer's code (./mini-cart-drawer.tsx), loaded when first wanted. */
const loadDrawer = loadOnce(() => import('./mini-cart-drawer'));

/** An add being sent, a pointer over the cart button or focus on it starts loading the drawer. */
function preloadDrawer() {
  loadDrawer().catch(() => undefined);
}

/**
 * SPEC §2/§4: the mini cart drawer; opens after an add, closes by buttons, swipe, overlay or Escape. Its code
 * (./mini-cart-drawer.tsx) loads when first wanted, not with every page (issue 17): an add starts loading it with
 * its request (CART_ADD_STARTED_EVENT), so the drawer is there when the answer is. If it cannot load (offline, a
 * new release), the cart page does the same job.
 */
export function MiniCart({ site }: { site: PublicSite }) {
  const { drawerOpen } = useCart();
  const [Drawer, setDrawer] = useState<ComponentType<{ site: PublicSite }> | null>(null);
  useEffect(() => {
    window.addEventListener(CART_ADD_STARTED_EVENT, preloadDrawer);
    return () => window.removeEventListener(CART_ADD_STARTED_EVENT, preloadDrawer);
  }, []);
  useEffect(() => {
    if (!drawerOpen || Drawer) return;
    let live = true;
    loadDrawer().then(
      (m) => {
        if (live) setDrawer(() => m.MiniCartDrawer);
      },
      () => window.location.assign('/cart'),
    );
    return () => {
      live = false;
    };
  }, [drawerOpen, Drawer]);
  return Drawer ? <Drawer site={site} /> : null;
}

/** The header's cart button: opens the mini cart and shows the item count. */
export function CartButton() {
  const { i18n } = useLingui();
  const { cart, openDrawer } = useCart();
  const count = cart?.numItems ?? 0;
  return (
    <button
      type="button"
      className="cart-button"
      onClick={openDrawer}
      onPointerEnter={preloadDrawer}
      onFocus={preloadDrawer}
      aria-label={i18n._('{count, plural, one {Cart, # item} other {Cart, # items}}', { count })}
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 7H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9" cy="19" r="1.6" fill="currentColor" />
        <circle cx="17" cy="19" r="1.6" fill="currentColor" />
      </svg>
      <span className="cart-button__count" aria-hidden="true">
        {count}
      </span>
    </button>
  );
}
