import { z } from 'zod';
import { CONTACT_TEXTS } from './contact-texts';
import { LOGIN_MESSAGES } from './identity-rules';
import { LoginSchema } from './identity-schemas';

// The contact form (`/contact-us`, POST /api/contact): one schema for the page's own check and the API's.

/** What a message may be about; the retailer's email names the topic. */
export const CONTACT_TOPICS = ['order', 'delivery', 'returns', 'account', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** Each topic's label (CONTACT_TEXTS, written by the page's loader in the site's language). */
export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  order: CONTACT_TEXTS.topicOrder,
  delivery: CONTACT_TEXTS.topicDelivery,
  returns: CONTACT_TEXTS.topicReturns,
  account: CONTACT_TEXTS.topicAccount,
  other: CONTACT_TEXTS.topicOther,
};

export const CONTACT_MESSAGE_MAX = 2_000;

/**
 * A one-line field holds no line break of any kind (CR, LF, vertical tab, form feed, NEL, the Unicode line and
 * paragraph separators): the retailer's copy writes each field as a `Label: value` line, and a break in a value would
 * forge lines of its own ("Email: …").
 */
export const ONE_LINE = /^[^\n\v\f\r\u0085\u2028\u2029]*$/;

export const ContactMessageSchema = z.object({
  name: z
    .string({ error: CONTACT_TEXTS.nameRequired })
    .trim()
    .min(1, CONTACT_TEXTS.nameRequired)
    .max(100, CONTACT_TEXTS.nameRequired)
    .regex(ONE_LINE, CONTACT_TEXTS.nameOneLine),
  // NOTE: the email pattern refuses whitespace, which in JavaScript leaves out NEL (U+0085).
  email: LoginSchema.shape.email.regex(ONE_LINE, LOGIN_MESSAGES.email),
  orderNumber: z
    .string({ error: CONTACT_TEXTS.orderNumberInvalid })
    .trim()
    .toUpperCase()
    .regex(/^(?:[A-Z0-9-]{4,30})?$/, CONTACT_TEXTS.orderNumberInvalid)
    .optional()
    .default(''),
  topic: z.enum(CONTACT_TOPICS, { error: CONTACT_TEXTS.topicRequired }),
  message: z
    .string({ error: CONTACT_TEXTS.messageLength })
    .trim()
    .min(10, CONTACT_TEXTS.messageLength)
    .max(CONTACT_MESSAGE_MAX, CONTACT_TEXTS.messageLength),
});

export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** The form field a schema issue belongs to, for the page's error next to it. */
export type ContactField = keyof ContactMessage;
