import { z } from 'zod';
import { CARRIER_IDS, type CarrierId, TRACKING_NUMBER_PATTERN, TRACKING_NUMBER_TEXT } from './orders';
import { SITE_IDS } from './sites';
import { STAFF_PASSWORD_MIN, STAFF_ROLES, STAFF_TEXTS } from './staff';

// The console's inputs (sign-in, set-up), apart from domain/staff.ts so that a page that shows a rule ships no zod.

export const StaffEmailSchema = z
  .string()
  .trim()
  .min(3, 'Enter an email address.')
  .max(254, 'Enter an email address.')
  .regex(/^[^\s@]+@[^\s@]+$/, 'Enter an email address.');

export const StaffSignInSchema = z.object({
  email: StaffEmailSchema,
  password: z.string().min(1, 'Enter your password.').max(1024, STAFF_TEXTS.signInFailed),
});

export const StaffCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code your authenticator app shows.'),
});

export const StaffSetupSchema = z
  .object({
    token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, STAFF_TEXTS.setupLinkInvalid),
    password: z.string().min(STAFF_PASSWORD_MIN, STAFF_TEXTS.passwordShort).max(1024, STAFF_TEXTS.passwordShort),
    confirmPassword: z.string().max(1024),
    code: StaffCodeSchema.shape.code,
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: STAFF_TEXTS.passwordsDiffer });

/** A new staff account: email, role, and the sites it is limited to (none: every site). */
export const NewStaffSchema = z.object({
  email: StaffEmailSchema,
  role: z.enum(STAFF_ROLES, { message: `The role is one of ${STAFF_ROLES.join(', ')}.` }),
  sites: z
    .array(z.enum(SITE_IDS as [string, ...string[]], { message: 'A site is a site id such as law-au.' }))
    .default([]),
});

/** The console's order actions' inputs (services/staff/orders.ts). */
export const ShipOrderSchema = z.object({
  carrier: z.enum(CARRIER_IDS as [CarrierId, ...CarrierId[]], {
    message: `A carrier is one of ${CARRIER_IDS.join(', ')}.`,
  }),
  trackingNumber: z.string().trim().regex(TRACKING_NUMBER_PATTERN, TRACKING_NUMBER_TEXT),
});

export const ORDER_NOTE_MAX = 2000;
export const OrderNoteSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write the note first.')
    .max(ORDER_NOTE_MAX, `A note is at most ${ORDER_NOTE_MAX} characters.`),
});

export const ResendEmailSchema = z.object({
  email: z.enum(['confirmation', 'shipping'], { message: 'The email is confirmation or shipping.' }),
});
