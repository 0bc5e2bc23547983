import type { I18n } from '@lingui/core';
import { escapeHtml } from '../../domain/html';
import { formatMoney } from '../../domain/money';
import { carrierName, trackingUrl } from '../../domain/orders';
import type { Site } from '../../domain/sites';
import { EMAIL_TEXTS } from '../platform/server-texts';

// The emails an order's moves send its customer (services/orders/moves/), rendered in the site's language when the
// move is made and kept in the outbox as sent.

export type OrderStatusEmail =
  | { kind: 'shipped'; trackingNumber: string; carrier?: string | null }
  | { kind: 'delivered' }
  | { kind: 'cancelled'; refundedCents: number; giftCards: GiftCardRefund[] }
  | { kind: 'refunded'; refundedCents: number; inFull: boolean; giftCards: GiftCardRefund[] };

/** What went back to one gift card that paid (`refundedCents` is the card's part). */
export interface GiftCardRefund {
  last4: string;
  cents: number;
}

export interface OrderStatusEmailInput {
  site: Site;
  orderNumber: string;
  email: string;
  currency: Site['currency'];
  card: { brand: string; last4: string };
}

export function renderOrderStatusEmail(
  input: OrderStatusEmailInput,
  event: OrderStatusEmail,
  i18n: I18n,
): { to: string; subject: string; text: string; html: string } {
  const brand = input.site.brand.name;
  const { orderNumber } = input;
  const money = (cents: number) => formatMoney(cents, { intlLocale: input.site.intlLocale, currency: input.currency });
  const refunded = (cents: number) =>
    i18n._(EMAIL_TEXTS.refundedBody.id, { amount: money(cents), cardBrand: input.card.brand, last4: input.card.last4 });
  const toGiftCards = (cards: GiftCardRefund[]) =>
    cards.map((g) => i18n._(EMAIL_TEXTS.refundedGiftCard.id, { amount: money(g.cents), last4: g.last4 }));
  let subject: string;
  const paragraphs: string[] = [];
  let link: string | null = null;
  switch (event.kind) {
    case 'shipped':
      subject = i18n._(EMAIL_TEXTS.shippedSubject.id, { brand, orderNumber });
      paragraphs.push(i18n._(EMAIL_TEXTS.shippedBody.id, { orderNumber, trackingNumber: event.trackingNumber }));
      paragraphs.push(i18n._(EMAIL_TEXTS.shippedCarrier.id, { carrier: carrierName(event.carrier ?? null) }));
      link = trackingUrl(event.trackingNumber, event.carrier ?? null);
      break;
    case 'delivered':
      subject = i18n._(EMAIL_TEXTS.deliveredSubject.id, { brand, orderNumber });
      paragraphs.push(i18n._(EMAIL_TEXTS.deliveredBody.id, { orderNumber }));
      break;
    case 'cancelled':
      subject = i18n._(EMAIL_TEXTS.cancelledSubject.id, { brand, orderNumber });
      paragraphs.push(i18n._(EMAIL_TEXTS.cancelledBody.id, { orderNumber }));
      if (event.refundedCents > 0) paragraphs.push(refunded(event.refundedCents));
      else if (input.card.last4) paragraphs.push(i18n._(EMAIL_TEXTS.cancelledReleased.id));
      paragraphs.push(...toGiftCards(event.giftCards));
      break;
    case 'refunded':
      subject = i18n._(EMAIL_TEXTS.refundedSubject.id, { brand, orderNumber });
      if (event.inFull) paragraphs.push(i18n._(EMAIL_TEXTS.refundedAll.id, { orderNumber }));
      if (event.refundedCents > 0) paragraphs.push(refunded(event.refundedCents));
      paragraphs.push(...toGiftCards(event.giftCards));
      break;
  }
  const footer = `${brand} · ${input.site.supportPhone}`;
  const text = [...paragraphs, ...(link ? [link] : []), '', footer].join('\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : '',
    `<p>${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { to: input.email, subject, text, html };
}
