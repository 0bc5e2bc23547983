import { useLingui } from '@lingui/react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { formatAmount } from '../../../domain/money';
import { shownText } from '../../lib/shown-text';
import type { PublicSite } from '../../lib/site';
import { useFocusTrap } from '../../lib/use-focus-trap';
import { useCart } from './cart-context';

/** Horizontal swipe (px) that closes the drawer. */
const SWIPE_CLOSE_PX = 60;

/** SPEC §2/§4: the mini cart drawer; opens after an add, closes by buttons, swipe, overlay or Escape. */
export function MiniCart({ site }: { site: PublicSite }) {
  const { i18n } = useLingui();
  const { cart, drawerOpen, closeDrawer, error } = useCart();
  const panel = useRef<HTMLDivElement>(null);
  const touchStart = useRef<number | null>(null);
  useFocusTrap(panel, drawerOpen, closeDrawer);
  if (!drawerOpen) return null;
  const money = (amount: number) => formatAmount(amount, site);
  const lines = cart?.lineItems ?? [];

  return (
    <div className="drawer-layer" style={{ zIndex: 1040 }}>
      <div className="drawer-overlay" data-testid="mini-cart-overlay" onClick={closeDrawer} aria-hidden="true" />
      <div
        ref={panel}
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby="mini-cart-title"
        tabIndex={-1}
        onTouchStart={(e) => {
          touchStart.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = touchStart.current;
          const end = e.changedTouches[0]?.clientX;
          touchStart.current = null;
          if (start !== null && end !== undefined && end - start > SWIPE_CLOSE_PX) closeDrawer();
        }}
      >
        <div className="drawer__head">
          <h2 id="mini-cart-title">{i18n._('Your cart')}</h2>
          <button type="button" className="drawer__close" onClick={closeDrawer} aria-label={i18n._('Close cart')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="drawer__error" role="alert">
          {shownText(i18n, error)}
        </div>
        {lines.length === 0 ? (
          <p className="drawer__empty">{i18n._('Your cart is empty.')}</p>
        ) : (
          <>
            <ul className="drawer__lines">
              {lines.map((line) => (
                <li key={line.id}>
                  <span className="drawer__name" translate="no">
                    {line.product.name}
                    {line.product.vintage ? ` ${line.product.vintage}` : ''}
                  </span>
                  <span className="drawer__qty">{i18n._('Qty {quantity}', { quantity: line.quantity })}</span>
                  <span className="drawer__price">{money(line.itemPriceInfo.amount)}</span>
                </li>
              ))}
            </ul>
            <p className="drawer__total">
              <span>{i18n._('Subtotal ({count} bottles)', { count: cart?.numBottles })}</span>{' '}
              <strong>{money(cart?.orderPriceInfo.subtotal ?? 0)}</strong>
            </p>
          </>
        )}
        <div className="drawer__actions">
          <Link to="/cart" className="button" onClick={closeDrawer}>
            {i18n._('View cart')}
          </Link>
          <button type="button" className="button button--secondary" onClick={closeDrawer}>
            {i18n._('Continue shopping')}
          </button>
        </div>
      </div>
    </div>
  );
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
