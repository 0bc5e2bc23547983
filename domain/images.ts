import type { Site } from './sites';

// SPEC §8: a missing image is replaced by a placeholder chosen by brand, country and size
// (bottle small, thumbnail or large; a mixed case has its own).

export const IMAGE_SIZES = ['small', 'thumbnail', 'large'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

export function placeholderImageUrl(site: Pick<Site, 'brand' | 'country'>, size: ImageSize, mixed: boolean): string {
  const kind = mixed ? 'case' : 'bottle';
  return `/images/placeholder/${site.brand.code}-${site.country}-${kind}-${size}.svg`;
}
