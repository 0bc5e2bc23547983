import { randomUUID } from 'node:crypto';
import { Form, Link, useActionData, useLoaderData } from 'react-router';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { formatMoney } from '../../../domain/money';
import { CARRIER_IDS, CARRIERS, ORDER_STATUS, type OrderStatus } from '../../../domain/orders';
import { canMove } from '../../../domain/state-machine';
import { getSite, isSiteId } from '../../../domain/sites';
import { type STAFF_PERMISSIONS, staffMay } from '../../../domain/staff';
import { OrderNoteSchema, ShipOrderSchema } from '../../../domain/staff-schemas';
import { type MoveRequest, orderMovesContextOf } from '../../../services/orders/moves/move-order';
import { capturedOf } from '../../../services/orders/moves/transaction';
import { cardChargeOf } from '../../../services/payments/capture';
import { ServiceError } from '../../../services/platform/service-error';
import { GENERIC_ERRORS } from '../../../domain/errors';
import { parseAmountCents } from '../../../domain/orders';
import { addOrderNote, resendOrderEmail, staffMoveOrder, staffOrderDetail } from '../../../services/staff/orders';
import { FormError, TextField } from '../components/fields';
import { formFailure, refusalsAsPages, requireStaff } from '../lib/console.server';

// /admin/orders/{number} (CONTRACT.md): the order's lines, totals, payments, refunds, address, customer, timeline and
// notes, and the actions the staff member's role may take in the order's state, each a POST form (no JavaScript
// needed) through services/staff/orders.ts.

const when = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const at = (iso: string) => `${when.format(new Date(iso))} UTC`;

export async function loader(args: LoaderFunctionArgs & { params: { orderNumber?: string } }) {
  const { ctx, member, staffRequest } = requireStaff(args);
  const detail = await refusalsAsPages(() =>
    staffOrderDetail(ctx.db, ctx.clock, staffRequest, args.params.orderNumber ?? ''),
  );
  const { order } = detail;
  const site = getSite(isSiteId(order.siteId) ? order.siteId : 'law-au');
  const money = (cents: number) => formatMoney(cents, site);
  const status = order.status;
  const may = (p: (typeof STAFF_PERMISSIONS)[number]) => staffMay(member, p);
  const movable = (to: OrderStatus) => canMove(ORDER_STATUS, status, to);
  const payableToday = order.payableTodayCents ?? order.totalCents;
  // Something was paid (the card's capture, or gift cards) and is not all given back yet.
  const paid = capturedOf(order) + order.giftCardCents > 0;
  const refundable = paid && (status === 'SHIPPED' || status === 'DELIVERED') && detail.refundedCents < payableToday;
  return {
    orderNumber: order.orderNumber,
    siteId: order.siteId,
    status,
    paymentStatus: order.paymentStatus,
    placedAt: at(order.placedAt.toISOString()),
    email: order.email,
    voucherCode: order.voucherCode,
    lines: detail.lines.map((l) => ({
      ...l,
      unit: money(l.unitPriceCents),
      total: l.lineTotalCents === null ? '' : money(l.lineTotalCents),
      refunded: detail.refunds.some((r) => r.itemCode === l.itemCode),
    })),
    totals: [
      ['Subtotal', money(order.subtotalCents)],
      ...(order.discountCents > 0 ? [['Discount', `−${money(order.discountCents)}`]] : []),
      ['Delivery', money(order.shippingCents)],
      ['Total', money(order.totalCents)],
      ['of which tax', money(order.taxCents)],
      ...(payableToday !== order.totalCents ? [['Charged today (pre-sell is not)', money(payableToday)]] : []),
      ['Refunded', money(detail.refundedCents)],
    ] as [string, string][],
    card: order.paymentLast4
      ? {
          text: `${order.paymentBrand ?? 'Card'} ending ${order.paymentLast4}`,
          charged: money(cardChargeOf(order)),
          reference: order.paymentReference,
        }
      : null,
    giftCardParts: detail.giftCardParts.map((g) => ({
      text: `Gift card ending ${g.last4}`,
      what: g.kind === 'redeem' ? 'paid' : 'given back',
      amount: money(g.amountCents),
      at: at(g.at),
    })),
    issuedGiftCards: detail.issuedGiftCards.map((g) => ({ ...g, amount: money(g.amountCents) })),
    address: order.deliveryAddress,
    customer: detail.customer,
    timeline: detail.timeline.map((e) => ({
      at: at(e.at),
      what:
        e.kind === 'refund' || (e.amountCents ?? 0) > 0
          ? `${e.toStatus && e.toStatus !== e.fromStatus ? `${e.toStatus}: ` : ''}refunded ${money(e.amountCents ?? 0)}${e.itemCode ? ` (line ${e.itemCode})` : ''}${e.refundTo ? ` to the ${e.refundTo}` : ''}`
          : `${e.fromStatus} → ${e.toStatus ?? e.fromStatus}`,
      shipment: e.trackingNumber ? { carrier: e.carrier, number: e.trackingNumber, url: e.trackingUrl } : null,
      who: e.actorType === 'operator' ? e.actorName : `${e.actorType} ${e.actorName}`,
    })),
    notes: detail.notes.map((n) => ({ ...n, at: at(n.at) })),
    offers: {
      ship: may('orders.ship') && movable('SHIPPED'),
      deliver: may('orders.deliver') && movable('DELIVERED'),
      cancel: may('orders.cancel') && movable('CANCELLED'),
      refund: may('orders.refund') && refundable,
      note: may('orders.note'),
      resend: may('orders.resend'),
      shipped: detail.timeline.some((e) => e.toStatus === 'SHIPPED'),
      customers: may('customers.read'),
    },
    carriers: CARRIER_IDS.map((id) => ({ id, name: CARRIERS[id].name })),
    /** One refund however often its form is sent (a double click); a new page, a new refund. */
    refundKey: `console:${randomUUID()}`,
  };
}

