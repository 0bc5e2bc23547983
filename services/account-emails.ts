import { createHash } from 'node:crypto';
import type { I18n } from '@lingui/core';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customers, emailTokens } from '../db/schema';
import type { Clock } from '../domain/clock';
import { escapeHtml } from '../domain/html';
import { ACCOUNT_EMAIL_MESSAGES, normaliseEmail } from '../domain/identity-rules';
import { hashPassword, type ScryptCost } from '../db/password-hash';
import type { Site } from '../domain/sites';
import { type BudgetLimits, budgetsFor, HOUR_MS, spendBudget } from './budgets';
import { claimGuestOrders } from './checkout';
import { revokeAllSessions } from './identity';
import { enqueue } from './outbox';
import { randomToken } from './random-token';
import { ServiceError } from './service-error';

// The account's own emails (DESIGN.md: a token sent by email is random, single-use, stored hashed and expiring).
// Verification: registration sends a link; following it marks the address verified and only then claims the orders a
// guest placed with that email (until then the account works but shows none of them). Password reset: a link valid
// for an hour; the new password ends every session and remembered login of the account.

export const VERIFY_LINK_TTL_MS = 24 * HOUR_MS;
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

function renderVerificationEmail(i18n: I18n, site: Site, to: string, firstName: string, link: string) {
  const brand = site.brand.name;
  const subject = i18n._('{brand}: please confirm your email address', { brand });
  const greeting = i18n._('Hello {firstName},', { firstName });
  const body = i18n._('Please confirm that this is your email address by opening this link within 24 hours:');
  const ignore = i18n._('If you did not create an account with us, you can ignore this email.');
  const text = `${greeting}\n\n${body}\n${link}\n\n${ignore}\n`;
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(ignore)}</p>`;
  return { to, subject, text, html };
}

/** Sends (through the outbox) a new verification link to the customer's address, in the site's language. */
export async function sendVerificationEmail(ctx: AccountEmailContext, customerId: number): Promise<void> {
  const [customer] = await ctx.db
    .select({ email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return;
  const now = ctx.clock.now();
  const token = randomToken(32, 'base64url');
  const link = `${ctx.siteOrigin}/verify-email?token=${token}`;
  const mail = renderVerificationEmail(await ctx.messages(), ctx.site, customer.email, customer.firstName, link);
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.insert(emailTokens).values({
      customerId,
      purpose: 'verify',
      tokenHash: tokenHash(token),
      expiresAt: new Date(now.getTime() + VERIFY_LINK_TTL_MS),
      createdAt: now,
    });
    await enqueue(tx, 'account-email', mail, now);
  });
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
  if (!customer) throw new ServiceError('not_found', ACCOUNT_EMAIL_MESSAGES.invalidLink);
  if (customer.verifiedAt) throw new ServiceError('conflict', ACCOUNT_EMAIL_MESSAGES.alreadyVerified);
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
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [used] = await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash(token)),
          eq(emailTokens.purpose, 'verify'),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, now),
        ),
      )
      .returning({ customerId: emailTokens.customerId });
    if (!used) throw new ServiceError('invalid', ACCOUNT_EMAIL_MESSAGES.invalidLink);
    const [customer] = await tx
      .update(customers)
      .set({ emailVerifiedAt: now })
      .where(eq(customers.id, used.customerId))
      .returning({ email: customers.email });
    if (customer) await claimGuestOrders(tx, used.customerId, customer.email);
    return used.customerId;
  });
}

export const RESET_LINK_TTL_MS = HOUR_MS;
/** Reset emails per account and hour; beyond it the request is answered the same, and no email goes. */
const RESETS_PER_HOUR = 3;

function renderResetEmail(i18n: I18n, site: Site, to: string, firstName: string, link: string) {
  const brand = site.brand.name;
  const subject = i18n._('{brand}: choose a new password', { brand });
  const greeting = i18n._('Hello {firstName},', { firstName });
  const body = i18n._('Open this link within one hour to choose a new password:');
  const ignore = i18n._('If you did not ask for this, you can ignore this email: your password stays as it is.');
  const text = `${greeting}\n\n${body}\n${link}\n\n${ignore}\n`;
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(ignore)}</p>`;
  return { to, subject, text, html };
}

/**
 * The forgotten-password form: emails a reset link when an account has this address. The answer is the same either
 * way; the address's budget is visible (429), an account's is not (no email, same answer).
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
  const [customer] = await ctx.db
    .select({ id: customers.id, email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.email, normaliseEmail(rawEmail)));
  if (!customer) return;
  try {
    await spendBudget(
      ctx.db,
      now,
      [{ key: `reset:customer:${customer.id}`, limit: RESETS_PER_HOUR, windowMs: HOUR_MS }],
      ACCOUNT_EMAIL_MESSAGES.tooManyEmails,
    );
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'throttled') return;
    throw error;
  }
  const token = randomToken(32, 'base64url');
  const link = `${ctx.siteOrigin}/reset-password?token=${token}`;
  const mail = renderResetEmail(await ctx.messages(), ctx.site, customer.email, customer.firstName, link);
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.insert(emailTokens).values({
      customerId: customer.id,
      purpose: 'reset',
      tokenHash: tokenHash(token),
      expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
      createdAt: now,
    });
    await enqueue(tx, 'account-email', mail, now);
  });
}

/**
 * Sets a new password through a reset link (single use, one hour). Every session and remembered login of the
 * account ends, and every other reset link of it; the mailbox is proved, so the account is verified too.
 */
export async function resetPassword(
  db: Db,
  clock: Clock,
  input: { token: string; password: string },
  passwordCost: ScryptCost,
): Promise<void> {
  const now = clock.now();
  // The hash first: half a second of CPU at the production cost, outside the transaction.
  const passwordHash = await hashPassword(input.password, passwordCost);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [used] = await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash(input.token)),
          eq(emailTokens.purpose, 'reset'),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, now),
        ),
      )
      .returning({ customerId: emailTokens.customerId });
    if (!used) throw new ServiceError('invalid', ACCOUNT_EMAIL_MESSAGES.resetInvalidLink);
    const [before] = await tx
      .select({ email: customers.email, verifiedAt: customers.emailVerifiedAt })
      .from(customers)
      .where(eq(customers.id, used.customerId));
    await tx
      .update(customers)
      .set({ passwordHash, emailVerifiedAt: before?.verifiedAt ?? now })
      .where(eq(customers.id, used.customerId));
    if (before && !before.verifiedAt) await claimGuestOrders(tx, used.customerId, before.email);
    await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(eq(emailTokens.customerId, used.customerId), eq(emailTokens.purpose, 'reset'), isNull(emailTokens.usedAt)),
      );
    await revokeAllSessions(tx, used.customerId);
  });
}
