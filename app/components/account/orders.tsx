import { Link } from 'react-router';
import { formatMoney } from '../../../domain/money';
import { CURRENCIES, type CurrencyCode } from '../../../domain/sites';
import type { Order } from '../../../services/account';
import type { PublicSite } from '../../lib/site';
import { formatDate } from './sections';

const STATUS_TEXT: Record<string, string> = {
  PROCESSING: 'Processing',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
};

export function orderStatusText(status: string): string {
  return STATUS_TEXT[status] ?? status;
}

/** An order's money in the order's own currency, written the site's way. */
export function orderMoney(cents: number, order: Pick<Order, 'currency'>, site: PublicSite): string {
  const currency = CURRENCIES.includes(order.currency as CurrencyCode)
    ? (order.currency as CurrencyCode)
    : site.currency;
  return formatMoney(cents, { intlLocale: site.intlLocale, currency });
}

export function OrderCard({ order, site, detail = false }: { order: Order; site: PublicSite; detail?: boolean }) {
  const money = (cents: number) => orderMoney(cents, order, site);
  const headingId = `order-${order.id}`;
  return (
    <section className="account-card order" aria-labelledby={headingId} data-order-number={order.orderNumber}>
      {detail ? (
        <h2 id={headingId} className="visually-hidden">
          Order {order.orderNumber}
        </h2>
      ) : (
        <h2 id={headingId}>
          <Link to={`/account/purchased/${order.id}`}>Order {order.orderNumber}</Link>
        </h2>
      )}
      <p className="order__meta">
        Placed {formatDate(order.placedAt, site.intlLocale)} · Status: <strong>{orderStatusText(order.status)}</strong>
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className="table-scroll" aria-label={`Items in order ${order.orderNumber}`} tabIndex={0}>
        <table className="account-table">
          <caption className="visually-hidden">Items in order {order.orderNumber}</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Quantity</th>
              <th scope="col">Price each</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.skuItemCode}>
                <th scope="row">{line.name}</th>
                <td>{line.quantity}</td>
                <td>{money(line.unitPriceCents)}</td>
                <td>{money(line.lineTotalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Subtotal
              </th>
              <td>{money(order.subtotalCents)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                Delivery
              </th>
              <td>{order.shippingCents === 0 ? 'Free' : money(order.shippingCents)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                Order total
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
