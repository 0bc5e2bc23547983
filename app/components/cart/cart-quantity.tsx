import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { MAX_LINE_QUANTITY } from '../../../domain/cart-pricing';
import type { Cart } from '../../lib/cart-client';
import { useDebounce } from '../../lib/use-debounce';
import { useTimedMessage } from '../../lib/use-timed-message';

/** SPEC §9: a typed quantity is applied after 1.5 s without typing; the remove help shows for 3 s. */
export const QUANTITY_IDLE_MS = 1_500;
export const REMOVE_HELP_MS = 3_000;

type Line = Cart['lineItems'][number];

/** SPEC §4: a select on small screens, plus/minus and typing elsewhere; locked lines show the quantity only. */
export function CartQuantity({
  line,
  busy,
  onChange,
}: {
  line: Line;
  busy: boolean;
  onChange: (quantity: number) => void;
}) {
  const { i18n } = useLingui();
  const [value, setValue] = useState(String(line.quantity));
  // The shopper has typed something not applied yet (by blur or the 1.5 s wait).
  const [editing, setEditing] = useState(false);
  const [help, showHelp] = useTimedMessage<true>();
  // The field follows the cart's quantity when it changes, except over what the shopper is typing: the cart page
  // takes in a change's answer after the change itself (the validated cart), and that late quantity must not
  // replace a 0 typed meanwhile (the blur would then apply the old number, and no remove help would show).
  // NOTE: adjusted during render, not in an effect: a passive effect can run late, after typing has started.
  const [shownQuantity, setShownQuantity] = useState(line.quantity);
  if (shownQuantity !== line.quantity) {
    setShownQuantity(line.quantity);
    if (!editing) setValue(String(line.quantity));
  }

  const apply = (text: string) => {
    applyLater.cancel();
    setEditing(false);
    const n = Number(text);
    if (!text || n === 0) {
      // SPEC §5: empty or 0 restores the old value; 0 shows the remove help for 3 seconds.
      setValue(String(line.quantity));
      if (/^0+$/.test(text)) showHelp(true, REMOVE_HELP_MS);
      return;
    }
    const clamped = Math.min(MAX_LINE_QUANTITY, n);
    if (clamped !== line.quantity) onChange(clamped);
    else setValue(String(line.quantity));
  };
  const applyLater = useDebounce(apply, QUANTITY_IDLE_MS);

  const name = line.product.name;
  if (line.product.quantityLocked)
    return <span className="qty">{i18n._('Qty {quantity}', { quantity: line.quantity })}</span>;

  return (
    <div>
      <label className="visually-hidden" htmlFor={`qty-select-${line.id}`}>
        {i18n._('Quantity of {name} (list)', { name })}
      </label>
      <select
        id={`qty-select-${line.id}`}
        className="qty-select"
        value={line.quantity}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {Array.from({ length: MAX_LINE_QUANTITY }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <div className="qty qty--desktop">
        <button
          type="button"
          aria-label={i18n._('Decrease quantity of {name}', { name })}
          disabled={busy || line.quantity <= 1}
          onClick={() => onChange(line.quantity - 1)}
        >
          −
        </button>
        <label className="visually-hidden" htmlFor={`qty-${line.id}`}>
          {i18n._('Quantity of {name}', { name })}
        </label>
        <input
          id={`qty-${line.id}`}
          className="qty-input"
          inputMode="numeric"
          pattern="[0-9]*"
          value={value}
          aria-busy={busy || undefined}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, 2);
            setValue(digits);
            setEditing(true);
            applyLater(digits);
          }}
          onBlur={() => apply(value)}
        />
        <button
          type="button"
          aria-label={i18n._('Increase quantity of {name}', { name })}
          disabled={busy || line.quantity >= MAX_LINE_QUANTITY}
          onClick={() => onChange(line.quantity + 1)}
        >
          +
        </button>
      </div>
      {help ? (
        <p className="help" role="status">
          {i18n._('To remove this item, use Remove.')}
        </p>
      ) : null}
    </div>
  );
}
