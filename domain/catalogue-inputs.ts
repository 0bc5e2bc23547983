import { z } from 'zod';
import { ITEM_CODE_PATTERN } from './item-code';

// Shared input schemas (DESIGN.md convention 2): the browser and the API check the same way.

export const ItemCodeSchema = z
  .string()
  .trim()
  .regex(ITEM_CODE_PATTERN, 'Please enter a valid item code.')
  .transform((s) => s.toUpperCase());

export const PostcodeSchema = z
  .string()
  .trim()
  .regex(/^\d{4}$/, 'Please enter a 4-digit postcode.');

export const OfferListPathSchema = z.object({
  name: z.string().regex(/^[a-z0-9_]{1,80}$/, 'Unknown offer list name.'),
  locale: z.string().regex(/^en_(AU|NZ|US|HK|TW)_(law|vir|wpe|adc|vws|wsj|hlw)$/, 'Locale must look like en_AU_law.'),
  dataAreaId: z.string().regex(/^[A-Z]{3}$/, 'dataAreaId must be three capital letters, e.g. AUS.'),
});
