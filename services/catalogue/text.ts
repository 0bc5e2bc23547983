import type { I18n } from '@lingui/core';
import { COLOUR_NAMES } from '../../domain/categories';
import { ADDON_HEADING_TEXTS, CATALOGUE_TEXTS, COUNTRY_TEXTS } from '../platform/server-texts';

const KNOWN: ReadonlySet<string> = new Set([...CATALOGUE_TEXTS.map((t) => t.id), ...Object.values(COLOUR_NAMES)]);

/**
 * A word of the catalogue (a country, a style, a carousel's heading) as the site's language writes it, for the pages
 * the server renders; anything else (a grape, a region, a name) as it is. The JSON API keeps the catalogue's own.
 */
export function catalogueText(i18n: I18n, value: string): string {
  return KNOWN.has(value) ? i18n._(value) : value;
}

/**
 * The catalogue's countries in the site's language, for the tiles a page's scripts draw from the JSON API (recently
 * viewed, recommendations), which carries the catalogue's own words: the root's data hands them to every page.
 */
export function countryNames(i18n: I18n): Record<string, string> {
  return Object.fromEntries(COUNTRY_TEXTS.map(({ id }) => [id, i18n._(id)]));
}

/**
 * The cart add-on lists' headings in the site's language, by the catalogue's own words (which the offer list API
 * answers), for the cart page's add-on carousel.
 */
export function addOnHeadings(i18n: I18n): Record<string, string> {
  return Object.fromEntries(ADDON_HEADING_TEXTS.map(({ id }) => [id, i18n._(id)]));
}
