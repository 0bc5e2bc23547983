// The contact form's words, apart from domain/api-texts.ts, which pages load: only the contact page's own chunk and
// the server read these. Nothing here imports anything: the build's config reads this file too.

/**
 * The contact form's words (domain/contact.ts, app/routes/contact-us.tsx): the API answers its refusals in the site's
 * language and the page's loader writes its labels, so the browser's catalogues leave them out
 * (vite.config.ts) and the API sends them in the site's language (server/envelope.ts).
 */
export const CONTACT_TEXTS = {
  formHeading: /*i18n*/ 'Write to us',
  name: /*i18n*/ 'Your name',
  email: /*i18n*/ 'Your email address',
  orderNumber: /*i18n*/ 'Order number (optional)',
  topic: /*i18n*/ 'What is it about?',
  message: /*i18n*/ 'Your message',
  send: /*i18n*/ 'Send message',
  sending: /*i18n*/ 'Sending…',
  sent: /*i18n*/ 'Thank you: your message has reached our customer service team. We answer within one working day, and we have emailed you a copy of this acknowledgement.',
  emailUs: /*i18n*/ 'Email us',
  topicOrder: /*i18n*/ 'An order',
  topicDelivery: /*i18n*/ 'A delivery',
  topicReturns: /*i18n*/ 'Returns and refunds',
  topicAccount: /*i18n*/ 'My account or membership',
  topicOther: /*i18n*/ 'Something else',
  nameRequired: /*i18n*/ 'Please enter your name (at most 100 characters).',
  nameOneLine: /*i18n*/ 'Please write your name on one line.',
  orderNumberInvalid: /*i18n*/ 'Please check the order number: it is on your confirmation email.',
  topicRequired: /*i18n*/ 'Please choose what your message is about.',
  messageLength: /*i18n*/ 'Please write your message: 10 to 2,000 characters.',
  throttled: /*i18n*/ 'Too many messages sent. Please wait an hour and try again, or call us.',
  // The acknowledgement emailed to the sender.
  ackSubject: /*i18n*/ '{brand}: we have your message',
  ackBody: /*i18n*/ 'Thank you for contacting us. Our customer service team answers within one working day.',
} as const;

/** The texts above, which the server translates before it answers. */
export const CONTACT_ONLY_TEXTS: readonly string[] = Object.values(CONTACT_TEXTS);
