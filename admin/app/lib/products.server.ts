import { isSiteId, SITE_IDS, type SiteId } from '../../../domain/sites';

/** The site a console products page is asked for, else the first the staff member sees. */
export function siteOf(value: string | null, sees: (site: SiteId) => boolean): SiteId {
  if (value && isSiteId(value)) return value;
  return SITE_IDS.find(sees) ?? 'law-au';
}
