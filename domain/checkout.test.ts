import { describe, expect, it } from 'vitest';
import { checkoutFieldOf, giftCardCode, ORDER_NUMBER_PATTERN, orderNumberFor, validEmail } from './checkout';
import { cardBrand, checkCard, luhnValid, PAYMENT_MESSAGES } from './payment';

describe('order numbers', () => {
  it('carry the brand, the date and 8 digits, and match the pattern the confirmation page accepts', () => {
    const n = orderNumberFor('vir-au', new Date('2026-11-25T10:00:00Z'), 0.01234567);
    expect(n).toBe('VIR261125-01234567');
    expect(ORDER_NUMBER_PATTERN.test(n)).toBe(true);
    expect(ORDER_NUMBER_PATTERN.test('VIR261125-012345')).toBe(false);
  });
});

describe('cards', () => {
  const now = new Date('2026-11-25T00:00:00Z');
  it.each([
    ['4242424242424242', true],
    ['4000 0000 0000 0002', true],
    ['4242424242424241', false],
  ])('Luhn %s → %s', (n, ok) => {
    expect(luhnValid(n.replaceAll(' ', ''))).toBe(ok);
  });
  it('checks number, expiry (good to the end of its month) and CVC, first problem first', () => {
    const card = { number: '4242 4242 4242 4242', expiry: '11/26', cvc: '123' };
    expect(checkCard(card, now)).toBeNull();
    expect(checkCard({ ...card, expiry: '10/26' }, now)).toBe(PAYMENT_MESSAGES.expired);
    expect(checkCard({ ...card, expiry: '1/26' }, now)).toBe(PAYMENT_MESSAGES.expiry);
    expect(checkCard({ ...card, cvc: '1234' }, now)).toBe(PAYMENT_MESSAGES.cvc);
    expect(checkCard({ ...card, number: '1234' }, now)).toBe(PAYMENT_MESSAGES.number);
  });
  it('names the brand', () => {
    expect(cardBrand('4242424242424242')).toBe('Visa');
    expect(cardBrand('5555555555554444')).toBe('Mastercard');
    expect(cardBrand('378282246310005')).toBe('American Express');
  });
});

describe('the form', () => {
  it('maps messages to their fields', () => {
    expect(checkoutFieldOf(['delivery', 'postcode'])).toBe('postcode');
    expect(checkoutFieldOf(['billing', 'city'])).toBe('billing.city');
    expect(checkoutFieldOf(['card', 'expiry'])).toBe('cardExpiry');
    expect(checkoutFieldOf(['idempotencyKey'])).toBe('idempotencyKey');
  });
  it('checks emails with a dot-separated domain', () => {
    expect(validEmail('a@b.co')).toBe(true);
    expect(validEmail('a@b')).toBe(false);
  });
  it('makes gift card codes of 4 groups of 4 without look-alike characters', () => {
    const code = giftCardCode(new Uint8Array(16).map((_, i) => i * 17));
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
  });
});
