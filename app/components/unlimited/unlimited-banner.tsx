import { Trans } from '@lingui/react';
import { Link } from 'react-router';
import { formatMoney } from '../../../domain/money';
import type { UnlimitedState } from '../../../services/memberships/unlimited';
import { useRootData } from '../../root';
import { isOutOfArea, showUnlimitedJoinPrompt } from '../../../domain/unlimited';
import { useCart } from '../cart/cart-context';

/**
 * The Unlimited state with the visitor's cart applied: a page rendered for every Prospect (its cached copy)
 * knows no cart, so the cart the browser reads decides the join prompt (in the cart already, out of area).
 */
export function useCartUnlimited(unlimited: UnlimitedState): UnlimitedState {
  const { cart } = useCart();
  if (!unlimited.cartFromBrowser || !unlimited.sold || !cart) return unlimited;
  const postcode = cart.shippingDetails.shippingAddress.address.postalCode;
  const cartHasUnlimited = cart.lineItems.some((l) => l.product.productType === 'membership');
  return {
    ...unlimited,
    cartHasUnlimited,
    postcode,
    outOfArea: isOutOfArea(postcode),
    showJoinPrompt: showUnlimitedJoinPrompt({ status: unlimited.status, cartHasUnlimited, postcode }),
  };
}

/**
 * The product page's Unlimited banner (SPEC §2, §4): members (ACTIVE, REQUESTED or SUSPENDED) see their
 * membership; others see the offer where the join prompt may show (not out of area, not already in the cart).
 */
export function UnlimitedBanner({ unlimited }: { unlimited: UnlimitedState }) {
  const { site } = useRootData();
  if (!unlimited.sold) return null;
  if (unlimited.activeMember)
    return (
      <p className="unlimited-banner unlimited-banner--member" data-testid="unlimited-banner">
        <Trans
          id="<0>Unlimited member:</0> free delivery on this order, and member prices."
          components={{ 0: <strong /> }}
        />
      </p>
    );
  if (unlimited.member)
    return (
      <p className="unlimited-banner unlimited-banner--member" data-testid="unlimited-banner">
        <Trans
          id="<0>Unlimited member:</0> your membership is suspended. <1>Contact us</1> to restore free delivery."
          components={{ 0: <strong />, 1: <Link to="/contact-us" /> }}
        />
      </p>
    );
  if (!unlimited.showJoinPrompt || unlimited.priceCents === null) return null;
  return (
    <p className="unlimited-banner" data-testid="unlimited-banner">
      <Trans
        id="<0>Unlimited:</0> free delivery on every order for a year, for {price}. <1>Find out more</1>"
        values={{ price: formatMoney(unlimited.priceCents, site) }}
        components={{ 0: <strong />, 1: <Link to="/unlimited" /> }}
      />
    </p>
  );
}
