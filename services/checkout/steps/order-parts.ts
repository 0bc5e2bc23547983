import { randomInt } from 'node:crypto';
import type { Db } from '../../../db/client';
import { orderLines, orders } from '../../../db/schema';
import { orderNumberFor, CHECKOUT_ERRORS } from '../../../domain/checkout';
import type { CartModel } from '../../cart/cart-json';
import { enqueue } from '../../platform/outbox';
import { renderOrderEmail } from '../../orders/confirmation-email';
import { ServiceError } from '../../platform/service-error';
import { type IssuedGiftCard, issueGiftCards } from '../../gift-cards/gift-cards';
import { type GiftCardMail, renderGiftCardEmail } from '../../gift-cards/email';
import { accessTokenHash, linkTokenHash, orderLinkPath } from '../../orders/tokens';
import type { Authorisation, CheckoutContext, OrderRequest, PaymentSplit } from '../context';
import { cartHashOf, findByKey } from '../replay';
import { placedFromOf } from './person-rules';

/** What the order's row is written from, besides the request. */
interface OrderFields {
  totals: CartModel['totals'];
  voucher: { code: string } | null;
  split: PaymentSplit;
  /** The card payment to capture, or null when there is none. */
  authorisation: Authorisation | null;
  /** The card the order was paid or reserved against (its brand and last 4 are shown). */
  card: Authorisation | null;
  linkToken: string;
}

/** The order's row, AUTHORISED; a clash with an existing number draws again (the unique index decides). */
export async function insertOrder(
  tx: Db,
  ctx: CheckoutContext,
  request: OrderRequest,
  fields: OrderFields,
): Promise<{ orderId: number; orderNumber: string }> {
  const { input, now } = request;
  const { voucher, split, authorisation, card, linkToken } = fields;
  const order = fields.totals.order;
  for (let attempt = 0; attempt < 5; attempt++) {
    const orderNumber = orderNumberFor(ctx.site.id, now, randomInt(100_000_000) / 100_000_000);
    const [created] = await tx
      .insert(orders)
      .values({
        customerId: request.customerId,
        siteId: ctx.site.id,
        orderNumber,
        status: 'PROCESSING',
        currency: ctx.site.currency,
        subtotalCents: order.subtotalCents,
        shippingCents: order.shippingCents,
        totalCents: order.totalCents,
        discountCents: order.discountCents,
        taxCents: order.taxCents,
        payableTodayCents: order.payableTodayCents,
        placedAt: now,
        email: request.email,
        idempotencyKey: input.idempotencyKey,
        voucherCode: voucher?.code ?? null,
        deliveryAddress: request.delivery,
        billingAddress: request.billing,
        accessTokenHash: accessTokenHash(input.idempotencyKey),
        linkTokenHash: linkTokenHash(linkToken),
        cartHash: cartHashOf(request.cartId),
        giftCardCents: split.giftCardCents,
        // Paid by gift cards alone: no card payment to take.
        paymentBrand: card?.brand ?? null,
        paymentLast4: card?.last4 ?? null,
        paymentReference: authorisation?.reference ?? null,
        paymentStatus: authorisation ? 'AUTHORISED' : 'CAPTURED',
        // Given once the payment is captured (services/orders/gifts.ts), in this transaction when there is none.
        givenAt: null,
        placedFrom: request.customerId === null ? placedFromOf(ctx.clientAddress) : null,
      })
      // NOTE: no target: a clash on the order number draws again; one on the key means another cart placed an
      // order with it meanwhile (PostgreSQL waits for that transaction here, then skips the row).
      .onConflictDoNothing()
      .returning({ id: orders.id });
    if (created) return { orderId: created.id, orderNumber };
    if (await findByKey(tx, input.idempotencyKey)) throw new ServiceError(CHECKOUT_ERRORS.keyReused);
  }
  throw new Error('no free order number after 5 draws');
}

