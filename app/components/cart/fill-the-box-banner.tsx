import { Link } from 'react-router';
import { FULL_CASE_BOTTLES } from '../../../domain/cart-pricing';
import { useCart } from './cart-context';

/**
 * The listing in fill-the-box mode: how far the box of 15 is, live from the cart once it has loaded (the link's
 * own count until then), and where to go when it is full.
 */
export function FillTheBoxBanner({ needed }: { needed: number }) {
  const { cart } = useCart();
  const bottles = cart ? cart.numBottles : FULL_CASE_BOTTLES - needed;
  const remaining = FULL_CASE_BOTTLES - bottles;
  return (
    <div className="notice fill-banner" role="status" data-testid="fill-the-box-banner">
      {remaining > 0 ? (
        <p>
          Fill your box: add {remaining} more {remaining === 1 ? 'bottle' : 'bottles'} for a full box of 15.
        </p>
      ) : (
        <p>
          Your box of 15 is full. <Link to="/cart">Go to your cart</Link>
        </p>
      )}
      <progress max={FULL_CASE_BOTTLES} value={Math.min(bottles, FULL_CASE_BOTTLES)} aria-label="Bottles in your box" />
    </div>
  );
}
