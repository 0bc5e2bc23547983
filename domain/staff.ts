import { declareErrors } from './errors';
import { isSiteId, type SiteId } from './sites';

// The operator console's staff (CONTRACT.md "Operator console"): who may do what, checked in one place
// (`staffMay`), and the limits of a staff session. Staff accounts are not customer accounts.

export const STAFF_ROLES = ['owner', 'manager', 'support', 'fulfilment'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Everything the console offers, one permission an action (Shopify's "Orders > Refund" is one of its own). */
export const STAFF_PERMISSIONS = [
  'queue.read',
  'orders.read',
  'orders.ship',
  'orders.deliver',
  'orders.cancel',
  'orders.refund',
  'orders.note',
  'orders.resend',
  'outbox.retry',
  'customers.read',
  'customers.export',
  'customers.erase',
  'catalogue.write',
  'vouchers.write',
  'gift-cards.write',
  'reviews.write',
  'content.write',
  'staff.manage',
  'audit.read',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const ALL = new Set<StaffPermission>(STAFF_PERMISSIONS);
const OWNER_ONLY = new Set<StaffPermission>(['staff.manage', 'audit.read']);

/** CONTRACT.md's table of roles. */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, ReadonlySet<StaffPermission>>> = {
  owner: ALL,
  manager: new Set(STAFF_PERMISSIONS.filter((p) => !OWNER_ONLY.has(p))),
  support: new Set<StaffPermission>([
    'queue.read',
    'orders.read',
    'orders.note',
    'orders.resend',
    'outbox.retry',
    'orders.cancel',
    'customers.read',
  ]),
  fulfilment: new Set<StaffPermission>(['queue.read', 'orders.read', 'orders.ship', 'orders.deliver']),
};

/** What a role's console offers and what the server lets it do: one answer for both. */
export function roleMay(role: StaffRole, permission: StaffPermission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

/** A signed-in staff member as every console page and call sees them. */
export interface StaffMember {
  id: number;
  email: string;
  role: StaffRole;
  /** The sites they are limited to; empty: every site. */
  sites: readonly SiteId[];
}

export function staffMay(staff: StaffMember, permission: StaffPermission): boolean {
  return roleMay(staff.role, permission);
}

/** Whether a record of `siteId` exists for them at all (a site-limited account sees other sites' records as 404). */
export function staffSeesSite(staff: StaffMember, siteId: string): boolean {
  return staff.sites.length === 0 || (staff.sites as readonly string[]).includes(siteId);
}

/** The header a command's call through the running server names the staff account it runs as with. */
export const STAFF_AS_HEADER = 'x-staff-as';

/** A staff session ends after 30 minutes idle or 12 hours in all (CONTRACT.md). */
export const STAFF_IDLE_MS = 30 * 60 * 1000;
export const STAFF_MAX_MS = 12 * 60 * 60 * 1000;
/** Between the password and the authentication code: this long, then the sign-in starts again. */
export const STAFF_CODE_STEP_MS = 5 * 60 * 1000;
/** A set-up link opens the account this long after it is made. */
export const STAFF_SETUP_LINK_MS = 72 * 60 * 60 * 1000;
/** A new staff password is at least this long. */
export const STAFF_PASSWORD_MIN = 12;

/** RFC 6238 as CONTRACT.md fixes it: SHA-1, 6 digits, 30-second steps, one step of drift either way. */
export const TOTP = { algorithm: 'SHA1', digits: 6, periodSeconds: 30, window: 1 } as const;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Storefront console';

export const STAFF_TEXTS = {
  signInFailed: 'The email or password is not right.',
  codeFailed: 'That authentication code is not right, or it was used already. Enter the code your app shows now.',
  codeExpired: 'The sign-in took too long. Enter your email and password again.',
  throttled: 'Too many failed sign-ins. Wait 15 minutes, then try again.',
  signedOut: 'You are not signed in to the console.',
  forbidden: 'Your role may not do this. Ask an owner if you need it.',
  notFound: 'There is no such record.',
  setupLinkInvalid: 'This set-up link is not valid any more. Ask an owner for a new one.',
  passwordShort: `The password must be at least ${STAFF_PASSWORD_MIN} characters.`,
  passwordsDiffer: 'The two passwords are not the same.',
  disabled: 'This staff account is disabled.',
  staffExists: 'A staff account with this email exists already.',
  noSuchStaff: 'There is no staff account with this email.',
  lastOwner: 'The last owner cannot be disabled.',
  inactive: 'This staff account is disabled or not set up yet: a command cannot run as it.',
  commandAs: 'Name the staff account the command runs as: --as EMAIL.',
} as const;

/** The console's failures (domain/errors.ts). */
export const STAFF_ERRORS = /* @__PURE__ */ declareErrors({
  signInFailed: {
    kind: 'unauthorised',
    code: 'staff.sign_in_failed',
    field: 'password',
    text: STAFF_TEXTS.signInFailed,
  },
  codeFailed: { kind: 'unauthorised', code: 'staff.code_failed', field: 'code', text: STAFF_TEXTS.codeFailed },
  codeExpired: { kind: 'unauthorised', code: 'staff.code_expired', text: STAFF_TEXTS.codeExpired },
  throttled: { kind: 'throttled', code: 'staff.throttled', text: STAFF_TEXTS.throttled },
  signedOut: { kind: 'unauthorised', code: 'staff.signed_out', text: STAFF_TEXTS.signedOut },
  forbidden: { kind: 'forbidden', code: 'staff.forbidden', text: STAFF_TEXTS.forbidden },
  notFound: { kind: 'not_found', code: 'staff.not_found', text: STAFF_TEXTS.notFound },
  setupLinkInvalid: { kind: 'not_found', code: 'staff.setup_link_invalid', text: STAFF_TEXTS.setupLinkInvalid },
  staffExists: { kind: 'conflict', code: 'staff.exists', field: 'email', text: STAFF_TEXTS.staffExists },
  noSuchStaff: { kind: 'not_found', code: 'staff.no_such_staff', text: STAFF_TEXTS.noSuchStaff },
  lastOwner: { kind: 'conflict', code: 'staff.last_owner', text: STAFF_TEXTS.lastOwner },
  inactive: { kind: 'forbidden', code: 'staff.inactive', text: STAFF_TEXTS.inactive },
  commandAs: { kind: 'invalid', code: 'staff.command_as', field: 'as', text: STAFF_TEXTS.commandAs },
});

/** `--sites law-au,vir-au`: known site ids, or an error naming the unknown one. */
export function parseStaffSites(value: string | undefined): SiteId[] | string {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = ids.find((id) => !isSiteId(id));
  if (unknown) return `${unknown} is not a site id`;
  return [...new Set(ids)] as SiteId[];
}