const DONE: Record<string, string> = {
  ship: 'Shipped: the customer gets the shipping email with the carrier and tracking number.',
  deliver: 'Marked delivered.',
  cancel: 'Cancelled: the payment is released or refunded.',
  refund: 'Refunded.',
  note: 'The note was added.',
  'resend-confirmation': 'The confirmation email was sent again.',
  'resend-shipping': 'The shipping email was sent again.',
};

function invalid(message: string, field: string) {
  return { error: message, field, code: 'invalid' };
}

export async function action(args: ActionFunctionArgs & { params: { orderNumber?: string } }) {
  const { ctx, staffRequest } = requireStaff(args);
  const orderNumber = args.params.orderNumber ?? '';
  const form = await args.request.formData();
  const intent = String(form.get('intent') ?? '');
  const moves = orderMovesContextOf(ctx);
  try {
    const move = async (request: MoveRequest) =>
      refusalsAsPages(() => staffMoveOrder(moves, staffRequest, orderNumber, request));
    switch (intent) {
      case 'ship': {
        const input = ShipOrderSchema.safeParse({ carrier: form.get('carrier'), trackingNumber: form.get('tracking') });
        if (!input.success) {
          const issue = input.error.issues[0];
          return invalid(issue?.message ?? '', issue?.path[0] === 'carrier' ? 'carrier' : 'tracking');
        }
        await move({ move: 'ship', ...input.data });
        break;
      }
      case 'deliver':
      case 'cancel':
        await move({ move: intent });
        break;
      case 'refund': {
        const line = String(form.get('line') ?? '').trim();
        const amountText = String(form.get('amount') ?? '').trim();
        const amountCents = amountText ? parseAmountCents(amountText) : undefined;
        if (amountCents === null)
          return invalid('Enter an amount such as 12.50, or leave it empty to refund all.', 'amount');
        const key = String(form.get('key') ?? '').slice(0, 100) || undefined;
        const result = await move({
          move: 'refund',
          itemCode: line || undefined,
          amountCents,
          key: line ? undefined : key,
        });
        if (!result.recorded)
          throw new ServiceError(GENERIC_ERRORS.conflict, 'That refund was made already: nothing changed.');
        break;
      }
      case 'note': {
        const input = OrderNoteSchema.safeParse({ body: form.get('body') });
        if (!input.success) return invalid(input.error.issues[0]?.message ?? '', 'body');
        await refusalsAsPages(() => addOrderNote(ctx.db, ctx.clock, staffRequest, orderNumber, input.data.body));
        break;
      }
      case 'resend-confirmation':
      case 'resend-shipping':
        await refusalsAsPages(() =>
          resendOrderEmail(
            moves,
            staffRequest,
            orderNumber,
            intent === 'resend-shipping' ? 'shipping' : 'confirmation',
          ),
        );
        break;
      default:
        return invalid('Choose an action.', 'intent');
    }
    return { done: DONE[intent] ?? 'Done.' };
  } catch (error) {
    return formFailure(error);
  }
}

