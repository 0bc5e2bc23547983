import { z } from 'zod';
import {
  ACCOUNT_EMAIL_MESSAGES,
  LOGIN_EMAIL_PATTERN,
  LOGIN_MESSAGES,
  nameRequiredMessage,
  PASSWORD_RULE,
} from './identity-rules';

// SPEC §5: one zod schema per identity input, used by the forms in the browser and by the API.

export const LoginSchema = z.object({
  email: z
    .string({ error: LOGIN_MESSAGES.email })
    // NOTE: length first, and abort there: zod would otherwise still run the pattern on a 1 MB value.
    .max(1_000, { error: LOGIN_MESSAGES.email, abort: true })
    .trim()
    .max(254, { error: LOGIN_MESSAGES.email, abort: true })
    .regex(LOGIN_EMAIL_PATTERN, LOGIN_MESSAGES.email),
  password: z
    .string({ error: LOGIN_MESSAGES.password })
    .min(1, LOGIN_MESSAGES.password)
    .max(200, LOGIN_MESSAGES.failed),
});
export type LoginInput = z.infer<typeof LoginSchema>;

const name = (label: string) =>
  z
    .string({ error: nameRequiredMessage(label) })
    .trim()
    .min(1, nameRequiredMessage(label))
    .max(60, `Your ${label} can be at most 60 characters.`);

export const RegistrationSchema = z.object({
  firstName: name('first name'),
  lastName: name('last name'),
  email: LoginSchema.shape.email,
  password: z
    .string({ error: LOGIN_MESSAGES.password })
    .max(200, { error: LOGIN_MESSAGES.passwordRule, abort: true })
    .regex(PASSWORD_RULE, LOGIN_MESSAGES.passwordRule),
});
export type RegistrationInput = z.infer<typeof RegistrationSchema>;

export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ error: LOGIN_MESSAGES.password }).min(1, LOGIN_MESSAGES.password).max(200),
  newPassword: z
    .string({ error: LOGIN_MESSAGES.password })
    .max(200, { error: LOGIN_MESSAGES.passwordRule, abort: true })
    .regex(PASSWORD_RULE, LOGIN_MESSAGES.passwordRule),
});

export const ForgotPasswordSchema = z.object({ email: LoginSchema.shape.email });

/** A new password chosen through a reset link: the registration's rules (SPEC §5). */
export const ResetPasswordSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, ACCOUNT_EMAIL_MESSAGES.resetInvalidLink),
  password: RegistrationSchema.shape.password,
});

/** The token of a verification link (base64url of 32 random bytes). */
export const VerifyEmailSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, ACCOUNT_EMAIL_MESSAGES.invalidLink),
});
