import { Form, Link, useActionData, useLoaderData } from 'react-router';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { formatMoney } from '../../../domain/money';
import { getSite, isSiteId } from '../../../domain/sites';
import { STAFF_ERRORS, type StaffMember, staffMay } from '../../../domain/staff';
import { CustomerIdSchema, EraseCustomerSchema } from '../../../domain/staff-customer-schemas';
import { CUSTOMER_ORDERS_SHOWN, ERASE_CONFIRMATION } from '../../../domain/staff-customers';
import { ServiceError } from '../../../services/platform/service-error';
import { eraseCustomer, loadCustomerPage } from '../../../services/staff/customers';
import { FormError, TextField } from '../components/fields';
import { formFailure, refusalsAsPages, requireStaff } from '../lib/console.server';

// /admin/customers/:id (CONTRACT.md): the customer, their orders (each links to its page), memberships, gift cards,
// vouchers used and points; for roles that may, an export link (the JSON call, as a download) and the erase form.

const when = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const day = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'UTC' });

function customerIdOf(params: LoaderFunctionArgs['params']): number {
  const id = CustomerIdSchema.safeParse(params.id);
  if (!id.success) throw new ServiceError(STAFF_ERRORS.notFound);
  return id.data;
}

/** Money of a record of `siteId` in that site's way; of an unknown site, the amount and its currency. */
function money(cents: number, siteId: string | null, currency: string): string {
  return siteId && isSiteId(siteId) ? formatMoney(cents, getSite(siteId)) : `${(cents / 100).toFixed(2)} ${currency}`;
}

/** Export and erase cover every site: the page offers them to roles that may, on accounts that see every site. */
function mayAct(member: StaffMember) {
  const wholeShop = member.sites.length === 0;
  return {
    export: wholeShop && staffMay(member, 'customers.export'),
    erase: wholeShop && staffMay(member, 'customers.erase'),
  };
}

export async function loader(args: LoaderFunctionArgs) {
  const { ctx, staffRequest, member } = requireStaff(args);
  const page = await refusalsAsPages(async () =>
    loadCustomerPage(ctx.db, ctx.clock, staffRequest, customerIdOf(args.params)),
  );
  const { customer } = page;
  return {
    customer: {
      ...customer,
      name: customer.erased ? `Erased customer #${customer.id}` : `${customer.firstName} ${customer.lastName}`.trim(),
      createdAt: day.format(new Date(customer.createdAt)),
      emailVerifiedAt: customer.emailVerifiedAt ? day.format(new Date(customer.emailVerifiedAt)) : null,
    },
    orders: page.orders.map((o) => ({
      ...o,
      placedAt: when.format(new Date(o.placedAt)),
      total: money(o.totalCents, o.siteId, o.currency),
    })),
    orderCount: page.orderCount,
    memberships: page.memberships.map((m) => ({ ...m, startedAt: day.format(new Date(m.startedAt)) })),
    giftCards: page.giftCards.map((g) => ({
      ...g,
      amount: money(g.amountCents, g.siteId, g.currency),
      balance: money(g.balanceCents, g.siteId, g.currency),
      expiresAt: day.format(new Date(g.expiresAt)),
    })),
    vouchersUsed: page.vouchersUsed.map((v) => ({ ...v, usedAt: when.format(new Date(v.usedAt)) })),
    points: page.points,
    may: mayAct(member),
    exportLink: `/api/admin/customers/${customer.id}/export`,
  };
}

export async function action(args: ActionFunctionArgs) {
  const { ctx, staffRequest } = requireStaff(args);
  const id = await refusalsAsPages(async () => customerIdOf(args.params));
  const form = await args.request.formData();
  const input = EraseCustomerSchema.safeParse({ confirm: form.get('confirm') ?? '' });
  if (!input.success) return { error: input.error.issues[0]?.message ?? '', field: 'confirm', code: 'invalid' };
  try {
    const summary = await eraseCustomer(ctx.db, ctx.clock, staffRequest, id);
    return {
      done:
        `The customer’s personal data is erased and they are signed out (${summary.removed.sessions} logins ended). ` +
        `Their ${summary.kept.orders} orders are kept without their name, email, street or phone.`,
    };
  } catch (error) {
    return formFailure(error);
  }
}

export const meta = ({ data }: { data?: { customer: { name: string } } }) => [
  { title: `${data?.customer.name ?? 'Customer'} · Customers · Console` },
];

