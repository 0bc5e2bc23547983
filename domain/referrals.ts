import type { CurrencyCode } from './sites';

// Refer a friend (SPEC §2 "/offer: a code query parameter is saved as a referral code", screens "Refer-a-friend
// popup on the home page"): each customer has a personal code per site; the friend who follows the link gets
// money off a first order. Pure.

/** What the friend gets, in the site's currency: an amount off an order of at least a minimum (cents). */
export const REFERRAL_OFFER: Record<CurrencyCode, { amountCents: number; minimumCents: number }> = {
  AUD: { amountCents: 2_500, minimumCents: 10_000 },
  NZD: { amountCents: 2_500, minimumCents: 10_000 },
  USD: { amountCents: 2_000, minimumCents: 8_000 },
  HKD: { amountCents: 15_000, minimumCents: 60_000 },
  TWD: { amountCents: 60_000, minimumCents: 250_000 },
};

export const REFERRAL_CODE_PATTERN = /^REF-[A-Z2-9]{6}$/;

// No 0/O or 1/I: the code is read aloud and typed from a message.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new code from 6 random bytes (the caller passes crypto randomness in). */
export function makeReferralCode(random: Uint8Array): string {
  let code = 'REF-';
  for (let i = 0; i < 6; i++) code += ALPHABET[(random[i] ?? 0) % ALPHABET.length];
  return code;
}

export function referralLink(origin: string, code: string): string {
  return `${origin}/offer?code=${encodeURIComponent(code)}`;
}
