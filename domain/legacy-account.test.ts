import { describe, expect, it } from 'vitest';
import { LEGACY_DETAILS_PATH, LEGACY_LISTS_PATH, legacyDetailsFor, newRouteForHash } from './legacy-account';

describe('legacy account mapping (SPEC §2)', () => {
  it('maps the details page by hash, unknown or no hash to /account', () => {
    expect(newRouteForHash(LEGACY_DETAILS_PATH, '#shipping-address')).toBe('/account/personal-details');
    expect(newRouteForHash(LEGACY_DETAILS_PATH, '#billing-address')).toBe('/account/personal-details');
    expect(newRouteForHash(LEGACY_DETAILS_PATH, '#payment')).toBe('/account/payment-methods');
    for (const h of ['#email-settings', '#password', '#tpr-settings'])
      expect(newRouteForHash(LEGACY_DETAILS_PATH, h)).toBe('/account/settings');
    expect(newRouteForHash(LEGACY_DETAILS_PATH, '')).toBe('/account');
    expect(newRouteForHash(LEGACY_DETAILS_PATH, '#nonsense')).toBe('/account');
  });

  it('maps the lists page by hash, unknown or no hash to /account/purchased', () => {
    expect(newRouteForHash(LEGACY_LISTS_PATH, '#/favorites')).toBe('/account/favourites');
    expect(newRouteForHash(LEGACY_LISTS_PATH, '#/dont-send')).toBe('/account/not-for-me');
    expect(newRouteForHash(LEGACY_LISTS_PATH, '#/top-rated')).toBe('/account/top-rated');
    expect(newRouteForHash(LEGACY_LISTS_PATH, '#/recommendations')).toBe('/account/recommendations');
    expect(newRouteForHash(LEGACY_LISTS_PATH, '#/purchased')).toBe('/account/purchased');
    expect(newRouteForHash(LEGACY_LISTS_PATH, '')).toBe('/account/purchased');
  });

  it('maps new routes back to the legacy details page on test hosts', () => {
    expect(legacyDetailsFor('/account')).toBe(LEGACY_DETAILS_PATH);
    expect(legacyDetailsFor('/account/payment-methods')).toBe(`${LEGACY_DETAILS_PATH}#payment`);
    expect(legacyDetailsFor('/account/personal-details/')).toBe(`${LEGACY_DETAILS_PATH}#shipping-address`);
    expect(legacyDetailsFor('/account/settings')).toBe(`${LEGACY_DETAILS_PATH}#email-settings`);
    expect(legacyDetailsFor('/account/wine-cellar')).toBe(LEGACY_DETAILS_PATH);
  });
});
