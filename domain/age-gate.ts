import type { CountryCode } from './sites';

// SPEC §4/§9: the age-verification modal shows until confirming sets a cookie for 7 days.
export const AGE_COOKIE_NAME = 'age_verified';
export const AGE_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export const LEGAL_DRINKING_AGE: Record<CountryCode, number> = { au: 18, nz: 18, us: 21, hk: 18, tw: 18 };
