import { describe, expect, it } from 'vitest';
import {
  countsAsMember,
  isActiveMember,
  isOutOfArea,
  offersTwelvePack,
  shownMemberPriceCents,
  showsMemberSavingsPrompts,
  showUnlimitedJoinPrompt,
  unlimitedItemCode,
} from './unlimited';

describe('isOutOfArea (SPEC §9: 0800–0999, 6215–6799, 2899, 7151)', () => {
  it.each([
    ['0799', false],
    ['0800', true],
    ['0870', true],
    ['0999', true],
    ['1000', false],
    ['6214', false],
    ['6215', true],
    ['6799', true],
    ['6800', false],
    ['2898', false],
    ['2899', true],
    ['2900', false],
    ['7150', false],
    ['7151', true],
    ['7152', false],
    ['', false],
    [null, false],
    ['12345', false],
  ])('%j → %j', (postcode, out) => {
    expect(isOutOfArea(postcode)).toBe(out);
  });
});

describe('member rules (SPEC §4, §6)', () => {
  it('counts ACTIVE, REQUESTED and SUSPENDED as members for banners', () => {
    expect(['ACTIVE', 'REQUESTED', 'SUSPENDED', null].map((s) => countsAsMember(s as never))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
  it('gives ACTIVE and REQUESTED member pricing, the page flag and no twelve-pack', () => {
    expect(['ACTIVE', 'REQUESTED', 'SUSPENDED', null].map((s) => isActiveMember(s as never))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
  it('shows an ACTIVE or REQUESTED member the member price below the sale price, and no twelve-pack', () => {
    const price = { salePriceCents: 2599, memberPriceCents: 2417 };
    expect(shownMemberPriceCents(true, price)).toBe(2417);
    expect(shownMemberPriceCents(false, price)).toBeNull();
    expect(shownMemberPriceCents(true, { ...price, memberPriceCents: 2599 })).toBeNull();
    expect(shownMemberPriceCents(true, { ...price, memberPriceCents: null })).toBeNull();
    expect([offersTwelvePack(true), offersTwelvePack(false)]).toEqual([false, true]);
  });
  it('gives SUSPENDED members no member-savings prompts', () => {
    expect(showsMemberSavingsPrompts('SUSPENDED')).toBe(false);
    expect(showsMemberSavingsPrompts(null)).toBe(true);
    expect(showsMemberSavingsPrompts('ACTIVE')).toBe(true);
  });
  it('hides the join prompt for members, with Unlimited in the cart, and out of area', () => {
    const base = { status: null, cartHasUnlimited: false, postcode: '2000' } as const;
    expect(showUnlimitedJoinPrompt(base)).toBe(true);
    expect(showUnlimitedJoinPrompt({ ...base, postcode: null })).toBe(true);
    for (const status of ['ACTIVE', 'REQUESTED', 'SUSPENDED'] as const)
      expect(showUnlimitedJoinPrompt({ ...base, status })).toBe(false);
    expect(showUnlimitedJoinPrompt({ ...base, cartHasUnlimited: true })).toBe(false);
    expect(showUnlimitedJoinPrompt({ ...base, postcode: '0870' })).toBe(false);
  });
});

describe('unlimitedItemCode (SPEC §9: substituted on test hosts)', () => {
  it('is UL0001 live and UL9001 on test hosts', () => {
    expect(unlimitedItemCode(false)).toBe('UL0001');
    expect(unlimitedItemCode(true)).toBe('UL9001');
  });
});