export async function insertOrderLines(tx: Db, orderId: number, cart: CartModel) {
  await tx.insert(orderLines).values(
    cart.lines.map((line, i) => {
      const lineTotal = cart.totals.lines[i]?.totalCents ?? 0;
      return {
        orderId,
        itemCode: line.product.itemCode,
        skuItemCode: line.itemCode,
        name: line.product.name,
        quantity: line.quantity,
        bottleCount: line.bottleCount,
        unitPriceCents: Math.round(lineTotal / Math.max(1, line.quantity)),
        lineTotalCents: lineTotal,
        preSell: line.preSellItem,
      };
    }),
  );
}

/** One gift card per e-gift card bought, worth the line's price of one card (in cents, from the totals), of its site. */
export function issueOrderGiftCards(
  tx: Db,
  key: Buffer,
  orderId: number,
  siteId: string,
  cart: CartModel,
  now: Date,
): Promise<IssuedGiftCard[]> {
  const cards = cart.lines.flatMap((line, i) => {
    const gift = line.giftVoucher;
    if (!gift) return [];
    const cents = Math.round((cart.totals.lines[i]?.totalCents ?? 0) / Math.max(1, line.quantity));
    return Array.from({ length: line.quantity }, () => ({
      amountCents: cents,
      currency: gift.currencyCode,
      recipientName: gift.recipientName,
      recipientEmail: gift.recipientEmail,
      message: gift.message,
    }));
  });
  return issueGiftCards(tx, key, { orderId, siteId }, cards, now, { held: true });
}

/** The confirmation email, through the outbox in the site's language: sent once the transaction commits. */
export async function queueOrderEmail(
  tx: Db,
  ctx: CheckoutContext,
  request: OrderRequest,
  order: {
    id: number;
    orderNumber: string;
    cart: CartModel;
    issued: IssuedGiftCard[];
    split: PaymentSplit;
    authorisation: Authorisation | null;
    linkToken: string;
  },
) {
  const { cart } = order;
  const { totals } = cart;
  await enqueue(
    tx,
    'order-email',
    {
      topic: 'confirmation',
      ...renderOrderEmail(
        {
          site: ctx.site,
          orderNumber: order.orderNumber,
          email: request.email,
          delivery: request.delivery,
          lines: cart.lines.map((line, i) => ({
            name: line.product.name,
            quantity: line.quantity,
            totalCents: totals.lines[i]?.totalCents ?? 0,
            preSell: line.preSellItem,
          })),
          totals: totals.order,
          giftCards: order.issued.map((g) => ({
            last4: g.last4,
            amountCents: g.amountCents,
            recipientName: g.recipientName,
          })),
          giftCardPayments: order.split.applied
            .filter((g) => g.appliedCents > 0)
            .map((g) => ({ last4: g.last4, amountCents: g.appliedCents })),
          card: order.authorisation
            ? { brand: order.authorisation.brand, last4: order.authorisation.last4, amountCents: order.split.cardCents }
            : null,
          orderLink: `${ctx.siteOrigin}${orderLinkPath(order.orderNumber, order.linkToken)}`,
        },
        request.messages,
      ),
    },
    request.now,
    { orderId: order.id },
  );
}

/**
 * Each card bought goes to its recipient by email, through the outbox with its code sealed; held until the order's
 * payment is captured (services/orders/gifts.ts).
 */
export async function queueGiftCardEmails(
  tx: Db,
  ctx: CheckoutContext,
  request: OrderRequest,
  orderId: number,
  issued: IssuedGiftCard[],
) {
  for (const card of issued) {
    await enqueue(
      tx,
      'gift-card-email',
      renderGiftCardEmail(
        { site: ctx.site, siteOrigin: ctx.siteOrigin, ...card },
        request.messages,
        ctx.giftCardKey,
      ) satisfies GiftCardMail,
      request.now,
      { heldForOrder: orderId },
    );
  }
}
