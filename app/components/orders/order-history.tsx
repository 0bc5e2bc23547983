import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { ORDER_MOVE_MESSAGES } from '../../../domain/orders';
import type { OrderEventView } from '../../../services/orders/history';
import { messageOf, requestApi, succeeded } from '../../lib/api-request';

// An order's history on its pages (the account's order page, a guest's confirmation page), and the customer's
// own cancel while the order has not shipped (POST /api/checkout/order/{orderNumber}/cancel).

function eventText(event: OrderEventView, i18n: I18n, money: (cents: number) => string, texts: RefundTexts): string {
  if (event.kind === 'refund') {
    const card = (event.amountCents ?? 0) - event.giftCardCents;
    if (card <= 0) return `${texts.toGiftCards} ${money(event.giftCardCents)}`;
    return `${event.toStatus === 'REFUNDED' ? texts.toCardInFull : texts.toCard} ${money(card)}`;
  }
  switch (event.toStatus) {
    case 'SHIPPED':
      return i18n._('Shipped');
    case 'DELIVERED':
      return i18n._('Delivered');
    case 'CANCELLED':
      if (event.actorType === 'customer') return i18n._('Cancelled by you');
      return i18n._('Cancelled');
    default:
      return event.toStatus ?? '';
  }
}

/** Written by the order pages' loaders in the site's language (services/platform/server-texts.ts SERVER_FILLED_TEXTS). */
export interface RefundTexts {
  toCard: string;
  toCardInFull: string;
  toGiftCards: string;
}

export function OrderHistory({
  history,
  locale,
  money,
  refundTexts,
}: {
  history: OrderEventView[];
  locale: string;
  money: (cents: number) => string;
  /** Where refunds went, in words the page's loader writes. */
  refundTexts: RefundTexts;
}) {
  const { i18n } = useLingui();
  const id = useId();
  if (history.length === 0) return null;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="account-card order-history" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{i18n._('Order history')}</h2>
      <ol className="order-history__events">
        {history.map((event) => (
          <li key={`${event.at}-${event.kind}-${event.toStatus ?? ''}-${event.amountCents ?? ''}`}>
            <time dateTime={event.at}>{when.format(new Date(event.at))}</time>{' '}
            <strong>{eventText(event, i18n, money, refundTexts)}</strong>
            {event.trackingNumber && event.trackingUrl ? (
              <>
                {' · '}
                <a href={event.trackingUrl} rel="noopener noreferrer" target="_blank">
                  {i18n._('Track parcel')} {event.carrier} {event.trackingNumber}
                </a>
              </>
            ) : null}
            {event.toStatus === 'CANCELLED' && event.amountCents && event.amountCents > event.giftCardCents ? (
              <>
                {' · '}
                {refundTexts.toCard} {money(event.amountCents - event.giftCardCents)}
              </>
            ) : null}
            {event.giftCardCents > 0 && (event.kind === 'move' || event.amountCents !== event.giftCardCents) ? (
              <>
                {' · '}
                {refundTexts.toGiftCards} {money(event.giftCardCents)}
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** "Cancel this order", asked twice; the server checks the window and the state again. */
export function CancelOrder({ orderNumber }: { orderNumber: string }) {
  const { i18n } = useLingui();
  const id = useId();
  const revalidator = useRevalidator();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const cancel = async () => {
    setBusy(true);
    setError(null);
    const reply = await requestApi('POST', `/api/checkout/order/${encodeURIComponent(orderNumber)}/cancel`, {});
    setBusy(false);
    if (succeeded(reply)) {
      setAsking(false);
      await revalidator.revalidate();
      return;
    }
    setError(messageOf(reply) ?? 'Something went wrong. Please try again later.');
  };

  return (
    <section className="account-card order-cancel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{i18n._('Changed your mind?')}</h2>
      {asking ? (
        <div className="order-cancel__ask">
          <p id={`${id}-ask`}>{i18n._('Cancel this order? Any amount taken from your card goes back to it.')}</p>
          <button type="button" className="button" onClick={cancel} disabled={busy}>
            {i18n._('Yes, cancel the order')}
          </button>{' '}
          <button type="button" className="button button--secondary" onClick={() => setAsking(false)} disabled={busy}>
            {i18n._('Keep the order')}
          </button>
        </div>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
          {i18n._('Cancel this order')}
        </button>
      )}
      <p role="alert" className="field-error">
        {error ? i18n._(error) : ''}
      </p>
    </section>
  );
}

/** Past the cancel window: the customer is told to call instead. */
export function CancelTooLate() {
  const { i18n } = useLingui();
  return <p className="order-cancel__late">{i18n._(ORDER_MOVE_MESSAGES.cancelWindowPassed)}</p>;
}