export const meta = ({ params }: { params: { orderNumber?: string } }) => [
  { title: `Order ${params.orderNumber ?? ''} · Console` },
];

export default function Order() {
  const o = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = result && 'error' in result ? { error: result.error, field: result.field ?? null } : undefined;
  const { offers } = o;
  return (
    <>
      <p>
        <Link to="/orders">← Orders</Link>
      </p>
      <h1>Order {o.orderNumber}</h1>
      <p className="order-facts">
        <strong>{o.status}</strong> · payment {o.paymentStatus} · {o.siteId} · placed {o.placedAt}
      </p>
      {result && 'done' in result ? (
        <p role="status" className="notice">
          {result.done}
        </p>
      ) : null}
      <FormError failure={failure} />

      <section aria-labelledby="lines-title">
        <h2 id="lines-title">Lines</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Wine</th>
              <th scope="col">Quantity</th>
              <th scope="col">Price each</th>
              <th scope="col">Line total</th>
              {offers.refund ? <th scope="col">Refund</th> : null}
            </tr>
          </thead>
          <tbody>
            {o.lines.map((l) => (
              <tr key={l.itemCode}>
                <td>{l.itemCode}</td>
                <td>
                  {l.name}
                  {l.preSell ? ' (pre-sell: not charged)' : ''}
                </td>
                <td>
                  {l.quantity} ({l.bottleCount} bottles)
                </td>
                <td>{l.unit}</td>
                <td>{l.total}</td>
                {offers.refund ? (
                  <td>
                    {l.refunded ? (
                      'Refunded'
                    ) : l.preSell ? null : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="refund" />
                        <input type="hidden" name="line" value={l.itemCode} />
                        <button type="submit">
                          Refund this line<span className="visually-hidden"> {l.itemCode}</span>
                        </button>
                      </Form>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="totals">
          {o.totals.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          {o.voucherCode ? (
            <div>
              <dt>Voucher</dt>
              <dd>{o.voucherCode}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="payments-title">
        <h2 id="payments-title">Payments</h2>
        <ul>
          {o.card ? (
            <li>
              {o.card.text}: {o.card.charged}
              {o.card.reference ? ` · reference ${o.card.reference}` : ''}
            </li>
          ) : null}
          {o.giftCardParts.map((g) => (
            <li key={`${g.text}-${g.at}-${g.what}`}>
              {g.text} {g.what} {g.amount} · {g.at}
            </li>
          ))}
          {!o.card && o.giftCardParts.length === 0 ? <li>No payment was taken.</li> : null}
        </ul>
        {o.issuedGiftCards.length ? (
          <>
            <h3>Gift cards this order bought</h3>
            <ul>
              {o.issuedGiftCards.map((g) => (
                <li key={g.last4}>
                  Ending {g.last4}: {g.amount} to {g.recipientEmail}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section aria-labelledby="customer-title">
        <h2 id="customer-title">Customer and delivery</h2>
        <p>
          {o.customer ? (
            offers.customers ? (
              <Link to={`/customers/${o.customer.id}`}>
                {o.customer.firstName} {o.customer.lastName} ({o.customer.email})
              </Link>
            ) : (
              `${o.customer.firstName} ${o.customer.lastName} (${o.customer.email})`
            )
          ) : (
            `Guest: ${o.email ?? 'no email'}`
          )}
        </p>
        {o.address ? (
          <address>
            {o.address.firstName} {o.address.lastName}
            <br />
            {o.address.line1}
            {o.address.line2 ? (
              <>
                <br />
                {o.address.line2}
              </>
            ) : null}
            <br />
            {[o.address.city, o.address.district, o.address.state, o.address.postcode].filter(Boolean).join(' ')}
            <br />
            {o.address.phone}
          </address>
        ) : (
          <p>Nothing to deliver.</p>
        )}
      </section>

      <section aria-labelledby="actions-title">
        <h2 id="actions-title">Actions</h2>
        {offers.ship ? (
          <Form method="post" className="action-form" aria-labelledby="ship-title">
            <h3 id="ship-title">Ship</h3>
            <input type="hidden" name="intent" value="ship" />
            <div className="field">
              <label htmlFor="ship-carrier">Carrier</label>
              <select id="ship-carrier" name="carrier" defaultValue="auspost">
                {o.carriers.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <TextField label="Tracking number" name="tracking" required autoComplete="off" failure={failure} />
            <button type="submit">Ship order</button>
          </Form>
        ) : null}
        {offers.deliver ? (
          <Form method="post">
            <input type="hidden" name="intent" value="deliver" />
            <button type="submit">Mark delivered</button>
          </Form>
        ) : null}
        {offers.cancel ? (
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit">Cancel order</button>
          </Form>
        ) : null}
        {offers.refund ? (
          <Form method="post" className="action-form" aria-labelledby="refund-title">
            <h3 id="refund-title">Refund</h3>
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="key" value={o.refundKey} />
            <TextField
              label="Amount"
              name="amount"
              inputMode="decimal"
              hint="Such as 12.50. Leave it empty to refund all that is left."
              failure={failure}
            />
            <button type="submit">Refund</button>
          </Form>
        ) : null}
        {offers.resend ? (
          <div className="action-row">
            <Form method="post">
              <input type="hidden" name="intent" value="resend-confirmation" />
              <button type="submit">Send the confirmation again</button>
            </Form>
            {offers.shipped ? (
              <Form method="post">
                <input type="hidden" name="intent" value="resend-shipping" />
                <button type="submit">Send the shipping email again</button>
              </Form>
            ) : null}
          </div>
        ) : null}
        {!offers.ship && !offers.deliver && !offers.cancel && !offers.refund && !offers.resend ? (
          <p>Nothing your role may do to this order now.</p>
        ) : null}
      </section>

      <section aria-labelledby="notes-title">
        <h2 id="notes-title">Notes</h2>
        {o.notes.length ? (
          <ul className="notes">
            {o.notes.map((n) => (
              <li key={n.id}>
                <p>{n.body}</p>
                <p className="hint">
                  {n.author} · {n.at}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p>No notes yet.</p>
        )}
        {offers.note ? (
          <Form method="post" className="action-form" key={o.notes.length}>
            <input type="hidden" name="intent" value="note" />
            <div className="field">
              <label htmlFor="note-body">Add a note</label>
              <p className="hint" id="note-hint">
                Only staff read notes.
              </p>
              <textarea
                id="note-body"
                name="body"
                rows={3}
                maxLength={2000}
                required
                aria-describedby="note-hint"
                aria-invalid={failure?.field === 'body' || undefined}
              />
            </div>
            <button type="submit">Add note</button>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="timeline-title">
        <h2 id="timeline-title">Timeline</h2>
        <ol className="timeline">
          <li>
            {o.placedAt}: placed{o.email ? ` by ${o.email}` : ''}
          </li>
          {o.timeline.map((e) => (
            <li key={`${e.at}-${e.what}-${e.who}`}>
              {e.at}: {e.what}
              {e.shipment ? (
                <>
                  {' '}
                  with {e.shipment.carrier},{' '}
                  {e.shipment.url ? <a href={e.shipment.url}>{e.shipment.number}</a> : e.shipment.number}
                </>
              ) : null}{' '}
              · by {e.who}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
