import { z } from 'zod';
import { CUSTOMER_TEXTS, ERASE_CONFIRMATION } from './staff-customers';

// The console's customer inputs, for its pages and its JSON calls alike (apart from the texts, so a page that shows a
// rule ships no zod).

/** The search: an email or a name; `after`, the `next` of the page before. */
export const CustomerSearchSchema = z.object({
  q: z.string().trim().max(254, 'Search by an email or a name of at most 254 characters.').optional(),
  after: z.coerce
    .number({ message: CUSTOMER_TEXTS.badCursor })
    .int(CUSTOMER_TEXTS.badCursor)
    .positive(CUSTOMER_TEXTS.badCursor)
    .max(2_147_483_647, CUSTOMER_TEXTS.badCursor)
    .optional(),
});
export type CustomerSearchInput = z.infer<typeof CustomerSearchSchema>;

export const CustomerIdSchema = z.coerce
  .number({ message: CUSTOMER_TEXTS.badId })
  .int(CUSTOMER_TEXTS.badId)
  .positive(CUSTOMER_TEXTS.badId)
  .max(2_147_483_647, CUSTOMER_TEXTS.badId);

/** An erase names what it does: `{ confirm: "ERASE" }`. */
export const EraseCustomerSchema = z.object({
  confirm: z
    .string({ message: CUSTOMER_TEXTS.confirmErase })
    .trim()
    .refine((value) => value === ERASE_CONFIRMATION, CUSTOMER_TEXTS.confirmErase),
});
