import { describe, expect, it } from 'vitest';
import { last4Of, normaliseGiftCardCode, planGiftCardPayment, splitRefund } from './gift-cards';

describe('gift card codes', () => {
  it('are read whatever their spacing, dashes and case', () => {
    expect(normaliseGiftCardCode(' abcd-efgh ijkl_MNOP ')).toBe('ABCDEFGHIJKLMNOP');
    expect(last4Of('abcd-efgh-ijkl-mn2p')).toBe('MN2P');
  });
});

describe('paying with gift cards', () => {
  it.each([
    { balances: [5_000], payable: 8_000, applied: [5_000], card: 3_000 },
    { balances: [5_000], payable: 3_000, applied: [3_000], card: 0 },
    { balances: [2_000, 5_000], payable: 4_000, applied: [2_000, 2_000], card: 0 },
    { balances: [2_000, 5_000, 1_000], payable: 4_000, applied: [2_000, 2_000, 0], card: 0 },
    { balances: [], payable: 4_000, applied: [], card: 4_000 },
  ])('cards of $balances pay $applied of $payable, the card $card', ({ balances, payable, applied, card }) => {
    const plan = planGiftCardPayment(
      balances.map((balanceCents, i) => ({ id: i + 1, last4: `000${i}`, balanceCents })),
      payable,
    );
    expect(plan.applied.map((c) => c.appliedCents)).toEqual(applied);
    expect(plan.cardCents).toBe(card);
    expect(plan.giftCardCents + plan.cardCents).toBe(payable);
  });
});

describe('sharing a refund', () => {
  const left = {
    cardCents: 3_000,
    giftCards: [
      { id: 1, leftCents: 2_000 },
      { id: 2, leftCents: 1_000 },
    ],
  };
  it.each([
    { amount: 2_500, first: false, card: 2_500, gifts: [] },
    { amount: 4_000, first: false, card: 3_000, gifts: [{ id: 1, cents: 1_000 }] },
    {
      amount: 6_000,
      first: false,
      card: 3_000,
      gifts: [
        { id: 1, cents: 2_000 },
        { id: 2, cents: 1_000 },
      ],
    },
    {
      amount: 2_500,
      first: true,
      card: 0,
      gifts: [
        { id: 1, cents: 2_000 },
        { id: 2, cents: 500 },
      ],
    },
    {
      amount: 4_000,
      first: true,
      card: 1_000,
      gifts: [
        { id: 1, cents: 2_000 },
        { id: 2, cents: 1_000 },
      ],
    },
  ])('$amount (gift cards first: $first) goes $card to the card', ({ amount, first, card, gifts }) => {
    const split = splitRefund(amount, left, first);
    expect(split.cardCents).toBe(card);
    expect(split.giftCards).toEqual(gifts);
  });
});
