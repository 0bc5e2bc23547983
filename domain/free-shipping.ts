import type { Site } from './sites';

// SPEC §9: free shipping when the subtotal reaches the site's threshold (347 AUD, 392 NZD);
// the category marker uses "total at least" the same value.
export function qualifiesForFreeShipping(totalCents: number, site: Pick<Site, 'freeShippingThresholdCents'>): boolean {
  return totalCents >= site.freeShippingThresholdCents;
}

export function amountToFreeShipping(subtotalCents: number, site: Pick<Site, 'freeShippingThresholdCents'>): number {
  return Math.max(0, site.freeShippingThresholdCents - subtotalCents);
}
