import { createHash } from 'node:crypto';

/** The confirmation page's cookie value is the checkout key itself; only its hash is kept. */
export function accessTokenHash(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex');
}

/** The hash kept of the secret in the confirmation email's link (`orders.link_token_hash`). */
export function linkTokenHash(token: string): string {
  return createHash('sha256').update(`order-link:${token}`).digest('hex');
}

/** The order's page for whoever holds the confirmation email (a guest needs no login): its path and secret. */
export function orderLinkPath(orderNumber: string, token: string): string {
  return `/checkout/confirmation/${encodeURIComponent(orderNumber)}?token=${token}`;
}
