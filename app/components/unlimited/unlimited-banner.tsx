import { Link } from 'react-router';
import { formatMoney } from '../../../domain/money';
import type { UnlimitedState } from '../../../services/unlimited';
import { useRootData } from '../../root';

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
        <strong>Unlimited member:</strong> free delivery on this order, and member prices.
      </p>
    );
  if (unlimited.member)
    return (
      <p className="unlimited-banner unlimited-banner--member" data-testid="unlimited-banner">
        <strong>Unlimited member:</strong> your membership is suspended. <Link to="/contact-us">Contact us</Link> to
        restore free delivery.
      </p>
    );
  if (!unlimited.showJoinPrompt || unlimited.priceCents === null) return null;
  return (
    <p className="unlimited-banner" data-testid="unlimited-banner">
      <strong>Unlimited:</strong> free delivery on every order for a year, for {formatMoney(unlimited.priceCents, site)}
      . <Link to="/unlimited">Find out more</Link>
    </p>
  );
}
