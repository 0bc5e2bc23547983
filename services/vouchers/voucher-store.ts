import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { customers, referralCodes, voucherUses, vouchers } from '../../db/schema';
import type { AttachedVoucher } from '../../domain/cart-totals';
import { MAILBOX_QUOTING, MAILBOX_TAG, mailboxKey } from '../../domain/identity-rules';
import { REFERRAL_CODE_PATTERN } from '../../domain/referrals';
import type { VoucherRule } from '../../domain/vouchers';

// Reading vouchers and their uses (the cart service and the voucher use cases both need these; kept apart
// from services/vouchers/vouchers.ts so that the cart service does not import the use cases that import it).

type VoucherRow = typeof vouchers.$inferSelect;

export function toVoucherRule(row: VoucherRow): VoucherRule {
  return {
    code: row.code,
    description: row.description,
    kind: row.discountType === 'percent' ? 'percent' : 'amount',
    value: row.discountValue,
    minimumSubtotalCents: row.minimumSubtotalCents,
    minimumBottles: row.minimumBottles,
    siteId: row.siteId,
    currency: row.currency,
    startsAt: row.startsAt,
    expiresAt: row.expiresAt,
    oncePerCustomer: row.oncePerCustomer,
    active: row.active,
    sites: row.sites,
    totalUses: row.totalUses,
  };
}

/** The voucher of an (upper-case) code, or null when there is none. */
export async function loadVoucherRule(db: Db, code: string): Promise<VoucherRule | null> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.code, code)).limit(1);
  return row ? toVoucherRule(row) : null;
}

/** Who would use a voucher: a customer (their account and its email), a guest's email, or both unknown. */
export interface VoucherUser {
  customerId: number | null;
  /** The guest's email (a customer's own email is read from the account). */
  email?: string | null;
}

/**
 * `mailboxKey` of domain/identity-rules.ts, in SQL: lower case, trimmed, without the quotes of a quoted local part or a
 * `+tag` in it, by the same patterns.
 */
export function mailboxKeySql(column: SQL | AnyPgColumn): SQL {
  return sql`regexp_replace(regexp_replace(lower(btrim(${column})), ${MAILBOX_QUOTING.source}::text, '', 'g'), ${MAILBOX_TAG.source}::text, '@')`;
}

/** The mailboxes this user answers for: the guest's email, and the customer's account email. */
function mailboxesOf(user: VoucherUser): SQL {
  const guest = user.email ? mailboxKey(user.email) : null;
  const account =
    user.customerId !== null
      ? sql`(select ${mailboxKeySql(customers.email)} from ${customers} where ${customers.id} = ${user.customerId})`
      : sql`null`;
  return sql`(${guest}::text, ${account})`;
}

/**
 * Whether this customer or mailbox has used the code: by the account, by the email an order was placed with, or by
 * the email of the account that used it, each compared as a mailbox (case, spaces and `+tag` aside).
 */
export async function hasUsedVoucher(db: Db, code: string, user: VoucherUser): Promise<boolean> {
  if (user.customerId === null && !user.email) return false;
  const mailboxes = mailboxesOf(user);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(voucherUses)
    .leftJoin(customers, eq(customers.id, voucherUses.customerId))
    .where(
      and(
        eq(voucherUses.voucherCode, code),
        or(
          user.customerId !== null ? eq(voucherUses.customerId, user.customerId) : undefined,
          sql`${mailboxKeySql(voucherUses.email)} in ${mailboxes}`,
          sql`${mailboxKeySql(customers.email)} in ${mailboxes}`,
        ),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** Whether the code is this customer's (or mailbox's) own referral code, which is for their friends only. */
export async function isOwnReferral(db: Db, code: string, user: VoucherUser): Promise<boolean> {
  if (user.customerId === null && !user.email) return false;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(referralCodes)
    .innerJoin(customers, eq(customers.id, referralCodes.customerId))
    .where(
      and(
        eq(referralCodes.code, code),
        or(
          user.customerId !== null ? eq(referralCodes.customerId, user.customerId) : undefined,
          sql`${mailboxKeySql(customers.email)} in ${mailboxesOf(user)}`,
        ),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** How many orders have used the code, by anyone. */
export async function countVoucherUses(db: Db, code: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(voucherUses)
    .where(eq(voucherUses.voucherCode, code));
  return row?.n ?? 0;
}

/** Whether every one of the voucher's total uses is taken (never, for a voucher without a limit). */
export async function isVoucherUsedUp(db: Db, rule: Pick<VoucherRule, 'code' | 'totalUses'>): Promise<boolean> {
  return rule.totalUses !== null && (await countVoucherUses(db, rule.code)) >= rule.totalUses;
}

/**
 * Serialises the orders that use one limited code (transaction-scoped, taken after the person's locks): the count of
 * its uses read under it stands until the order that read it commits its own use, so two checkouts at once never pass
 * the limit.
 */
export async function lockVoucherCode(tx: Db, code: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`voucher:code:${code}`}))`);
}

/**
 * Why this user may not use the code whatever the cart holds (a use before, their own referral, its total uses
 * taken), for the rules.
 */
export async function voucherUseOf(
  db: Db,
  rule: VoucherRule,
  user: VoucherUser,
): Promise<{ usedByCustomer: boolean; ownReferral: boolean; usedUp: boolean }> {
  const hasUser = user.customerId !== null || !!user.email;
  return {
    usedByCustomer: rule.oncePerCustomer && hasUser ? await hasUsedVoucher(db, rule.code, user) : false,
    // Only a referral code has an owner: other codes need no lookup (the cart view of every voucher asks this).
    ownReferral: REFERRAL_CODE_PATTERN.test(rule.code) && hasUser ? await isOwnReferral(db, rule.code, user) : false,
    usedUp: await isVoucherUsedUp(db, rule),
  };
}

/**
 * Serialises the once-per-customer checks of one person: every checkout or use of this customer or mailbox takes
 * the same locks (transaction-scoped), so two orders at once cannot both use a once-only code.
 */
export async function lockVoucherUser(tx: Db, user: VoucherUser, accountEmail: string | null): Promise<void> {
  const keys = [
    ...(user.customerId !== null ? [`voucher:customer:${user.customerId}`] : []),
    ...[user.email, accountEmail].filter((e): e is string => !!e).map((e) => `voucher:mailbox:${mailboxKey(e)}`),
  ];
  for (const key of [...new Set(keys)].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * A cart's voucher from its row (read with the cart, services/cart/cart.ts), and whether the cart's customer may not use
 * it (a use before, or their own referral code; asked only of a customer's cart).
 */
export async function attachedVoucher(db: Db, customerId: number | null, row: VoucherRow): Promise<AttachedVoucher> {
  const rule = toVoucherRule(row);
  return { rule, ...(await voucherUseOf(db, rule, { customerId })) };
}

/** A voucher's use by an order, recorded in the order's transaction (the once-per-customer rules count it). */
export async function recordVoucherUse(
  tx: Db,
  use: { voucherCode: string; customerId: number | null; email: string; orderId: number; usedAt: Date },
): Promise<void> {
  await tx.insert(voucherUses).values(use);
}
