import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '../../domain/cart-pricing';
import { CART_MESSAGES, MAX_CART_LINES, MAX_GIFT_VOUCHER_LINES } from './cart';

// Limits written out in the cart's texts (so the catalogues can hold the texts as they are) must match the limits.
describe("the cart's texts that name a fixed limit", () => {
  it('name the limits the cart uses', () => {
    expect(CART_MESSAGES.tooMany).toBe(`You can have at most ${MAX_LINE_QUANTITY} of an item in your cart.`);
    expect(CART_MESSAGES.tooManyGiftVouchers).toBe(`A cart can hold at most ${MAX_GIFT_VOUCHER_LINES} e-gift cards.`);
    expect(CART_MESSAGES.tooManyLines).toBe(
      `A cart can hold at most ${MAX_CART_LINES} different items. Please check out or remove some first.`,
    );
  });
});
