import { Trans, useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { data, Link } from 'react-router';
import { isCurrent } from '../../domain/identity-rules';
import { hkDistrictName } from '../../domain/hk-districts';
import { centsToAmount, formatMoney } from '../../domain/money';
import { VOUCHER_COOKIE } from '../../domain/offer-codes';
import { cookieHeader, SHOP_COOKIES, secureOrigin } from '../../http/cookies';
import type { I18n } from '@lingui/core';
import { type ConfirmedOrder, findConfirmedOrder } from '../../services/orders/confirmed-order';
import { refundTextsOf, SERVER_FILLED_TEXTS } from '../../services/platform/server-texts';
import { cancelChoice } from '../../services/orders/moves/customer-cancel';
import { CancelOrder, CancelTooLate, OrderHistory } from '../components/orders/order-history';
import { findOrderByLink } from '../../services/orders/link';
import { ServiceError } from '../../services/platform/service-error';
import { statusOfKind } from '../../http/error-status';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/checkout-confirmation';
import { useCart } from '../components/cart/cart-context';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { appContext } from '../context';
import { trackEcommerce } from '../lib/ecommerce';
import { orderStatusText } from '../components/account/orders';
import { formatDate } from '../components/account/sections';
import { useRootData } from '../root';

export const handle = { pageType: 'order_confirmation' };

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const token = new URL(request.url).searchParams.get('token');
  try {
    // The confirmation email's link: the order's page for whoever holds the email (services/orders/link.ts).
    if (token !== null) {
      const { db, clock, clientAddress, budgets } = ctx;
      const link = { db, clock, siteId: ctx.site.id, clientAddress, budgets };
      const order = await findOrderByLink(link, params.orderNumber, token);
      // Opened from the email: the order to read; cancelling stays with the page that placed it, or the account.
      return {
        order,
        cancel: 'none' as const,
        districtName: hkDistrictName(order.delivery?.district),
        fromEmail: true,
        ...(await giftCardTexts(ctx, order)),
      };
    }
    const order = await findConfirmedOrder(ctx.db, ctx.site.id, params.orderNumber, {
      customerId: isCurrent(ctx.visitor) ? ctx.visitor.customerId : null,
      accessToken: ctx.cookies.order_access ?? null,
    });
    // A Hong Kong address's district, by its name.
    const districtName = hkDistrictName(order.delivery?.district);
    // SPEC §4: the voucher cookie is cleared at order confirmation.
    return data(
      {
        order,
        cancel: cancelChoice(order, ctx.clock.now(), ctx.cancelWindowMinutes),
        districtName,
        fromEmail: false,
        ...(await giftCardTexts(ctx, order)),
      },
      { headers: { 'Set-Cookie': cookieHeader(SHOP_COOKIES.voucher, null, secureOrigin(ctx.origin)) } },
    );
  } catch (error) {
    if (error instanceof ServiceError && (error.kind === 'not_found' || error.kind === 'throttled'))
      throw data(error.kind === 'throttled' ? 'Too many tries' : 'Not found', { status: statusOfKind(error.kind) });
    throw error;
  }
}

/** The gift cards' words on the order, written here in the site's language (services/platform/server-texts.ts). */
async function giftCardTexts(ctx: { messages: () => Promise<I18n> }, order: ConfirmedOrder) {
  const i18n = await ctx.messages();
  return {
    giftCardPaid: order.giftCardPayments.map((g) => ({
      label: i18n._(SERVER_FILLED_TEXTS.giftCardPaid.id, { last4: g.last4 }),
      amountCents: g.amountCents,
    })),
    refundTexts: refundTextsOf(i18n),
  };
}

export const meta: Route.MetaFunction = ({ loaderData: loaded, matches }) => [
  {
    title: loaded
      ? metaI18n(matches)._('Order {orderNumber} confirmed', { orderNumber: loaded.order.orderNumber })
      : metaI18n(matches)._('Order'),
  },
  { name: 'robots', content: 'noindex' },
];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  const cookie = loaderHeaders.get('Set-Cookie');
  if (cookie) headers.set('Set-Cookie', cookie);
  return headers;
};

const PURCHASE_TRACKED = 'purchaseTracked';

