import { z } from 'zod';

// Inputs of the account area (SPEC §7 PUT /api/user/preferences/contact), shared by the settings page and the API.

export const ACCOUNT_MESSAGES = {
  contactBody: 'Please send optin.emailFlag as true or false.',
  optedIn: 'You will receive our emails.',
  optedOut: 'You will no longer receive our emails.',
  passwordChanged: 'Your password has been changed.',
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