export default function Customer() {
  const { customer, orders, orderCount, memberships, giftCards, vouchersUsed, points, may, exportLink } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure =
    result && 'error' in result && typeof result.error === 'string'
      ? { error: result.error, field: result.field ?? null }
      : undefined;
  return (
    <>
      <p>
        <Link to="/customers">Customers</Link>
      </p>
      <h1>{customer.name}</h1>
      {result && 'done' in result ? (
        <p role="status" className="notice">
          {result.done}
        </p>
      ) : null}
      <dl className="details">
        <dt>Customer number</dt>
        <dd>#{customer.id}</dd>
        <dt>Email</dt>
        <dd>
          {customer.email}
          {customer.emailVerifiedAt ? ` (proved ${customer.emailVerifiedAt})` : ' (not proved)'}
        </dd>
        {customer.erased ? null : (
          <>
            <dt>Phone</dt>
            <dd>{customer.phone ?? 'None given'}</dd>
            <dt>Email marketing</dt>
            <dd>{customer.emailOptIn ? 'Opted in' : 'Not opted in'}</dd>
          </>
        )}
        <dt>Customer since</dt>
        <dd>{customer.createdAt}</dd>
      </dl>

      <h2 id="orders-heading">Orders</h2>
      {orders.length === 0 ? (
        <p>No orders.</p>
      ) : (
        <table aria-labelledby="orders-heading">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Placed (UTC)</th>
              <th scope="col">Site</th>
              <th scope="col">Status</th>
              <th scope="col">Payment</th>
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
                <td>{o.status}</td>
                <td>{o.paymentStatus}</td>
                <td>{o.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {orderCount > orders.length ? (
        <p>
          The newest {CUSTOMER_ORDERS_SHOWN} of {orderCount} orders are shown.
        </p>
      ) : null}

      <h2 id="memberships-heading">Memberships</h2>
      {memberships.length === 0 ? (
        <p>No Unlimited membership or wine plan.</p>
      ) : (
        <table aria-labelledby="memberships-heading">
          <thead>
            <tr>
              <th scope="col">Membership</th>
              <th scope="col">Kind</th>
              <th scope="col">Status</th>
              <th scope="col">Started</th>
            </tr>
          </thead>
          <tbody>
            {memberships.map((m) => (
              <tr key={`${m.type}-${m.name}-${m.startedAt}`}>
                <th scope="row">{m.name}</th>
                <td>{m.type === 'FREESHIP' ? 'Unlimited' : 'Wine plan'}</td>
                <td>{m.status}</td>
                <td>{m.startedAt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2 id="gift-cards-heading">Gift cards</h2>
      {giftCards.length === 0 ? (
        <p>No gift cards bought or received.</p>
      ) : (
        <table aria-labelledby="gift-cards-heading">
          <thead>
            <tr>
              <th scope="col">Card</th>
              <th scope="col">Bought or received</th>
              <th scope="col">For</th>
              <th scope="col">Value</th>
              <th scope="col">Balance</th>
              <th scope="col">Expires</th>
            </tr>
          </thead>
          <tbody>
            {giftCards.map((g) => (
              <tr key={`${g.last4}-${g.expiresAt}-${g.amountCents}`}>
                <th scope="row">Ending {g.last4}</th>
                <td>{g.relation === 'bought' ? 'Bought' : 'Received'}</td>
                <td>{g.recipientName}</td>
                <td>{g.amount}</td>
                <td>{g.balance}</td>
                <td>{g.expiresAt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2 id="vouchers-heading">Vouchers used</h2>
      {vouchersUsed.length === 0 ? (
        <p>No vouchers used.</p>
      ) : (
        <table aria-labelledby="vouchers-heading">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Used (UTC)</th>
              <th scope="col">Order</th>
            </tr>
          </thead>
          <tbody>
            {vouchersUsed.map((v) => (
              <tr key={`${v.code}-${v.usedAt}-${v.orderNumber ?? ''}`}>
                <th scope="row">{v.code}</th>
                <td>{v.usedAt}</td>
                <td>{v.orderNumber ? <Link to={`/orders/${v.orderNumber}`}>{v.orderNumber}</Link> : 'None'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2 id="points-heading">Points</h2>
      {points.length === 0 ? (
        <p>No points.</p>
      ) : (
        <table aria-labelledby="points-heading">
          <thead>
            <tr>
              <th scope="col">Brand</th>
              <th scope="col">Base</th>
              <th scope="col">Bonus</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.brand}>
                <th scope="row">{p.brand}</th>
                <td>{p.basePoints}</td>
                <td>{p.bonusPoints}</td>
                <td>{p.totalPoints}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {may.export ? (
        <>
          <h2>Export</h2>
          <p>
            <a href={exportLink} download={`customer-${customer.id}.json`}>
              Export everything the shop holds on this customer (JSON)
            </a>
          </p>
        </>
      ) : null}

      {may.erase && !customer.erased ? (
        <section aria-labelledby="erase-heading" className="console-narrow">
          <h2 id="erase-heading">Erase personal data</h2>
          <p>
            Their name, email, phone, street addresses, cards on file and lists are removed or replaced, and they are
            signed out for good. Their orders stay, with their totals and payments. This cannot be undone.
          </p>
          <FormError failure={failure && failure.field !== 'confirm' ? failure : undefined} />
          <Form method="post" noValidate aria-labelledby="erase-heading">
            <TextField
              label={`Type ${ERASE_CONFIRMATION} to confirm`}
              name="confirm"
              autoComplete="off"
              failure={failure}
            />
            <button type="submit">Erase this customer</button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
