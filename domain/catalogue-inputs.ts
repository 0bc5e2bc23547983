import { z } from 'zod';
import { ITEM_CODE_PATTERN } from './item-code';
import { message } from './message';
import { API_TEXTS } from './api-texts';

// Shared input schemas (DESIGN.md convention 2): the browser and the API check the same way.

/** The wordings of a bad item code; each endpoint keeps the one its clients already show (SPEC §7). */
export const ITEM_CODE_MESSAGES = {
  enter: /*i18n*/ 'Please enter a valid item code.',
  give: 'Please give a valid item code.',
  case: 'Please enter a valid case code.',
} as const;

/** What the catalogue answers for a code or name it does not hold (each the shopper's words, with the code). */
export const NOT_FOUND_MESSAGES = {
  product: (code: string) => message(/*i18n*/ 'We could not find a product with item code {code}.', { code }),
  case: (code: string) => message(/*i18n*/ 'We could not find a case with code {code}.', { code }),
  postcode: (postcode: string) => message(/*i18n*/ 'We could not find the postcode {postcode}.', { postcode }),
  offerList: (name: string) => message(/*i18n*/ 'There is no offer list named {name}.', { name }),
};

/** An item or sku code as typed, trimmed; `missing` answers a value that is not a string at all. */
export function itemCodeText(message: string = ITEM_CODE_MESSAGES.enter, missing: string = message) {
  return z.string({ error: missing }).trim().regex(ITEM_CODE_PATTERN, message);
}

/** An item code as the catalogue stores it: the same check, upper-cased. */
export function itemCodeSchema(message: string = ITEM_CODE_MESSAGES.enter, missing: string = message) {
  return itemCodeText(message, missing).transform((s) => s.toUpperCase());
}

export const ItemCodeSchema = itemCodeSchema();

export const PostcodeSchema = z
  .string()
  .trim()
  .regex(/^\d{4}$/, /*i18n*/ 'Please enter a 4-digit postcode.');

export const OfferListPathSchema = z.object({
  name: z.string().regex(/^[a-z0-9_]{1,80}$/, API_TEXTS.offerListName),
  locale: z.string().regex(/^en_(AU|NZ|US|HK|TW)_(law|vir|wpe|adc|vws|wsj|hlw)$/, 'Locale must look like en_AU_law.'),
  dataAreaId: z.string().regex(/^[A-Z]{3}$/, 'dataAreaId must be three capital letters, e.g. AUS.'),
});
