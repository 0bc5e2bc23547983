import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { formatMoney } from '../../../domain/money';
import { isOutOfArea, showUnlimitedJoinPrompt } from '../../../domain/unlimited';
import { requestApi, messageOf, succeeded } from '../../lib/api-request';
import type { Cart } from '../../lib/cart-client';
import { shownText } from '../../lib/shown-text';
import type { PublicSite } from '../../lib/site';
import { useRootData } from '../../root';
import { JoinUnlimitedButton } from './join-unlimited-button';

export interface UnlimitedProduct {
  sold: boolean;
  itemCode: string;
  priceCents: number | null;
}

const POSTCODE_FAILED = 'Something went wrong. Please try again later.';

/**
 * The cart's Unlimited corner: the delivery postcode (checked with the postcode lookup, SPEC §7
 * /api/address/zipcode/{zip}, then saved on the cart) and the join prompt, which hides for members, with Unlimited
 * in the cart, and out of area (SPEC §6). Worked out from the live cart, so it follows every change.
 */
export function CartUnlimited({
  cart,
  site,
  unlimited,
  onChange,
}: {
  cart: Cart;
  site: PublicSite;
  unlimited: UnlimitedProduct;
  onChange: (cart: Cart) => Promise<void> | void;
}) {
  const { i18n } = useLingui();
  const { visitor } = useRootData();
  const id = useId();
  const postcode = cart.shippingDetails.shippingAddress.address.postalCode;
  const [value, setValue] = useState(postcode ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const cartHasUnlimited = cart.lineItems.some((l) => l.product.productType === 'membership');
  const status = visitor.tier === 'Hard Logged-In' ? visitor.unlimitedStatus : null;
  const showJoin = showUnlimitedJoinPrompt({ status, cartHasUnlimited, postcode });

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const code = value.trim();
    if (!/^\d{4}$/.test(code)) {
      setError('Please enter a 4-digit postcode.');
      return;
    }
    setBusy(true);
    setError('');
    // The lookup first (SPEC §7), so an unknown postcode is named before anything is saved.
    const lookup = await requestApi('GET', `/api/address/zipcode/${code}`);
    const saved = succeeded(lookup) ? await requestApi<Cart>('PUT', `/api/cart/postcode/${code}`) : lookup;
    setBusy(false);
    if (succeeded(saved)) await onChange(saved.body.response as Cart);
    else setError(messageOf(saved) ?? POSTCODE_FAILED);
  };

  return (
    <section className="cart-unlimited" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="visually-hidden">
        {i18n._('Delivery and Unlimited')}
      </h3>
      <form className="cart-postcode" onSubmit={save} noValidate>
        <label htmlFor={`${id}-postcode`}>{i18n._('Delivery postcode')}</label>
        <input
          id={`${id}-postcode`}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
        />
        <button type="submit" className="button button--secondary" disabled={busy} aria-busy={busy}>
          {i18n._('Save')}
        </button>
        {error ? (
          <p id={`${id}-error`} className="form-error" role="alert">
            {shownText(i18n, error)}
          </p>
        ) : null}
      </form>
      {postcode && isOutOfArea(postcode) ? (
        <p className="help" data-testid="unlimited-out-of-area">
          {i18n._("Unlimited isn't available for delivery to {postcode}.", { postcode })}
        </p>
      ) : null}
      {showJoin && unlimited.priceCents !== null ? (
        <div className="cart-unlimited__join" data-testid="unlimited-join">
          <p>
            {i18n._('Free delivery on every order for a year with Unlimited, for {price}.', {
              price: formatMoney(unlimited.priceCents, site),
            })}
          </p>
          <JoinUnlimitedButton itemCode={unlimited.itemCode} label={i18n._('Add Unlimited')} />
        </div>
      ) : null}
    </section>
  );
}
