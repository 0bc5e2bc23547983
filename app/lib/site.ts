import type { Site } from '../../domain/sites';

/** What the browser may know of a site: an explicit list (DESIGN.md convention 5). */
export function toPublicSite(site: Site) {
  return {
    id: site.id,
    brand: site.brand,
    country: site.country,
    currency: site.currency,
    intlLocale: site.intlLocale,
    lang: site.lang,
    freeShippingThresholdCents: site.freeShippingThresholdCents,
    supportPhone: site.supportPhone,
    chinese: site.chinese,
  };
}

/** On the Chinese sites also the catalogue's countries in the site's language (the root's loader adds them). */
export type PublicSite = ReturnType<typeof toPublicSite> & { countryNames?: Readonly<Record<string, string>> };
