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
/** A delivery address each site takes: a Sydney one, an Auckland one, a Hong Kong one (a district, no postcode), a
 * Taipei one (3-digit postcode) or a New York one. */
export function testAddressFor(site: string) {
  const country = site.slice(-2);
  if (country === 'hk')
    return {
      firstName: 'Ana',
      lastName: 'Lee',
      line1: '1 Queen’s Road Central',
      city: 'Central',
      district: 'central-western',
    };
  if (country === 'tw')
    return {
      firstName: 'Ana',
      lastName: 'Lee',
      line1: 'No. 7, Section 5, Xinyi Road',
      city: 'Xinyi District',
      postcode: '110',
    };
  if (country === 'nz') return { ...TEST_ADDRESS, city: 'Auckland Central', state: 'Auckland', postcode: '1010' };
  if (country === 'us') return { ...TEST_ADDRESS, city: 'New York', state: 'NY', postcode: '10001' };
  return TEST_ADDRESS;
}

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
