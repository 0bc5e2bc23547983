import { z } from 'zod';
import { API_TEXTS } from './api-texts';

// Inputs of the account area (SPEC §7 PUT /api/user/preferences/contact), shared by the settings page and the API.

export const ACCOUNT_MESSAGES = {
  contactBody: API_TEXTS.emailFlag,
  optedIn: /*i18n*/ 'You will receive our emails.',
  optedOut: /*i18n*/ 'You will no longer receive our emails.',
  passwordChanged: /*i18n*/ 'Your password has been changed.',
} as const;

export const ContactPreferencesSchema = z.object(
  {
    optin: z.object(
      { emailFlag: z.boolean({ error: ACCOUNT_MESSAGES.contactBody }) },
      { error: ACCOUNT_MESSAGES.contactBody },
    ),
  },
  { error: ACCOUNT_MESSAGES.contactBody },
);
export type ContactPreferencesInput = z.infer<typeof ContactPreferencesSchema>;
