import { createHash } from 'node:crypto';
import type { I18n } from '@lingui/core';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client';
import { customers, emailTokens, outbox } from '../../db/schema';
import type { Clock } from '../../domain/clock';
import { escapeHtml } from '../../domain/html';
import { ACCOUNT_EMAIL_MESSAGES, normaliseEmail } from '../../domain/identity-rules';
import { hashPassword, type ScryptCost } from '../../db/password-hash';
import type { Site } from '../../domain/sites';
import { type BudgetLimits, budgetsFor, HOUR_MS, spendBudget } from '../platform/budgets';
import { claimGuestOrders } from '../orders/guest-claims';
import { endResetLinks, revokeAllSessions } from './identity';
import { enqueue } from '../platform/outbox';
import { randomToken } from '../platform/random-token';
import { EMAIL_TEXTS } from '../platform/server-texts';
import { ServiceError } from '../platform/service-error';
import { GENERIC_ERRORS } from '../../domain/errors';

// The account's own emails (DESIGN.md: a token sent by email is random, single-use, stored hashed and expiring).
// Verification: registration sends a link; following it marks the address verified and only then claims the orders a
// guest placed with that email (until then the account works but shows none of them). Password reset: a link valid
// for an hour; the new password ends every session and remembered login of the account.

/** Verification emails per account and hour (the registration's own included). */
const RESENDS_PER_HOUR = 3;

