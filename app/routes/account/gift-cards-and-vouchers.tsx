import { useLingui } from '@lingui/react';
import { KeptWords, textAround } from '../../components/gift-vouchers/kept-words';
import { Link } from 'react-router';
import type { Route } from './+types/gift-cards-and-vouchers';
import { listVouchers } from '../../../services/identity/account';
import { type GiftCardHistoryEntry, listCustomerGiftCards } from '../../../services/gift-cards/gift-cards';
import { GIFT_CARD_PAGE_TEXTS as T } from '../../../services/platform/server-texts';
import { orderMoney } from '../../components/account/orders';
import { accountTitle, formatDate } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';
import { useRootData } from '../../root';

/** What happened to a card, in words: issued, spent on or refunded from an order, or ended. */
function historyText(i18n: { _(id: string, values?: Record<string, unknown>): string }, entry: GiftCardHistoryEntry) {
  const orderNumber = entry.orderNumber ?? '';
  switch (entry.kind) {
    case 'issue':
      return i18n._(T.issued.id);
    case 'redeem':
      return i18n._(T.spent.id, { orderNumber });
    case 'refund':
      return i18n._(T.refunded.id, { orderNumber });
    case 'expire':
      return i18n._(T.ended.id);
  }
}

export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  const [vouchers, cards, i18n] = await Promise.all([
    listVouchers(ctx.db, ctx.clock, customerId),
    listCustomerGiftCards(ctx.db, ctx.clock, { id: customerId, email: ctx.visitor.email }),
    ctx.messages(),
  ]);
  // The gift card section's words are written here in the site's language (services/platform/server-texts.ts): no page's
  // message catalogue grows for them.
  return {
    vouchers,
    giftCards: cards.map((card) => ({
      id: card.id,
      last4: card.last4,
      currency: card.currency,
      amountCents: card.amountCents,
      balanceCents: card.balanceCents,
      expiresAt: card.expiresAt,
      expired: card.expired,
      // The last 4 of a code are not words: the page marks them as not to be translated, like the name.
      heading: textAround(i18n, T.cardEnding.id, 'last4'),
      // 'Bought for {name}' around the name, which the page marks as not to be translated.
      relation: card.relation === 'bought' ? textAround(i18n, T.boughtFor.id, 'name') : [i18n._(T.received.id)],
      recipientName: card.recipientName,
      historyCaption: textAround(i18n, T.historyCaption.id, 'last4'),
      history: card.history.map((entry) => ({ ...entry, text: historyText(i18n, entry) })),
    })),
    giftCardTexts: {
      heading: i18n._(T.yourCards.id),
      none: i18n._(T.noCards.id),
      checkLink: i18n._(T.checkLink.id),
      history: i18n._(T.history.id),
      date: i18n._(T.date.id),
      whatHappened: i18n._(T.whatHappened.id),
    },
  };
}

export const meta: Route.MetaFunction = ({ matches }) => accountTitle('Gift cards and vouchers', matches);

export default function GiftCardsAndVouchers({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { site } = useRootData();
  const { vouchers, giftCards, giftCardTexts: texts } = loaderData;
  const money = (cents: number, currency: string) => orderMoney(cents, { currency }, site);
  const expiry = (card: { expiresAt: string; expired: boolean }) =>
    card.expired
      ? i18n._('Expired {date}', { date: formatDate(card.expiresAt, site.intlLocale) })
      : formatDate(card.expiresAt, site.intlLocale);
  return (
    <>
      <h1>{i18n._('Gift cards and vouchers')}</h1>
      {vouchers.length ? (
        <table className="account-table">
          <caption className="visually-hidden">{i18n._('Your gift cards and vouchers with their balances')}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n._('Code')}</th>
              <th scope="col">{i18n._('Type')}</th>
              <th scope="col">{i18n._('Description')}</th>
              <th scope="col">{i18n._('Balance')}</th>
              <th scope="col">{i18n._('Expires')}</th>
            </tr>
          </thead>
          <tbody>
            {vouchers.map((v) => (
              <tr key={v.id}>
                <th scope="row" translate="no">
                  <code>{v.code}</code>
                </th>
                <td>{v.kind === 'GIFT_CARD' ? i18n._('Gift card') : i18n._('Voucher')}</td>
                {/* The voucher's own text, as it was issued. */}
                <td translate="no">{v.description}</td>
                <td>{orderMoney(v.balanceCents, v, site)}</td>
                <td>
                  {v.expiresAt
                    ? v.expired
                      ? i18n._('Expired {date}', { date: formatDate(v.expiresAt, site.intlLocale) })
                      : formatDate(v.expiresAt, site.intlLocale)
                    : i18n._('Never')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : giftCards.length ? null : (
        <p>{i18n._('You have no gift cards or vouchers.')}</p>
      )}
      <section className="account-gift-cards" aria-labelledby="your-gift-cards">
        <h2 id="your-gift-cards">{texts.heading}</h2>
        {giftCards.length ? (
          <ul className="account-gift-cards__list">
            {giftCards.map((card) => (
              <li key={card.id} className="account-card" data-last4={card.last4}>
                <h3>
                  <KeptWords parts={card.heading} value={card.last4} />
                </h3>
                <p>
                  <KeptWords parts={card.relation} value={card.recipientName ?? ''} />
                </p>
                <dl className="account-gift-cards__facts">
                  <dt>{i18n._('Amount')}</dt>
                  <dd>{money(card.amountCents, card.currency)}</dd>
                  <dt>{i18n._('Balance')}</dt>
                  <dd>{money(card.balanceCents, card.currency)}</dd>
                  <dt>{i18n._('Expires')}</dt>
                  <dd>{expiry(card)}</dd>
                </dl>
                <details>
                  <summary>{texts.history}</summary>
                  <table className="account-table">
                    <caption className="visually-hidden">
                      <KeptWords parts={card.historyCaption} value={card.last4} />
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">{texts.date}</th>
                        <th scope="col">{texts.whatHappened}</th>
                        <th scope="col">{i18n._('Amount')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {card.history.map((entry, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a card's ledger only grows at its end.
                        <tr key={index}>
                          <td>{formatDate(entry.at, site.intlLocale)}</td>
                          <td>{entry.text}</td>
                          <td className="account-gift-cards__change">
                            {entry.amountCents > 0 ? '+' : entry.amountCents < 0 ? '−' : ''}
                            {money(Math.abs(entry.amountCents), card.currency)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </details>
              </li>
            ))}
          </ul>
        ) : (
          <p>{texts.none}</p>
        )}
        <p>
          <Link to="/gift-vouchers/balance">{texts.checkLink}</Link>
        </p>
      </section>
      <p>
        <Link to="/gift-vouchers">{i18n._('Buy a gift voucher')}</Link>
      </p>
    </>
  );
}
