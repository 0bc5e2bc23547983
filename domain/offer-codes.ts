// Voucher and referral codes carried by offer links (SPEC §2 /offer, offer.jsp, promoCode; §9 voucher cookie 30 days).

export const VOUCHER_COOKIE = 'voucher_code';
export const REFERRAL_COOKIE = 'referral_code';
export const OFFER_CODE_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** A code we will store: letters, digits and dashes, at most 32. Anything else is ignored. */
export const OFFER_CODE_PATTERN = /^[A-Za-z0-9-]{1,32}$/;