export interface AccountEmailContext {
  db: Db;
  clock: Clock;
  site: Site;
  /** The site's own origin for the link (configured host, never the request's Host header). */
  siteOrigin: string;
  messages: () => Promise<I18n>;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What an account email says around its link. */
const LINK_EMAILS = {
  verify: {
    path: '/verify-email',
    ttlMs: 24 * HOUR_MS,
    texts: { subject: EMAIL_TEXTS.verifySubject, body: EMAIL_TEXTS.verifyBody, ignore: EMAIL_TEXTS.verifyIgnore },
  },
  reset: {
    path: '/reset-password',
    ttlMs: HOUR_MS,
    texts: { subject: EMAIL_TEXTS.resetSubject, body: EMAIL_TEXTS.resetBody, ignore: EMAIL_TEXTS.resetIgnore },
  },
} as const;

/**
 * A new single-use link of this purpose for this address and the email that carries it, in the site's language:
 * only the token's hash is kept, with its expiry.
 */
async function composeLink(
  ctx: AccountEmailContext,
  to: { email: string; firstName: string },
  purpose: keyof typeof LINK_EMAILS,
  now: Date,
) {
  const kind = LINK_EMAILS[purpose];
  const token = randomToken(32, 'base64url');
  const link = `${ctx.siteOrigin}${kind.path}?token=${token}`;
  const i18n = await ctx.messages();
  const subject = i18n._(kind.texts.subject.id, { brand: ctx.site.brand.name });
  const body = i18n._(kind.texts.body.id);
  const ignore = i18n._(kind.texts.ignore.id);
  const greeting = i18n._(EMAIL_TEXTS.greeting.id, { firstName: to.firstName });
  const mail = {
    to: to.email,
    subject,
    text: `${greeting}\n\n${body}\n${link}\n\n${ignore}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(ignore)}</p>`,
  };
  return { tokenHash: tokenHash(token), expiresAt: new Date(now.getTime() + kind.ttlMs), mail };
}

/** Sends (through the outbox) a new single-use link of this purpose to the customer's address. */
async function sendLink(
  ctx: AccountEmailContext,
  customer: { id: number; email: string; firstName: string },
  purpose: keyof typeof LINK_EMAILS,
): Promise<void> {
  const now = ctx.clock.now();
  const link = await composeLink(ctx, customer, purpose, now);
  await inTransaction(ctx.db, async (tx) => {
    await tx.insert(emailTokens).values({
      customerId: customer.id,
      purpose,
      tokenHash: link.tokenHash,
      expiresAt: link.expiresAt,
      createdAt: now,
    });
    await enqueue(tx, 'account-email', link.mail, now);
  });
}

/**
 * Sends (through the outbox) a reset link to the account with this (normalised) address, when there is one.
 * NOTE: one statement whether or not there is an account: it writes the token and the email only for one, so an
 * address without an account costs the same work and answers in the same time (a faster answer told it apart).
 */
async function sendResetLink(ctx: AccountEmailContext, email: string, firstName: string): Promise<void> {
  const now = ctx.clock.now();
  const link = await composeLink(ctx, { email, firstName }, 'reset', now);
  await ctx.db.execute(sql`
    with token as (
      insert into ${emailTokens} (customer_id, purpose, token_hash, expires_at, created_at)
      select ${customers.id}, 'reset', ${link.tokenHash}, ${link.expiresAt.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz
      from ${customers} where ${customers.email} = ${email}
      returning 1
    )
    insert into ${outbox} (kind, payload, next_attempt_at, created_at)
    select 'account-email', ${JSON.stringify(link.mail)}::jsonb, ${now.toISOString()}::timestamptz,
      ${now.toISOString()}::timestamptz
    from token`);
}

/** The row of a link's token while it may still be used: this purpose, unused, within its time. */
function liveToken(token: string, purpose: keyof typeof LINK_EMAILS, now: Date) {
  return and(
    eq(emailTokens.tokenHash, tokenHash(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );
}

/** Uses a link's token once, within its time; the customer's id, or null for a token that is not (or no longer) one. */
async function useToken(tx: Db, token: string, purpose: keyof typeof LINK_EMAILS, now: Date): Promise<number | null> {
  const [used] = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(liveToken(token, purpose, now))
    .returning({ customerId: emailTokens.customerId });
  return used?.customerId ?? null;
}

/** Sends (through the outbox) a new verification link to the customer's address, in the site's language. */
export async function sendVerificationEmail(ctx: AccountEmailContext, customerId: number): Promise<void> {
  const [customer] = await ctx.db
    .select({ id: customers.id, email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (customer) await sendLink(ctx, customer, 'verify');
}

/** "Send the link again", for a customer whose address is not verified yet; budgeted per account and address. */
export async function resendVerificationEmail(
  ctx: AccountEmailContext & { clientAddress: string; budgets: Pick<BudgetLimits, 'codesPerAddress'> },
  customerId: number,
): Promise<void> {
  const [customer] = await ctx.db
    .select({ verifiedAt: customers.emailVerifiedAt })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new ServiceError(GENERIC_ERRORS.not_found, ACCOUNT_EMAIL_MESSAGES.invalidLink);
  if (customer.verifiedAt) throw new ServiceError(GENERIC_ERRORS.conflict, ACCOUNT_EMAIL_MESSAGES.alreadyVerified);
  await spendBudget(
    ctx.db,
    ctx.clock.now(),
    [
      { key: `verify:customer:${customerId}`, limit: RESENDS_PER_HOUR, windowMs: HOUR_MS },
      ...budgetsFor('verify', ctx.budgets.codesPerAddress, ctx.clientAddress),
    ],
    ACCOUNT_EMAIL_MESSAGES.tooManyEmails,
  );
  await sendVerificationEmail(ctx, customerId);
}

/**
 * Follows a verification link: the token is used once, within 24 hours. The address is then verified and the
 * guest orders placed with it are claimed. Returns the customer's id.
 */
export async function verifyEmail(db: Db, clock: Clock, token: string): Promise<number> {
  const now = clock.now();
  return inTransaction(db, async (tx) => {
    const customerId = await useToken(tx, token, 'verify', now);
    if (customerId === null) throw new ServiceError(GENERIC_ERRORS.invalid, ACCOUNT_EMAIL_MESSAGES.invalidLink);
    const [customer] = await tx
      .update(customers)
      .set({ emailVerifiedAt: now })
      .where(eq(customers.id, customerId))
      .returning({ email: customers.email });
    if (customer) await claimGuestOrders(tx, customerId, customer.email);
    return customerId;
  });
}

/** Reset emails per address asked for and hour; beyond it the request is answered the same, and no email goes. */
const RESETS_PER_HOUR = 3;

/**
 * The forgotten-password form: emails a reset link when an account has this address. The answer is the same either
 * way, and so is the work done for it (the mailbox's budget, a link made, one statement that writes it only for an
 * account); the address's budget is visible (429), the mailbox's is not (no email, same answer).
 */
export async function requestPasswordReset(
  ctx: AccountEmailContext & { clientAddress: string; budgets: Pick<BudgetLimits, 'codesPerAddress'> },
  rawEmail: string,
): Promise<void> {
  const now = ctx.clock.now();
  await spendBudget(
    ctx.db,
    now,
    budgetsFor('reset', ctx.budgets.codesPerAddress, ctx.clientAddress),
    ACCOUNT_EMAIL_MESSAGES.tooManyEmails,
  );
  const email = normaliseEmail(rawEmail);
  const [customer] = await ctx.db
    .select({ firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.email, email));
  try {
    await spendBudget(
      ctx.db,
      now,
      [
        {
          key: `reset:mailbox:${createHash('sha256').update(email).digest('hex').slice(0, 32)}`,
          limit: RESETS_PER_HOUR,
          windowMs: HOUR_MS,
        },
      ],
      ACCOUNT_EMAIL_MESSAGES.tooManyEmails,
    );
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'throttled') return;
    throw error;
  }
  await sendResetLink(ctx, email, customer?.firstName ?? '');
}

/** What a reset-password try needs: the database, the clock, the client's address and its budget, the hash cost. */
export interface ResetPasswordContext {
  db: Db;
  clock: Clock;
  clientAddress: string;
  budgets: Pick<BudgetLimits, 'codesPerAddress'>;
  passwordCost: ScryptCost;
}

/**
 * Sets a new password through a reset link (single use, one hour). Every session and remembered login of the
 * account ends, and every other reset link of it; the mailbox is proved, so the account is verified too. A token can
 * be guessed and a password hash costs half a second of CPU: every try spends from the address's code budget (429
 * over it), and the token is looked up before any hash is made.
 */
export async function resetPassword(
  ctx: ResetPasswordContext,
  input: { token: string; password: string },
): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock.now();
  await spendBudget(
    db,
    now,
    budgetsFor('reset-link', ctx.budgets.codesPerAddress, ctx.clientAddress),
    ACCOUNT_EMAIL_MESSAGES.resetTooManyTries,
  );
  const [live] = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(liveToken(input.token, 'reset', now));
  if (!live) throw new ServiceError(GENERIC_ERRORS.invalid, ACCOUNT_EMAIL_MESSAGES.resetInvalidLink);
  // Outside the transaction: half a second of CPU at the production cost.
  const passwordHash = await hashPassword(input.password, ctx.passwordCost);
  await inTransaction(db, async (tx) => {
    // NOTE: used here, not at the lookup above: of two tries with one token at once, one sets the password.
    const customerId = await useToken(tx, input.token, 'reset', now);
    if (customerId === null) throw new ServiceError(GENERIC_ERRORS.invalid, ACCOUNT_EMAIL_MESSAGES.resetInvalidLink);
    const [before] = await tx
      .select({ email: customers.email, verifiedAt: customers.emailVerifiedAt })
      .from(customers)
      .where(eq(customers.id, customerId));
    await tx
      .update(customers)
      .set({ passwordHash, emailVerifiedAt: before?.verifiedAt ?? now })
      .where(eq(customers.id, customerId));
    if (before && !before.verifiedAt) await claimGuestOrders(tx, customerId, before.email);
    await endResetLinks(tx, customerId, now);
    await revokeAllSessions(tx, customerId);
  });
}
