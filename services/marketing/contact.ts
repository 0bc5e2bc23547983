import type { I18n } from '@lingui/core';
import { type Db, inTransaction } from '../../db/client';
import { CONTACT_TEXTS } from '../../domain/contact-texts';
import type { Clock } from '../../domain/clock';
import { CONTACT_TOPIC_LABELS, type ContactMessage } from '../../domain/contact';
import { escapeHtml } from '../../domain/html';
import { mailboxKey } from '../../domain/identity-rules';
import { supportEmailOf } from '../../domain/site-contacts';
import type { Site } from '../../domain/sites';
import { type BudgetLimits, budgetsFor, HOUR_MS, spendBudget } from '../platform/budgets';
import { enqueue } from '../platform/outbox';

// The contact form: the message goes to the retailer's customer-service mailbox and an acknowledgement to the sender,
// both through the outbox (one transaction), budgeted per client address and per sender's address: each message
// costs two emails, and the acknowledgement goes to an address anyone may type, so it never repeats their words.

export interface ContactContext {
  db: Db;
  clock: Clock;
  site: Site;
  clientAddress: string;
  budgets: Pick<BudgetLimits, 'contactsPerAddress'>;
  /** Where the message goes (CUSTOMER_SERVICE_EMAIL, else the site's own, domain/site-contacts.ts). */
  customerServiceEmail: string;
  messages: () => Promise<I18n>;
}

/** An email the outbox sends (`contact-email`); replies to the retailer's copy go to the shopper. */
export interface ContactMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

/** The retailer's copy: in English, for the customer-service team, with everything the shopper gave. */
function retailerMail(ctx: ContactContext, input: ContactMessage, customerId: number | null): ContactMail {
  const topic = CONTACT_TOPIC_LABELS[input.topic];
  const facts: [string, string][] = [
    ['Site', ctx.site.id],
    ['Name', input.name],
    ['Email', input.email],
    ['Order number', input.orderNumber || '–'],
    ['Topic', topic],
    ['Customer id', customerId === null ? 'not logged in' : String(customerId)],
  ];
  return {
    to: ctx.customerServiceEmail,
    replyTo: input.email,
    subject: `Contact form (${ctx.site.id}): ${topic}${input.orderNumber ? ` – ${input.orderNumber}` : ''}`,
    text: [...facts.map(([k, v]) => `${k}: ${v}`), '', input.message, ''].join('\n'),
    html: [
      `<dl>${facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`,
      `<p>${escapeHtml(input.message).replace(/\r?\n/g, '<br>')}</p>`,
    ].join('\n'),
  };
}

/** The sender's acknowledgement, in the site's language. */
function acknowledgement(ctx: ContactContext, i18n: I18n, input: ContactMessage): ContactMail {
  const subject = i18n._(CONTACT_TEXTS.ackSubject, { brand: ctx.site.brand.name });
  const body = i18n._(CONTACT_TEXTS.ackBody);
  const sign = `${ctx.site.brand.name} · ${ctx.site.supportPhone} · ${supportEmailOf(ctx.site.id)}`;
  return {
    to: input.email,
    subject,
    text: `${body}\n\n${sign}\n`,
    html: `<p>${escapeHtml(body)}</p><p>${escapeHtml(sign)}</p>`,
  };
}

/**
 * Sends a contact-form message: the budgets first (a 'throttled' ServiceError when spent), then both emails queued
 * together.
 */
export async function sendContactMessage(
  ctx: ContactContext,
  input: ContactMessage,
  customerId: number | null,
): Promise<void> {
  const now = ctx.clock.now();
  const perHour = ctx.budgets.contactsPerAddress;
  await spendBudget(
    ctx.db,
    now,
    [
      ...budgetsFor('contact', perHour, ctx.clientAddress),
      { key: `contact:email:${mailboxKey(input.email)}`, limit: perHour, windowMs: HOUR_MS },
    ],
    CONTACT_TEXTS.throttled,
  );
  const i18n = await ctx.messages();
  const mails = [retailerMail(ctx, input, customerId), acknowledgement(ctx, i18n, input)];
  await inTransaction(ctx.db, async (tx) => {
    for (const mail of mails) await enqueue(tx, 'contact-email', mail, now);
  });
}
