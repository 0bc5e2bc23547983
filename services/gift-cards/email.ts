import type { I18n } from '@lingui/core';
import { escapeHtml } from '../../domain/html';
import { formatMoney } from '../../domain/money';
import type { Site } from '../../domain/sites';
import { type GiftCardKey, openCode, sealCode } from './gift-cards';
import type { MailJob } from '../platform/outbox';
import { EMAIL_TEXTS } from '../platform/server-texts';

// The recipient's email of an e-gift card, in the site's language, queued with the order. The outbox keeps it with
// the code sealed (services/gift-cards/gift-cards.ts sealCode): the sender opens it just before the email goes.

/** Where the code goes in the kept email; the sender puts the opened code there. */
const CODE_SLOT = '[[gift-card-code]]';

export interface GiftCardMail extends MailJob {
  /** The code, sealed under GIFT_CARD_KEY. */
  sealedCode: string;
}

export interface GiftCardEmailInput {
  site: Site;
  siteOrigin: string;
  code: string;
  amountCents: number;
  recipientName: string;
  recipientEmail: string;
  message: string;
  expiresAt: Date;
}

export function renderGiftCardEmail(input: GiftCardEmailInput, i18n: I18n, key: GiftCardKey): GiftCardMail {
  const brand = input.site.brand.name;
  const amount = formatMoney(input.amountCents, input.site);
  const date = new Intl.DateTimeFormat(input.site.intlLocale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    input.expiresAt,
  );
  const balanceLink = `${input.siteOrigin}/gift-vouchers/balance`;
  const hello = i18n._(EMAIL_TEXTS.giftHello.id, { name: input.recipientName });
  const body = i18n._(EMAIL_TEXTS.giftBody.id, { amount, brand });
  const theirMessage = i18n._(EMAIL_TEXTS.giftMessage.id);
  const code = i18n._(EMAIL_TEXTS.giftCode.id, { code: CODE_SLOT });
  const howTo = i18n._(EMAIL_TEXTS.giftHowTo.id, { date });
  const balance = i18n._(EMAIL_TEXTS.giftBalance.id);
  const footer = `${brand} · ${input.site.supportPhone}`;
  const text = [
    hello,
    '',
    body,
    ...(input.message ? ['', theirMessage, input.message] : []),
    '',
    code,
    howTo,
    `${balance} ${balanceLink}`,
    '',
    footer,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<h1>${escapeHtml(body)}</h1>`,
    input.message ? `<p>${escapeHtml(theirMessage)}</p><blockquote>${escapeHtml(input.message)}</blockquote>` : '',
    `<p><strong>${escapeHtml(code)}</strong></p>`,
    `<p>${escapeHtml(howTo)}</p>`,
    `<p>${escapeHtml(balance)} <a href="${escapeHtml(balanceLink)}">${escapeHtml(balanceLink)}</a></p>`,
    `<p>${escapeHtml(footer)}</p>`,
  ].join('\n');
  return {
    to: input.recipientEmail,
    subject: i18n._(EMAIL_TEXTS.giftSubject.id, { name: input.recipientName, brand }),
    text,
    html,
    sealedCode: sealCode(key, input.code),
  };
}

/** The email as it is sent: the code opened and put in its place. */
export function openGiftCardMail(mail: GiftCardMail, key: GiftCardKey): MailJob {
  const code = openCode(key, mail.sealedCode);
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text.replaceAll(CODE_SLOT, code),
    // The slot has no character escapeHtml changes: it stands as it is in the HTML too.
    html: mail.html.replaceAll(CODE_SLOT, escapeHtml(code)),
  };
}
