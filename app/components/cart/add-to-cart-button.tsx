import { useLingui } from '@lingui/react';
import { useRef, useState } from 'react';
import { useTimedMessage } from '../../lib/use-timed-message';
import { useCart } from './cart-context';

/** SPEC §4: the added state shows for 2 seconds, then the button resets. */
export const ADDED_STATE_MS = 2_000;

/** Add to cart with an in-progress guard: loading → added (2 s) → reset. */
export function AddToCartButton({
  itemCode,
  quantity,
  disabled,
  label,
  accessibleName,
  intercept,
  onAdded,
}: {
  itemCode: string;
  quantity: number;
  disabled?: boolean;
  label?: string;
  /** A fuller name for screen readers where many buttons share one label (tiles). It must start with the visible label. */
  accessibleName?: string;
  /** Takes the click instead of adding (true): the Subscribe and Save offer asks first. */
  intercept?: () => boolean;
  /** Called after a successful add instead of opening the mini cart (the quick view's item-added modal). */
  onAdded?: (itemCode: string, quantity: number) => void;
}) {
  const { i18n } = useLingui();
  const { addToCart } = useCart();
  const [loading, setLoading] = useState(false);
  const [added, showAdded] = useTimedMessage<true>();
  const phase = loading ? 'loading' : added ? 'added' : 'idle';
  // A ref as well as state, so a second click in the same tick is refused too.
  const busy = useRef(false);

  const onClick = async () => {
    if (busy.current || added || disabled) return;
    if (intercept?.()) return;
    busy.current = true;
    setLoading(true);
    const ok = await addToCart(itemCode, quantity, onAdded ? { openDrawer: false } : undefined);
    if (ok) showAdded(true, ADDED_STATE_MS);
    if (ok) onAdded?.(itemCode, quantity);
    setLoading(false);
    busy.current = false;
  };

  return (
    <button
      type="button"
      className="button button--buy"
      onClick={onClick}
      disabled={disabled}
      aria-disabled={phase === 'loading' || undefined}
      data-state={phase}
      aria-label={phase === 'idle' ? accessibleName : undefined}
      data-item-code={itemCode}
    >
      {phase === 'loading'
        ? i18n._('Adding…')
        : phase === 'added'
          ? i18n._('Added ✓')
          : (label ?? i18n._('Add to cart'))}
    </button>
  );
}
