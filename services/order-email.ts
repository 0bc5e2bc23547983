import type { OrderAddress } from '../db/schema';
import type { OrderTotals } from '../domain/cart-pricing';
import { formatMoney } from '../domain/money';
import type { Site } from '../domain/sites';

// The order confirmation email, rendered when the order is placed and kept in the outbox as it was sent.

export interface OrderEmailInput {
  site: Site;
  orderNumber: string;
  email: string;
  delivery: OrderAddress;
  lines: { name: string; quantity: number; totalCents: number; preSell: boolean }[];
  totals: OrderTotals;
  giftCards: { code: string; amountCents: number; recipientName: string }[];
  card: { brand: string; last4: string };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

export function renderOrderEmail(input: OrderEmailInput): { to: string; subject: string; text: string; html: string } {
  const money = (cents: number) => formatMoney(cents, input.site);
  const brand = input.site.brand.name;
  const a = input.delivery;
  const address = [
    `${a.firstName} ${a.lastName}`,
    a.line1,
    a.line2,
    `${a.city} ${a.state} ${a.postcode}`.trim(),
  ].filter(Boolean);
  const lines = input.lines.map(
    (l) => `${l.quantity} × ${l.name}: ${money(l.totalCents)}${l.preSell ? ' (pre-sale: charged when it ships)' : ''}`,
  );
  const t = input.totals;
  const sums = [
    `Subtotal: ${money(t.subtotalCents)}`,
    ...(t.discountCents > 0 ? [`Discount: −${money(t.discountCents)}`] : []),
    `Delivery: ${t.shippingCents === 0 ? 'Free' : money(t.shippingCents)}`,
    `Total: ${money(t.totalCents)} (includes ${money(t.taxCents)} tax)`,
    `Charged today to ${input.card.brand} ending ${input.card.last4}: ${money(t.payableTodayCents)}`,
  ];
  const gifts = input.giftCards.map(
    (g) => `eGift card for ${g.recipientName}: ${money(g.amountCents)}, code ${g.code}`,
  );
  const next =
    'What happens next: we pack your wine within 2 working days and email you when it is on its way, with tracking.';
  const subject = `${brand}: your order ${input.orderNumber}`;
  const text = [
    `Thank you for your order ${input.orderNumber}.`,
    '',
    ...lines,
    '',
    ...sums,
    ...(gifts.length ? ['', ...gifts] : []),
    '',
    'Delivering to:',
    ...address,
    '',
    next,
    '',
    `${brand} · ${input.site.supportPhone}`,
  ].join('\n');
  const list = (items: string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
  const html = [
    `<h1>${escapeHtml(`Thank you for your order ${input.orderNumber}`)}</h1>`,
    list(lines),
    list(sums),
    gifts.length ? `<h2>eGift cards</h2>${list(gifts)}` : '',
    `<h2>Delivering to</h2><p>${address.map(escapeHtml).join('<br>')}</p>`,
    `<p>${escapeHtml(next)}</p>`,
    `<p>${escapeHtml(`${brand} · ${input.site.supportPhone}`)}</p>`,
  ].join('\n');
  return { to: input.email, subject, text, html };
}
