import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { type PlanMapping, qualifyingBottles } from '../../../domain/plans';
import { messageOf, requestApi, succeeded } from '../../lib/api-request';
import type { Cart } from '../../lib/cart-client';
import { shownText } from '../../lib/shown-text';

const FAILED = 'Something went wrong, please try again later.';

/**
 * The cart's Subscribe and Save block (SPEC §2): a wine with enough bottles for its offer and no plan line yet is
 * offered it; a plan line says what it is. Worked out from the live cart.
 */
export function CartSubscribeAndSave({
  cart,
  mappings,
  onChange,
}: {
  cart: Cart;
  mappings: readonly PlanMapping[];
  onChange: (cart: Cart) => Promise<void> | void;
}) {
  const { i18n } = useLingui();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const bottlesOf = (code: string) =>
    cart.lineItems.filter((l) => l.product.itemCode === code).reduce((s, l) => s + l.bottleCount, 0);
  type Row = { mapping: PlanMapping; state: 'joined' | 'offer'; name: string };
  const rows = mappings.flatMap((m): Row[] => {
    const line = cart.lineItems.find((l) => l.sku.itemCode === m.bumpCode);
    const wine = cart.lineItems.find((l) => l.product.itemCode === m.bomItemCode);
    if (line) return [{ mapping: m, state: 'joined', name: wine?.product.name ?? line.product.name }];
    if (wine && bottlesOf(m.bomItemCode) >= qualifyingBottles(m.rule))
      return [{ mapping: m, state: 'offer', name: wine.product.name }];
    return [];
  });
  if (rows.length === 0) return null;

  const add = async (m: PlanMapping) => {
    setBusy(true);
    setError('');
    const reply = await requestApi<Cart>('POST', '/api/cart', {
      cartItems: [{ itemCode: m.bumpCode, quantity: 1, upsellOfferDetails: { type: m.type, rule: m.rule } }],
    });
    setBusy(false);
    if (succeeded(reply)) await onChange(reply.body.response);
    else setError(messageOf(reply) ?? FAILED);
  };

  return (
    <section className="ss-block" aria-labelledby="ss-block-title" data-testid="ss-block">
      <h2 id="ss-block-title">{i18n._('Subscribe and Save')}</h2>
      {rows.map(({ mapping, state, name }) =>
        state === 'joined' ? (
          <p key={mapping.bumpCode}>
            {i18n._('{name}: 6 bottles every 3 months with $30 off each delivery. Skip or cancel any time.', { name })}
          </p>
        ) : (
          <p key={mapping.bumpCode}>
            {i18n._('Get {name} delivered every 3 months and save $30 on each delivery.', { name })}{' '}
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => void add(mapping)}
            >
              {i18n._('Add Subscribe and Save')}
            </button>
          </p>
        ),
      )}
      {error ? (
        <p className="form-error" role="alert">
          {shownText(i18n, error)}
        </p>
      ) : null}
    </section>
  );
}