export default function CheckoutConfirmation({ loaderData }: Route.ComponentProps) {
  const { order, fromEmail } = loaderData;
  const { i18n } = useLingui();
  const { site } = useRootData();
  const { refresh } = useCart();
  const money = (cents: number) => formatMoney(cents, site);

  useEffect(() => {
    // Opened from the email's link, later and maybe elsewhere: the order is not bought again.
    if (fromEmail) return;
    // The mini cart and header count read the (now empty) cart again.
    void refresh();
    // GA4 purchase, once per order even when the page is reloaded.
    let seen: string[] = [];
    try {
      seen = JSON.parse(sessionStorage.getItem(PURCHASE_TRACKED) ?? '[]') as string[];
    } catch {}
    if (seen.includes(order.orderNumber)) return;
    trackEcommerce('purchase', {
      transaction_id: order.orderNumber,
      currency: order.currency,
      value: centsToAmount(order.totalCents),
      tax: centsToAmount(order.taxCents),
      shipping: centsToAmount(order.shippingCents),
      ...(order.voucherCode ? { coupon: order.voucherCode } : {}),
      items: order.lines.map((l, index) => ({
        item_id: l.skuItemCode,
        item_name: l.name,
        price: centsToAmount(l.lineTotalCents / Math.max(1, l.quantity)),
        quantity: l.quantity,
        index,
      })),
    });
    try {
      sessionStorage.setItem(PURCHASE_TRACKED, JSON.stringify([...seen, order.orderNumber].slice(-20)));
    } catch {}
  }, [order, refresh, fromEmail]);

  const d = order.delivery;
  return (
    <article className="checkout confirmation">
      <h1>
        {fromEmail
          ? i18n._('Order {orderNumber}', { orderNumber: order.orderNumber })
          : i18n._('Thank you for your order')}
      </h1>
      {fromEmail ? (
        <p className="confirmation__status">
          <Trans
            id="Placed {date} · Status: <0>{status}</0>"
            values={{ date: formatDate(order.placedAt, site.intlLocale), status: orderStatusText(order.status, i18n) }}
            components={{ 0: <strong /> }}
          />
        </p>
      ) : null}
      <p className="confirmation__number">
        <Trans
          id="Your order number is <0>{orderNumber}</0>. We have emailed a confirmation to {email}."
          values={{ orderNumber: order.orderNumber, email: order.email }}
          components={{ 0: <strong data-testid="order-number" /> }}
        />
      </p>
      <section aria-labelledby="confirmation-lines">
        <h2 id="confirmation-lines">{i18n._('What you ordered')}</h2>
        <ul className="checkout__lines">
          {order.lines.map((l) => (
            <li key={`${l.skuItemCode}-${l.lineTotalCents}`}>
              <span>
                {l.quantity} × <span translate="no">{l.name}</span>
                {l.preSell ? ` ${i18n._('(pre-sale: reserved, charged when it ships)')}` : ''}
              </span>
              <span>{money(l.lineTotalCents)}</span>
            </li>
          ))}
        </ul>
        <dl className="checkout__totals">
          <div>
            <dt>{i18n._('Subtotal')}</dt>
            <dd>{money(order.subtotalCents)}</dd>
          </div>
          {order.discountCents > 0 ? (
            <div>
              <dt>{i18n._('Voucher {code}', { code: order.voucherCode })}</dt>
              <dd>−{money(order.discountCents)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{i18n._('Delivery')}</dt>
            <dd>{order.shippingCents === 0 ? i18n._('Free') : money(order.shippingCents)}</dd>
          </div>
          <div className="checkout__total">
            <dt>{i18n._('Total')}</dt>
            <dd data-testid="confirmation-total">{money(order.totalCents)}</dd>
          </div>
          {loaderData.giftCardPaid.map((g) => (
            <div key={g.label}>
              <dt>{g.label}</dt>
              <dd>{money(g.amountCents)}</dd>
            </div>
          ))}
          {order.paymentLast4 ? (
            <div>
              <dt>
                {i18n._('Charged today to {brand} ending {last4}', {
                  brand: order.paymentBrand,
                  last4: order.paymentLast4,
                })}
              </dt>
              <dd data-testid="card-charged">{money(order.cardCents)}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      {order.giftCards.length > 0 ? (
        <section aria-labelledby="confirmation-gifts">
          <h2 id="confirmation-gifts">{i18n._('eGift cards')}</h2>
          <ul>
            {order.giftCards.map((g) => (
              <li key={`${g.last4}-${g.recipientName}`}>
                {i18n._('{amount} for {name}: we email the card to them today.', {
                  amount: money(g.amountCents),
                  name: g.recipientName,
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {d ? (
        <section aria-labelledby="confirmation-delivery">
          <h2 id="confirmation-delivery">{i18n._('Delivering to')}</h2>
          <p>
            {d.firstName} {d.lastName}
            <br />
            {d.line1}
            {d.line2 ? (
              <>
                <br />
                {d.line2}
              </>
            ) : null}
            <br />
            {[d.city, loaderData.districtName, d.state, d.postcode].filter(Boolean).join(' ')}
          </p>
        </section>
      ) : null}
      <OrderHistory
        history={order.history}
        locale={site.intlLocale}
        money={money}
        refundTexts={loaderData.refundTexts}
      />
      {loaderData.cancel === 'open' ? <CancelOrder orderNumber={order.orderNumber} /> : null}
      {loaderData.cancel === 'too-late' ? <CancelTooLate /> : null}
      <section aria-labelledby="confirmation-next">
        <h2 id="confirmation-next">{i18n._('What happens next')}</h2>
        <p>
          {i18n._(
            'We pack your wine within 2 working days and email you when it is on its way, with tracking. Questions? Call us on {phone}.',
            { phone: site.supportPhone },
          )}
        </p>
        {order.guest ? (
          <p>
            <Trans
              id="<0>Create an account</0> with {email} to see this order and reorder in a click."
              values={{ email: order.email }}
              components={{ 0: <Link to="/registration" /> }}
            />
          </p>
        ) : (
          <p>
            <Link to="/account/purchased">{i18n._('See your orders')}</Link>
          </p>
        )}
        <p>
          <Link className="button" to="/wines">
            {i18n._('Keep shopping')}
          </Link>
        </p>
      </section>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
