import { z } from 'zod';
import type { Site } from './sites';

// Email signup (SPEC §3 list configuration, §4 email capture, §5 validation, §8 success texts).

export const EMAIL_SIGNUP_VARIANTS = ['footer', 'modal', 'rebrand_1', 'rebrand_2', 'customer-service'] as const;
export type EmailSignupVariant = (typeof EMAIL_SIGNUP_VARIANTS)[number];

/** The input's placeholder; a value equal to it counts as empty (SPEC §5). */
export const EMAIL_SIGNUP_PLACEHOLDER = 'Enter email address';

/** SPEC §9: the email capture modal shows after 30 s; closing it blocks it for 10 days. */
export const EMAIL_CAPTURE_DELAY_MS = 30_000;
export const EMAIL_CAPTURE_COOKIE = 'emailCaptureClosed';
export const EMAIL_CAPTURE_COOKIE_DAYS = 10;

export type EmailSignupLanguage = 'en' | 'zh-HK' | 'zh-TW';

interface SignupTexts {
  empty: string;
  invalid: string;
  success: string;
  placeholder: string;
  button: string;
  label: string;
}

const TEXTS: Record<EmailSignupLanguage, SignupTexts> = {
  en: {
    empty: /*i18n*/ 'You forgot to enter an email address.',
    invalid: /*i18n*/ 'Please enter a valid email address.',
    success: /*i18n*/ 'Thank you, you have been subscribed.',
    placeholder: EMAIL_SIGNUP_PLACEHOLDER,
    button: 'Sign up',
    label: 'Email address',
  },
  'zh-HK': {
    empty: '你忘記輸入電郵地址。',
    invalid: '請輸入有效的電郵地址。',
    success: '多謝，你已成功訂閱。',
    placeholder: '輸入電郵地址',
    button: '登記',
    label: '電郵地址',
  },
  'zh-TW': {
    empty: '您忘了輸入電子郵件地址。',
    invalid: '請輸入有效的電子郵件地址。',
    success: '謝謝，您已成功訂閱。',
    placeholder: '輸入電子郵件地址',
    button: '訂閱',
    label: '電子郵件地址',
  },
};

/** tw and the hk Chinese locales get traditional Chinese; every other site English (SPEC §5, §8). */
export function signupLanguage(site: Pick<Site, 'chinese' | 'lang'>): EmailSignupLanguage {
  if (!site.chinese) return 'en';
  return site.lang === 'zh-TW' ? 'zh-TW' : 'zh-HK';
}

export function signupTexts(language: EmailSignupLanguage): SignupTexts {
  return TEXTS[language];
}

/**
 * The SPEC's "standard pattern": a local part, @, then a dot-separated domain whose final part has at
 * least 2 characters. No spaces anywhere.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/;

export type SignupCheck = { ok: true; email: string } | { ok: false; reason: 'empty' | 'invalid' };

/** Trims the value; empty or the placeholder text is 'empty'; otherwise the pattern decides. */
export function checkSignupEmail(raw: string, placeholder: string = EMAIL_SIGNUP_PLACEHOLDER): SignupCheck {
  const value = raw.trim();
  if (value === '' || value === placeholder || value === EMAIL_SIGNUP_PLACEHOLDER) {
    return { ok: false, reason: 'empty' };
  }
  if (value.length > 254 || !EMAIL_PATTERN.test(value)) return { ok: false, reason: 'invalid' };
  return { ok: true, email: value.toLowerCase() };
}

/** Brands and countries whose form also marks the input with the error style (SPEC §5). */
export function marksInputOnError(site: Pick<Site, 'brand' | 'country'>): boolean {
  return site.brand.code === 'vws' || site.brand.code === 'adc' || site.country === 'nz';
}

/** The list a signup goes to: the site's list, or its second list for nz law footer signups (SPEC §3). */
export function emailListFor(
  site: Pick<Site, 'emailList' | 'brand' | 'country'>,
  variant: EmailSignupVariant,
): { accountId: string; listId: string } {
  const { accountId, listId, footerListId } = site.emailList;
  const second = variant === 'footer' && site.brand.code === 'law' && site.country === 'nz' && footerListId;
  return { accountId, listId: second ? footerListId : listId };
}

/** Over the signup budget of a client address (services/platform/budgets.ts). */
export const SIGNUP_THROTTLED = /*i18n*/ 'Too many signups from your connection. Please wait an hour and try again.';

export const EmailSignupBodySchema = z.object({
  email: z.string().max(1000),
  variant: z.enum(EMAIL_SIGNUP_VARIANTS).default('footer'),
});
