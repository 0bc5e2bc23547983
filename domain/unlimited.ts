// Unlimited, the paid free-delivery membership (SPEC §4 "Unlimited member", "Join Unlimited modal", §6, §9
// "Unlimited"; CONTRACT.md UL0001/UL9001). Pure rules shared by the server and the browser.

import { MEMBER_STATES, type MembershipStatus } from './memberships';
import { message } from './message';
import { isOneOf } from './state-machine';

/** An Unlimited membership that still stands (a cancelled one is as none). */
export type UnlimitedStatus = Exclude<MembershipStatus, 'CANCELLED'>;

/** SPEC §4: "For banner logic, ACTIVE, REQUESTED or SUSPENDED all count as member." */
export const STANDING_STATES = ['ACTIVE', 'REQUESTED', 'SUSPENDED'] as const satisfies readonly UnlimitedStatus[];

/** CONTRACT.md: UL0001 is the membership; test hosts use UL9001 (SPEC §9 "On test environments Unlimited item codes are substituted"). */
export const UNLIMITED_ITEM_CODE = 'UL0001';
export const UNLIMITED_TEST_ITEM_CODE = 'UL9001';
export const UNLIMITED_ITEM_CODES: ReadonlySet<string> = new Set([UNLIMITED_ITEM_CODE, UNLIMITED_TEST_ITEM_CODE]);

/** The one place the SPEC's code substitution happens: the membership a host sells. */
export function unlimitedItemCode(isTestHost: boolean): string {
  return isTestHost ? UNLIMITED_TEST_ITEM_CODE : UNLIMITED_ITEM_CODE;
}

/** SPEC §9: out-of-area postcodes are the ranges 0800–0999 and 6215–6799, plus 2899 and 7151. */
export function isOutOfArea(postcode: string | null | undefined): boolean {
  if (!postcode || !/^\d{4}$/.test(postcode.trim())) return false;
  const n = Number(postcode.trim());
  return (n >= 800 && n <= 999) || (n >= 6215 && n <= 6799) || n === 2899 || n === 7151;
}

/** SPEC §4: "For banner logic, ACTIVE, REQUESTED or SUSPENDED all count as member." */
export function countsAsMember(status: UnlimitedStatus | null | undefined): boolean {
  return isOneOf(STANDING_STATES, status);
}

/**
 * SPEC §4: ACTIVE or REQUESTED members get the page flag, member pricing, no twelve-pack option and no Unlimited
 * upsells.
 */
export function isActiveMember(status: UnlimitedStatus | null | undefined): boolean {
  return isOneOf(MEMBER_STATES, status);
}

/**
 * SPEC §4 wherever a price is shown (the product page's packs, every product tile): the member price an ACTIVE or
 * REQUESTED member sees beside the sale price, when it is the lower; null for anyone else.
 */
export function shownMemberPriceCents(
  activeMember: boolean,
  price: { salePriceCents: number | null; memberPriceCents?: number | null | undefined },
): number | null {
  const { salePriceCents: sale, memberPriceCents: member } = price;
  return activeMember && member && sale !== null && member < sale ? member : null;
}

/** SPEC §4: ACTIVE or REQUESTED members are not offered the twelve-pack (the product page's pack, a tile's case). */
export function offersTwelvePack(activeMember: boolean): boolean {
  return !activeMember;
}

/** SPEC §4/§6: suspended members get no member-savings prompts; everyone else may see them. */
export function showsMemberSavingsPrompts(status: UnlimitedStatus | null | undefined): boolean {
  return status !== 'SUSPENDED';
}

/**
 * SPEC §6: Unlimited join prompts are hidden for members, when Unlimited is already in the cart, and for delivery
 * postcodes out of area.
 */
export function showUnlimitedJoinPrompt(input: {
  status: UnlimitedStatus | null | undefined;
  cartHasUnlimited: boolean;
  postcode: string | null | undefined;
}): boolean {
  return !countsAsMember(input.status) && !input.cartHasUnlimited && !isOutOfArea(input.postcode);
}

/** Unlimited is sold in these currencies (CONTRACT.md: its price on the site, AUD/NZD). */
export function sellsUnlimited(currency: string): boolean {
  return currency === 'AUD' || currency === 'NZD';
}

export const UNLIMITED_MESSAGES = {
  alreadyMember: /*i18n*/ 'You are already an Unlimited member.',
  suspended: /*i18n*/ 'Your Unlimited membership is suspended. Please contact us to reactivate it.',
  inCart: /*i18n*/ 'Unlimited is already in your cart.',
  outOfArea: (postcode: string) =>
    message(/*i18n*/ "Unlimited isn't available for delivery to {postcode}.", { postcode }),
  notSold: /*i18n*/ 'Unlimited is not available on this site.',
} as const;
