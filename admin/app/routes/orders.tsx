import { Form, Link, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { formatMoney } from '../../../domain/money';
import { ORDER_STATUS, type OrderStatus } from '../../../domain/orders';
import { getSite, isSiteId, SITE_IDS } from '../../../domain/sites';
import { cursorText, parseCursor, searchOrders } from '../../../services/staff/order-search';
import { requirePermission } from '../lib/console.server';

// /admin/orders (CONTRACT.md): search by order number, email or name; filter by site, status and date (a GET form,
// so a search is a link); newest first, a page at a time.

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const placed = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export async function loader(args: LoaderFunctionArgs) {
  const { ctx, member } = await requirePermission(args, 'orders.read', 'orders.search');
  const params = new URL(args.request.url).searchParams;
  const get = (name: string) => (params.get(name) ?? '').trim();
  const sites = member.sites.length ? [...member.sites] : SITE_IDS;
  const site = get('site');
  const status = get('status');
  const filters = {
    q: get('q').slice(0, 254),
    site: isSiteId(site) && sites.includes(site) ? site : '',
    status: (ORDER_STATUS.states as readonly string[]).includes(status) ? status : '',
    from: DAY.test(get('from')) ? get('from') : '',
    until: DAY.test(get('until')) ? get('until') : '',
  };
  const page = await searchOrders(ctx.db, member, {
    q: filters.q || undefined,
    site: isSiteId(filters.site) ? filters.site : undefined,
    status: (filters.status || undefined) as OrderStatus | undefined,
    from: filters.from ? new Date(`${filters.from}T00:00:00Z`) : undefined,
    until: filters.until ? new Date(new Date(`${filters.until}T00:00:00Z`).getTime() + 86_400_000) : undefined,
    after: parseCursor(params.get('after')),
  });
  const next = new URLSearchParams(Object.entries(filters).filter(([, v]) => v));
  if (page.next) next.set('after', cursorText(page.next));
  return {
    filters,
    sites,
    statuses: ORDER_STATUS.states,
    orders: page.orders.map((o) => ({
      orderNumber: o.orderNumber,
      placedAt: placed.format(o.placedAt),
      siteId: o.siteId,
      name: o.name,
      email: o.email,
      status: o.status,
      total: isSiteId(o.siteId) ? formatMoney(o.totalCents, getSite(o.siteId)) : String(o.totalCents),
    })),
    nextLink: page.next ? `/orders?${next}` : null,
  };
}

export const meta = () => [{ title: 'Orders · Console' }];

export default function Orders() {
  const { filters, sites, statuses, orders, nextLink } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Orders</h1>
      <Form method="get" className="filters" aria-label="Search orders">
        <div className="field">
          <label htmlFor="orders-q">Order number, email or name</label>
          <input id="orders-q" name="q" type="search" defaultValue={filters.q} />
        </div>
        <div className="field">
          <label htmlFor="orders-site">Site</label>
          <select id="orders-site" name="site" defaultValue={filters.site}>
            <option value="">All{sites.length < SITE_IDS.length ? ' of mine' : ''}</option>
            {sites.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="orders-status">Status</label>
          <select id="orders-status" name="status" defaultValue={filters.status}>
            <option value="">Any</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="orders-from">Placed from</label>
          <input id="orders-from" name="from" type="date" defaultValue={filters.from} />
        </div>
        <div className="field">
          <label htmlFor="orders-until">Placed until</label>
          <input id="orders-until" name="until" type="date" defaultValue={filters.until} />
        </div>
        <button type="submit">Search</button>
      </Form>
      {orders.length === 0 ? (
        <p role="status">No orders match.</p>
      ) : (
        <table>
          <caption className="visually-hidden">Orders, newest first (times in UTC)</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Placed (UTC)</th>
              <th scope="col">Site</th>
              <th scope="col">Customer</th>
              <th scope="col">Status</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.orderNumber}>
                <th scope="row">
                  <Link to={`/orders/${o.orderNumber}`}>{o.orderNumber}</Link>
                </th>
                <td>{o.placedAt}</td>
                <td>{o.siteId}</td>
                <td>
                  {o.name}
                  {o.email ? <span className="muted"> {o.email}</span> : null}
                </td>
                <td>{o.status}</td>
                <td>{o.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {nextLink ? <Link to={nextLink}>Older orders</Link> : null}
    </>
  );
}
