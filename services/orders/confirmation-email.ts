import { escapeHtml } from '../../domain/html';
import { EMAIL_TEXTS } from '../platform/server-texts';
import type { I18n } from '@lingui/core';
import type { OrderAddress } from '../../db/schema';
import type { OrderTotals } from '../../domain/cart-pricing';
import { hkDistrictName } from '../../domain/hk-districts';
import { formatMoney } from '../../domain/money';
import type { Site } from '../../domain/sites';

// The order confirmation email, rendered when the order is placed and kept in the outbox as it was sent.

export interface OrderEmailInput {
  site: Site;
  orderNumber: string;
  email: string;
  /** None when the order delivers nothing (e-gift cards alone). */
  delivery: OrderAddress | null;
  lines: { name: string; quantity: number; totalCents: number; preSell: boolean }[];
  totals: OrderTotals;
  /** The cards this order bought: the code goes to each recipient alone; the buyer reads its last 4. */
  giftCards: { last4: string; amountCents: number; recipientName: string }[];
  /** What gift cards paid of the order. */
  giftCardPayments: { last4: string; amountCents: number }[];
  /** The payment card and what it was charged; none when gift cards paid it all. */
  card: { brand: string; last4: string; amountCents: number } | null;
  /** The order's page, with the secret that opens it without a login (services/orders/tokens.ts orderLinkPath). */
  orderLink: string;
}

export function renderOrderEmail(
  input: OrderEmailInput,
  i18n: I18n,
): { to: string; subject: string; text: string; html: string } {
  const money = (cents: number) => formatMoney(cents, input.site);
  const brand = input.site.brand.name;
  const orderNumber = input.orderNumber;
  const a = input.delivery;
  const address = a
    ? [
        `${a.firstName} ${a.lastName}`,
        a.line1,
        a.line2,
        [a.city, hkDistrictName(a.district), a.state, a.postcode].filter(Boolean).join(' '),
      ].filter(Boolean)
    : [];
  const lines = input.lines.map(
    (l) => `${l.quantity} × ${l.name}: ${money(l.totalCents)}${l.preSell ? i18n._(EMAIL_TEXTS.preSale.id) : ''}`,
  );
  const t = input.totals;
  const sums = [
    i18n._(EMAIL_TEXTS.subtotal.id, { amount: money(t.subtotalCents) }),
    ...(t.discountCents > 0 ? [i18n._(EMAIL_TEXTS.discount.id, { amount: money(t.discountCents) })] : []),
    t.shippingCents === 0
      ? i18n._(EMAIL_TEXTS.deliveryFree.id)
      : i18n._(EMAIL_TEXTS.delivery.id, { amount: money(t.shippingCents) }),
    i18n._(EMAIL_TEXTS.total.id, { total: money(t.totalCents), tax: money(t.taxCents) }),
    ...input.giftCardPayments.map((g) =>
      i18n._(EMAIL_TEXTS.giftCardPaid.id, { last4: g.last4, amount: money(g.amountCents) }),
    ),
    ...(input.card
      ? [
          i18n._(EMAIL_TEXTS.charged.id, {
            brand: input.card.brand,
            last4: input.card.last4,
            amount: money(input.card.amountCents),
          }),
        ]
      : []),
  ];
  const gifts = input.giftCards.map((g) =>
    i18n._(EMAIL_TEXTS.giftCard.id, {
      name: g.recipientName,
      amount: money(g.amountCents),
      last4: g.last4,
    }),
  );
  const next = i18n._(EMAIL_TEXTS.next.id);
  const subject = i18n._(EMAIL_TEXTS.orderSubject.id, { brand, orderNumber });
  const thanks = i18n._(EMAIL_TEXTS.thanks.id, { orderNumber });
  const deliveringTo = i18n._('Delivering to');
  const follow = i18n._(EMAIL_TEXTS.orderLink.id);
  const text = [
    `${thanks}.`,
    '',
    ...lines,
    '',
    ...sums,
    ...(gifts.length ? ['', ...gifts] : []),
    ...(address.length ? ['', `${deliveringTo}:`, ...address] : []),
    '',
    next,
    `${follow} ${input.orderLink}`,
    '',
    `${brand} · ${input.site.supportPhone}`,
  ].join('\n');
  const list = (items: string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
  const html = [
    `<h1>${escapeHtml(thanks)}</h1>`,
    list(lines),
    list(sums),
    gifts.length ? `<h2>${escapeHtml(i18n._('eGift cards'))}</h2>${list(gifts)}` : '',
    address.length ? `<h2>${escapeHtml(deliveringTo)}</h2><p>${address.map(escapeHtml).join('<br>')}</p>` : '',
    `<p>${escapeHtml(next)}</p>`,
    `<p>${escapeHtml(follow)} <a href="${escapeHtml(input.orderLink)}">${escapeHtml(input.orderLink)}</a></p>`,
    `<p>${escapeHtml(`${brand} · ${input.site.supportPhone}`)}</p>`,
  ].join('\n');
  return { to: input.email, subject, text, html };
}
