import type { I18n, MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { formatMoney } from '../../../domain/money';
import { CURRENCIES, type CurrencyCode } from '../../../domain/sites';
import type { Order } from '../../../services/identity/account';
import type { PublicSite } from '../../lib/site';
import { formatDate } from './sections';

const STATUS_TEXT: Record<string, MessageDescriptor> = {
  PROCESSING: /*i18n*/ { id: 'Processing' },
  SHIPPED: /*i18n*/ { id: 'Shipped' },
  DELIVERED: /*i18n*/ { id: 'Delivered' },
  CANCELLED: /*i18n*/ { id: 'Cancelled' },
};

export function orderStatusText(status: string, i18n: I18n): string {
  const text = STATUS_TEXT[status];
  return text ? i18n._(text) : status;
}

/** An order's money in the order's own currency, written the site's way. */
export function orderMoney(cents: number, order: Pick<Order, 'currency'>, site: PublicSite): string {
  const currency = CURRENCIES.includes(order.currency as CurrencyCode)
    ? (order.currency as CurrencyCode)
    : site.currency;
  return formatMoney(cents, { intlLocale: site.intlLocale, currency });
}

export function OrderCard({ order, site, detail = false }: { order: Order; site: PublicSite; detail?: boolean }) {
  const { i18n } = useLingui();
  const money = (cents: number) => orderMoney(cents, order, site);
  const orderNumber = order.orderNumber;
  const itemsLabel = i18n._('Items in order {orderNumber}', { orderNumber });
  const headingId = `order-${order.id}`;
  return (
    <section className="account-card order" aria-labelledby={headingId} data-order-number={order.orderNumber}>
      {detail ? (
        <h2 id={headingId} className="visually-hidden">
          {i18n._('Order {orderNumber}', { orderNumber })}
        </h2>
      ) : (
        <h2 id={headingId}>
          <Link to={`/account/purchased/${order.id}`}>{i18n._('Order {orderNumber}', { orderNumber })}</Link>
        </h2>
      )}
      <p className="order__meta">
        <Trans
          id="Placed {date} · Status: <0>{status}</0>"
          values={{ date: formatDate(order.placedAt, site.intlLocale), status: orderStatusText(order.status, i18n) }}
          components={{ 0: <strong /> }}
        />
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className="table-scroll" aria-label={itemsLabel} tabIndex={0}>
        <table className="account-table account-table--order">
          <caption className="visually-hidden">{itemsLabel}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n._('Item')}</th>
              <th scope="col">{i18n._('Quantity')}</th>
              <th scope="col">{i18n._('Price each')}</th>
              <th scope="col">{i18n._('Total')}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.skuItemCode}>
                <th scope="row" translate="no">
                  {line.name}
                </th>
                <td>{line.quantity}</td>
                <td>{money(line.unitPriceCents)}</td>
                <td>{money(line.lineTotalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {i18n._('Subtotal')}
              </th>
              <td>{money(order.subtotalCents)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                {i18n._('Delivery')}
              </th>
              <td>{order.shippingCents === 0 ? i18n._('Free') : money(order.shippingCents)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                {i18n._('Order total')}
              </th>
              <td>
                <strong>{money(order.totalCents)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </section>
    </section>
  );
}
