import { randomUUID } from 'node:crypto';

// The checkout's input as API tests send it: a Sydney delivery address, the test provider's cards, a fresh key.

export const TEST_ADDRESS = {
  firstName: 'Ana',
  lastName: 'Lee',
  line1: '14 Darling Street',
  city: 'Balmain',
  state: 'NSW',
  postcode: '2041',
};
export const APPROVED_CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
export const DECLINED_CARD = { number: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' };

/** A guest's order body (POST /api/checkout/order) with the approved card and a new idempotency key. */
export function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    email: 'guest@example.com',
    delivery: TEST_ADDRESS,
    billingSameAsDelivery: true,
    card: APPROVED_CARD,
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

/** An e-gift card line (PUT /api/cart/eItemCode): the custom-amount card 02698VC for Ann Lee, unless told otherwise. */
export function giftCardBody(amount: number, overrides: Record<string, unknown> = {}) {
  return {
    salesCode: '',
    quantity: 1,
    recipientName: 'Ann Lee',
    recipientEmail: 'ann@example.com',
    verifyEmail: 'ann@example.com',
    message: 'Enjoy!',
    amount,
    itemCode: '02698VC',
    ...overrides,
  };
}
