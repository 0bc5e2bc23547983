import { useLingui } from '@lingui/react';
import { useRef, useState } from 'react';
import { cartClient } from '../../lib/cart-client';
import { shownText } from '../../lib/shown-text';
import { useTimedMessage } from '../../lib/use-timed-message';
import { CART_UPDATED_EVENT, useCart } from '../cart/cart-context';

/** SPEC §8: an Unlimited add failure shows the server's message in an alert for 5 seconds. */
export const UNLIMITED_ERROR_MS = 5_000;
/** SPEC §8 fallback when the server says nothing. */
export const UNLIMITED_ADD_FAILED = 'Something went wrong, please try again later.';

/** Adds the host's Unlimited membership to the cart (the server substitutes the test code on test hosts). */
export function JoinUnlimitedButton({
  itemCode,
  label,
  onJoined,
}: {
  itemCode: string;
  label?: string;
  onJoined?: () => void;
}) {
  const { i18n } = useLingui();
  const { setCart, openDrawer } = useCart();
  const [busy, setBusy] = useState(false);
  const [error, showError] = useTimedMessage<string>();
  const guard = useRef(false);
  const join = async () => {
    if (guard.current) return;
    guard.current = true;
    setBusy(true);
    const result = await cartClient.add(itemCode, 1);
    setBusy(false);
    guard.current = false;
    if (!result.ok) {
      showError(result.message ?? UNLIMITED_ADD_FAILED, UNLIMITED_ERROR_MS);
      return;
    }
    setCart(result.cart);
    onJoined?.();
    if (window.location.pathname === '/cart') window.dispatchEvent(new CustomEvent(CART_UPDATED_EVENT));
    else openDrawer();
  };
  return (
    <div className="join-unlimited">
      <button type="button" className="button" onClick={() => void join()} disabled={busy} aria-busy={busy}>
        {busy ? i18n._('Adding…') : (label ?? i18n._('Join Unlimited'))}
      </button>
      {error ? (
        <p className="alert alert--danger" role="alert">
          {shownText(i18n, error)}
        </p>
      ) : null}
    </div>
  );
}
