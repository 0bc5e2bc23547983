import { useEffect, useRef, useState } from 'react';
import { useCart } from './cart-context';

/** SPEC §4: the added state shows for 2 seconds, then the button resets. */
export const ADDED_STATE_MS = 2_000;

type Phase = 'idle' | 'loading' | 'added';

/** Add to cart with an in-progress guard: loading → added (2 s) → reset. */
export function AddToCartButton({
  itemCode,
  quantity,
  disabled,
  label = 'Add to cart',
  accessibleName,
}: {
  itemCode: string;
  quantity: number;
  disabled?: boolean;
  label?: string;
  /** A fuller name for screen readers where many buttons share one label (tiles). It must start with the visible label. */
  accessibleName?: string;
}) {
  const { addToCart } = useCart();
  const [phase, setPhase] = useState<Phase>('idle');
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onClick = async () => {
    if (busy.current || disabled) return;
    busy.current = true;
    setPhase('loading');
    const ok = await addToCart(itemCode, quantity);
    if (ok) {
      setPhase('added');
      timer.current = setTimeout(() => {
        setPhase('idle');
        busy.current = false;
      }, ADDED_STATE_MS);
    } else {
      setPhase('idle');
      busy.current = false;
    }
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
      {phase === 'loading' ? 'Adding…' : phase === 'added' ? 'Added ✓' : label}
    </button>
  );
}
