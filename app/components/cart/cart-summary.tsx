import { Trans, useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { pointsEarned } from '../../../domain/cart-pricing';
import { amountToCents, formatAmount, formatMoney, formatWholeNumber } from '../../../domain/money';
import type { Cart } from '../../lib/cart-client';
import { shownText } from '../../lib/shown-text';
import type { PublicSite } from '../../lib/site';
import { HiddenWhenLoggedIn, HiddenWhenNotLoggedIn } from '../account/visibility';

/** The cart page's order summary: free-delivery progress, totals (SPEC §6 for who sees which) and Checkout. */
export function CartSummary({ cart, site, children }: { cart: Cart; site: PublicSite; children?: React.ReactNode }) {
  const { i18n } = useLingui();
  const p = cart.orderPriceInfo;
  const money = (n: number) => formatAmount(n, site);
  // What the delivered lines lack (e-gift cards and memberships are not delivered): the server's figure.
  const toGo = amountToCents(p.amountToFreeShipping);
  const pct = Math.round(100 - (p.amountToFreeShipping / p.freeShippingThreshold) * 100);
  const checkoutBlocked = !cart.checkoutEnabled;
  const navigate = useNavigate();
  // Order-level adjustments (a voucher's 'Order Discount'), each a positive amount taken off.
  const orderDiscounts = p.pricingBreakdown.filter((a) => a.discountedByPromotion);
  return (
    <aside className="summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{i18n._('Order summary')}</h2>
      <p>
        {toGo > 0
          ? i18n._('Spend {amount} more for free delivery.', { amount: formatMoney(toGo, site) })
          : i18n._('Your order ships free.')}
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label={i18n._('Progress to free delivery')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
      <dl>
        <SummaryRow label={i18n._('Subtotal')}>{money(p.subtotal)}</SummaryRow>
        {p.savings > 0 ? <SummaryRow label={i18n._('You save')}>{money(p.savings)}</SummaryRow> : null}
        {orderDiscounts.map((a) => (
          <SummaryRow
            key={`${a.adjustmentType}-${a.promotionName}`}
            label={`${shownText(i18n, a.adjustmentType)} (${a.promotionName})`}
          >
            -{money(a.adjustmentAmount)}
          </SummaryRow>
        ))}
        {/* SPEC §6: only Hard Logged-In customers see the order total with shipping (and, on vir, points earned). */}
        <HiddenWhenNotLoggedIn>
          <SummaryRow label={i18n._('Delivery')}>{p.shipping === 0 ? i18n._('Free') : money(p.shipping)}</SummaryRow>
          <SummaryRow label={i18n._('Total')}>{money(p.total)}</SummaryRow>
          {site.brand.code === 'vir' ? (
            <SummaryRow label={i18n._('Points you will earn')} className="summary__points">
              {formatWholeNumber(pointsEarned(cart).totalPoints)}
            </SummaryRow>
          ) : null}
        </HiddenWhenNotLoggedIn>
        {p.tax > 0 ? <SummaryRow label={i18n._('Includes GST')}>{money(p.tax)}</SummaryRow> : null}
        {p.payableTodayTotal !== p.total ? (
          <SummaryRow label={i18n._('Payable today')}>{money(p.payableTodayTotal)}</SummaryRow>
        ) : null}
      </dl>
      {children}
      <HiddenWhenLoggedIn>
        <p className="summary__login">
          <Trans
            id="<0>Log in</0> to see delivery and your order total."
            components={{
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the catalogue's link text inside
              0: <a href="/login?redirectingURL=%2Fcart" data-login-link="" />,
            }}
          />
        </p>
      </HiddenWhenLoggedIn>
      {checkoutBlocked ? (
        <p className="help" role="alert">
          {shownText(
            i18n,
            cart.lineItems.flatMap((l) => l.validationInformationDetails.validationDetailsList)[0]?.message,
          )}
        </p>
      ) : null}
      {/* A form, so that Checkout works before (or without) JavaScript too. */}
      <form
        action="/checkout"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          navigate('/checkout');
        }}
      >
        <button
          type="submit"
          className="button"
          disabled={checkoutBlocked}
          data-track-category="Cart"
          data-track-action="Checkout"
          data-track-label="Checkout"
        >
          {i18n._('Checkout')}
        </button>
      </form>
    </aside>
  );
}

/** One figure of the summary: its label and its amount. */
function SummaryRow({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
