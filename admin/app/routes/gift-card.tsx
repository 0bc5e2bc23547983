import { Form, Link, useActionData, useLoaderData } from 'react-router';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { formatMoney } from '../../../domain/money';
import { getSite, isSiteId } from '../../../domain/sites';
import { STAFF_ERRORS } from '../../../domain/staff';
import { GiftCardIdSchema } from '../../../domain/staff-vouchers';
import { ServiceError } from '../../../services/platform/service-error';
import { disableGiftCard, loadGiftCard } from '../../../services/staff/gift-cards';
import { FormError } from '../components/fields';
import { formFailure, refusalsAsPages, requireStaff } from '../lib/console.server';

// /admin/gift-cards/{id} (CONTRACT.md): a card's balance, currency and site, the order that bought it or the staff
// member who issued it, its ledger with who made each entry, and disable (a POST form). Never its code: its last 4.

const when = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const day = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'UTC' });

const KIND_TEXT = { issue: 'Issued', redeem: 'Paid an order', refund: 'Given back', expire: 'Ended' } as const;

function cardIdOf(params: LoaderFunctionArgs['params']): number {
  const id = GiftCardIdSchema.safeParse(params.id);
  if (!id.success) throw new ServiceError(STAFF_ERRORS.notFound);
  return id.data;
}

export async function loader(args: LoaderFunctionArgs) {
  const { ctx, staffRequest } = requireStaff(args);
  const page = await refusalsAsPages(async () =>
    loadGiftCard({ db: ctx.db, clock: ctx.clock, key: ctx.giftCardKey }, staffRequest, cardIdOf(args.params)),
  );
  const { card } = page;
  const money = (cents: number) =>
    card.siteId && isSiteId(card.siteId)
      ? formatMoney(cents, getSite(card.siteId))
      : `${(cents / 100).toFixed(2)} ${card.currency}`;
  return {
    issued: new URL(args.request.url).searchParams.get('issued') === '1',
    card: {
      id: card.id,
      last4: card.last4,
      siteId: card.siteId ?? 'not recorded',
      currency: card.currency,
      balance: money(card.balanceCents),
      amount: money(card.amountCents),
      recipient: `${card.recipientName} <${card.recipientEmail}>`,
      message: card.message,
      buyerEmail: card.buyerEmail,
      orderNumber: card.orderNumber,
      issuedBy: card.issuedBy,
      disabledAt: card.disabledAt ? `${when.format(new Date(card.disabledAt))} UTC` : null,
      expiresAt: day.format(new Date(card.expiresAt)),
      createdAt: `${when.format(new Date(card.createdAt))} UTC`,
    },
    ledger: page.ledger.map((e, i) => ({
      key: i,
      what: KIND_TEXT[e.kind],
      amount: money(e.amountCents),
      at: `${when.format(new Date(e.at))} UTC`,
      orderNumber: e.orderNumber,
      by: e.by,
    })),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { ctx, staffRequest } = requireStaff(args);
  try {
    const id = await refusalsAsPages(async () => cardIdOf(args.params));
    const done = await refusalsAsPages(() =>
      disableGiftCard({ db: ctx.db, clock: ctx.clock, key: ctx.giftCardKey }, staffRequest, id),
    );
    return { done: `The card ending ${done.last4} is disabled: it no longer pays. Its balance is kept.` };
  } catch (error) {
    return formFailure(error);
  }
}

export const meta = () => [{ title: 'Gift card · Console' }];

export default function GiftCard() {
  const { card, ledger, issued } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = result && 'error' in result ? { error: result.error, field: result.field ?? null } : undefined;
  const done =
    result && 'done' in result
      ? result.done
      : issued
        ? `The card ending ${card.last4} was issued; its code is on its way to the recipient by email.`
        : null;
  return (
    <>
      <p>
        <Link to="/gift-cards">← Gift cards</Link>
      </p>
      <h1>Gift card ending {card.last4}</h1>
      {done ? (
        <p role="status" className="notice">
          {done}
        </p>
      ) : null}
      <FormError failure={failure} />
      <dl className="details">
        <dt>Balance</dt>
        <dd>
          {card.balance} of {card.amount} ({card.currency})
        </dd>
        <dt>State</dt>
        <dd>
          {card.disabledAt
            ? `Disabled ${card.disabledAt}: it pays for nothing`
            : `Can be spent until ${card.expiresAt}`}
        </dd>
        <dt>Site</dt>
        <dd>{card.siteId}</dd>
        <dt>Recipient</dt>
        <dd>{card.recipient}</dd>
        {card.message ? (
          <>
            <dt>Message</dt>
            <dd>{card.message}</dd>
          </>
        ) : null}
        <dt>{card.orderNumber ? 'Bought with' : 'Issued by'}</dt>
        <dd>
          {card.orderNumber ? (
            <>
              <Link to={`/orders/${card.orderNumber}`}>{card.orderNumber}</Link>
              {card.buyerEmail ? ` by ${card.buyerEmail}` : ''}
            </>
          ) : (
            `${card.issuedBy ?? 'staff'} (goodwill)`
          )}
          , {card.createdAt}
        </dd>
      </dl>

      <section aria-labelledby="ledger-title">
        <h2 id="ledger-title">Ledger</h2>
        <table>
          <caption className="visually-hidden">Every change of the card’s balance, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Amount</th>
              <th scope="col">Order</th>
              <th scope="col">By</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {ledger.map((e) => (
              <tr key={e.key}>
                <td>{e.what}</td>
                <td className="currency">{e.amount}</td>
                <td>{e.orderNumber ? <Link to={`/orders/${e.orderNumber}`}>{e.orderNumber}</Link> : '—'}</td>
                <td>{e.by}</td>
                <td>{e.at}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {card.disabledAt ? null : (
        <section aria-labelledby="disable-title">
          <h2 id="disable-title">Disable</h2>
          <p className="hint">It will no longer pay at checkout; its balance stays on it and is shown here.</p>
          <Form method="post">
            <button type="submit" className="secondary">
              Disable this card
            </button>
          </Form>
        </section>
      )}
    </>
  );
}
