import { pointsEarned } from '../../../domain/cart-pricing';
import { amountToFreeShipping } from '../../../domain/free-shipping';
import { amountToCents, formatMoney } from '../../../domain/money';
import type { Cart } from '../../lib/cart-client';
import type { PublicSite } from '../../lib/site';
import { HiddenWhenLoggedIn, HiddenWhenNotLoggedIn } from '../account/visibility';

/** The cart page's order summary: free-delivery progress, totals (SPEC §6 for who sees which) and Checkout. */
export function CartSummary({ cart, site, children }: { cart: Cart; site: PublicSite; children?: React.ReactNode }) {
  const p = cart.orderPriceInfo;
  const money = (n: number) => formatMoney(amountToCents(n), site);
  const toGo = amountToFreeShipping(amountToCents(p.subtotal), site);
  const pct = Math.min(100, Math.round((p.subtotal / p.freeShippingThreshold) * 100));
  const checkoutBlocked = !cart.checkoutEnabled;
  // Order-level adjustments (a voucher's 'Order Discount'), each a positive amount taken off.
  const orderDiscounts = p.pricingBreakdown.filter((a) => a.discountedByPromotion);
  return (
    <aside className="summary" aria-labelledby="summary-title">
      <h2 id="summary-title">Order summary</h2>
      <p>{toGo > 0 ? `Spend ${formatMoney(toGo, site)} more for free delivery.` : 'Your order ships free.'}</p>
      <div
        className="progress"
        role="progressbar"
        aria-label="Progress to free delivery"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
      <dl>
        <div>
          <dt>Subtotal</dt>
          <dd>{money(p.subtotal)}</dd>
        </div>
        {p.savings > 0 ? (
          <div>
            <dt>You save</dt>
            <dd>{money(p.savings)}</dd>
          </div>
        ) : null}
        {orderDiscounts.map((a) => (
          <div key={`${a.adjustmentType}-${a.promotionName}`}>
            <dt>
              {a.adjustmentType} ({a.promotionName})
            </dt>
            <dd>-{money(a.adjustmentAmount)}</dd>
          </div>
        ))}
        {/* SPEC §6: only Hard Logged-In customers see the order total with shipping (and, on vir, points earned). */}
        <HiddenWhenNotLoggedIn>
          <div>
            <dt>Delivery</dt>
            <dd>{p.shipping === 0 ? 'Free' : money(p.shipping)}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{money(p.total)}</dd>
          </div>
          {site.brand.code === 'vir' ? (
            <div className="summary__points">
              <dt>Points you will earn</dt>
              <dd>{pointsEarned(cart).totalPoints.toLocaleString(site.intlLocale)}</dd>
            </div>
          ) : null}
        </HiddenWhenNotLoggedIn>
        {p.tax > 0 ? (
          <div>
            <dt>Includes GST</dt>
            <dd>{money(p.tax)}</dd>
          </div>
        ) : null}
        {p.payableTodayTotal !== p.total ? (
          <div>
            <dt>Payable today</dt>
            <dd>{money(p.payableTodayTotal)}</dd>
          </div>
        ) : null}
      </dl>
      {children}
      <HiddenWhenLoggedIn>
        <p className="summary__login">
          <a href="/login?redirectingURL=%2Fcart" data-login-link="">
            Log in
          </a>{' '}
          to see delivery and your order total.
        </p>
      </HiddenWhenLoggedIn>
      {checkoutBlocked ? (
        <p className="help" role="alert">
          {cart.lineItems.flatMap((l) => l.validationInformationDetails.validationDetailsList).map((v) => v.message)[0]}
        </p>
      ) : null}
      <button type="button" className="button" disabled={checkoutBlocked}>
        Checkout
      </button>
    </aside>
  );
}
