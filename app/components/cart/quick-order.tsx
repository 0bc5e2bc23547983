import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { EGIFT_ITEM_CODES } from '../../../domain/item-code';
import { type Cart, CART_FLOW_FAILED, cartClient } from '../../lib/cart-client';
import { shownText } from '../../lib/shown-text';
import { useTimedMessage } from '../../lib/use-timed-message';
import { ErrorList, Field } from '../forms';

/** SPEC §5 quick-order box: 'This field is required.', e-gift cards refused, server messages shown; success hides after 3 s. */
export const QUICK_ORDER_SUCCESS_MS = 3_000;

export function QuickOrder({ onAdded }: { onAdded: (cart: Cart) => void }) {
  const { i18n } = useLingui();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, showSuccess, clearSuccess] = useTimedMessage<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = code.trim().toUpperCase();
    clearSuccess();
    if (!value) return setError('This field is required.');
    if (EGIFT_ITEM_CODES.has(value)) return setError('eGift card cannot be added!');
    setBusy(true);
    const result = await cartClient.add(value, 1);
    setBusy(false);
    if (!result.ok) return setError(result.message ?? CART_FLOW_FAILED);
    setError(null);
    setCode('');
    showSuccess(i18n._('{name} has been added to your cart.', { name: value }), QUICK_ORDER_SUCCESS_MS);
    onAdded(result.cart);
  };
  return (
    <form className="quick-order" onSubmit={submit} noValidate aria-labelledby="quick-order-title">
      <h2 id="quick-order-title" className="visually-hidden">
        {i18n._('Order from the catalogue')}
      </h2>
      <Field
        className=""
        label={i18n._('Catalogue item code')}
        inputProps={{
          id: 'quick-order-code',
          name: 'itemCode',
          value: code,
          autoComplete: 'off',
          onChange: (e) => setCode(e.target.value),
        }}
        invalid={Boolean(error)}
        describedBy={[error && 'quick-order-error']}
      />
      <button type="submit" className="button button--secondary" disabled={busy}>
        {i18n._('Add item')}
      </button>
      <ErrorList id="quick-order-error" className="help" errors={shownText(i18n, error)} />
      {success ? (
        <p className="notice notice--ok" role="status">
          {success}
        </p>
      ) : null}
    </form>
  );
}
