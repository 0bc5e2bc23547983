import { Trans, useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { FULL_CASE_BOTTLES } from '../../../domain/cart-pricing';
import { useCart } from './cart-context';

/**
 * The listing in fill-the-box mode: how far the box of 15 is, live from the cart once it has loaded (the link's
 * own count until then), and where to go when it is full.
 */
export function FillTheBoxBanner({ needed }: { needed: number }) {
  const { i18n } = useLingui();
  const { cart } = useCart();
  const bottles = cart ? cart.numBottles : FULL_CASE_BOTTLES - needed;
  const remaining = FULL_CASE_BOTTLES - bottles;
  return (
    <div className="notice fill-banner" role="status" data-testid="fill-the-box-banner">
      {remaining > 0 ? (
        <p>
          {i18n._(
            'Fill your box: add {count, plural, one {# more bottle} other {# more bottles}} for a full box of 15.',
            {
              count: remaining,
            },
          )}
        </p>
      ) : (
        <p>
          <Trans id="Your box of 15 is full. <0>Go to your cart</0>" components={{ 0: <Link to="/cart" /> }} />
        </p>
      )}
      <progress
        max={FULL_CASE_BOTTLES}
        value={Math.min(bottles, FULL_CASE_BOTTLES)}
        aria-label={i18n._('Bottles in your box')}
      />
    </div>
  );
}
