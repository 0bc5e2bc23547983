import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client';
import { customers, orders, staff, voucherUses, vouchers } from '../../db/schema';
import type { Clock } from '../../domain/clock';
import type { SiteId } from '../../domain/sites';
import { STAFF_ERRORS, type StaffMember, staffSeesSite } from '../../domain/staff';
import {
  afterDay,
  currencyOfSites,
  lastDayOf,
  type NewVoucherInput,
  STAFF_VOUCHER_ERRORS,
  STAFF_VOUCHER_TEXTS,
  startOfDay,
  VOUCHER_PAGE_SIZE,
  VOUCHER_USES_PAGE_SIZE,
  type VoucherChangeInput,
} from '../../domain/staff-vouchers';
import { ServiceError } from '../platform/service-error';
import { requireStaffPermission, type StaffRequest } from './access';
import { writeAudit } from './audit';

// The console's vouchers (CONTRACT.md `/admin/vouchers`): the codes with their uses, one code's uses, and making,
// changing, disabling and enabling a code. The cart and checkout read the same rows (services/vouchers), so a code
// made here behaves as the seeded ones do. Every change is audited in its own transaction with before and after.

type VoucherRow = typeof vouchers.$inferSelect;

/** Stands for "every site" in a refusal's audit entry: a voucher for every site is not one site-limited staff see. */
const EVERY_SITE = 'every-site';

/** The sites a voucher may be used on: its console list, else its one site, else every site (null). */
function sitesOf(row: Pick<VoucherRow, 'sites' | 'siteId'>): string[] | null {
  if (row.sites.length > 0) return row.sites;
  return row.siteId ? [row.siteId] : null;
}

/** A voucher is a site-limited account's only when every site it can be used on is one of theirs. */
function voucherSeenBy(member: StaffMember, row: Pick<VoucherRow, 'sites' | 'siteId'>): boolean {
  if (member.sites.length === 0) return true;
  const sites = sitesOf(row);
  return sites?.every((site) => staffSeesSite(member, site)) ?? false;
}

/** The site a refusal names: the first of the voucher's sites the account does not see. */
function siteForCheck(member: StaffMember, row: Pick<VoucherRow, 'sites' | 'siteId'>): string | undefined {
  if (member.sites.length === 0) return undefined;
  const sites = sitesOf(row);
  if (sites === null) return EVERY_SITE;
  return sites.find((site) => !staffSeesSite(member, site)) ?? sites[0];
}

export interface VoucherView {
  code: string;
  description: string;
  kind: 'amount' | 'percent';
  /** Cents off (kind amount) or whole percent off (kind percent). */
  value: number;
  currency: string | null;
  minimumSubtotalCents: number;
  oncePerCustomer: boolean;
  /** The first day it may be used, and the last (UTC); empty: no limit. */
  validFrom: string;
  validUntil: string;
  totalUses: number | null;
  uses: number;
  /** Null: every site. */
  sites: string[] | null;
  active: boolean;
  createdBy: string | null;
  createdAt: string | null;
}

function viewOf(row: VoucherRow, uses: number, createdBy: string | null): VoucherView {
  return {
    code: row.code,
    description: row.description,
    kind: row.discountType === 'percent' ? 'percent' : 'amount',
    value: row.discountValue,
    currency: row.currency,
    minimumSubtotalCents: row.minimumSubtotalCents,
    oncePerCustomer: row.oncePerCustomer,
    validFrom: row.startsAt ? row.startsAt.toISOString().slice(0, 10) : '',
    validUntil: lastDayOf(row.expiresAt),
    totalUses: row.totalUses,
    uses,
    sites: sitesOf(row),
    active: row.active,
    createdBy,
    createdAt: row.createdAt?.toISOString() ?? null,
  };
}

const usesCount = sql<number>`(select count(*)::int from ${voucherUses} where ${voucherUses.voucherCode} = ${vouchers.code})`;

/**
 * The codes, by code, a page at a time (`after`: the last code of the page before), with their uses. A site-limited
 * account sees the codes of its sites only.
 */
export async function listVouchers(db: Db, clock: Clock, request: StaffRequest, input: { after?: string | undefined }) {
  await requireStaffPermission(db, clock, request, 'vouchers.write', { action: 'vouchers.read' });
  const member = request.member;
  // The account's sites as one array parameter (a PostgreSQL array literal of site ids).
  const theirs = `{${member.sites.join(',')}}`;
  const limited =
    member.sites.length === 0
      ? undefined
      : sql`((cardinality(${vouchers.sites}) > 0 and ${vouchers.sites} <@ ${theirs}::text[])
          or (cardinality(${vouchers.sites}) = 0 and ${vouchers.siteId} = any(${theirs}::text[])))`;
  const rows = await db
    .select({ voucher: vouchers, uses: usesCount, createdBy: staff.email })
    .from(vouchers)
    .leftJoin(staff, eq(staff.id, vouchers.createdByStaffId))
    .where(and(input.after ? gt(vouchers.code, input.after) : undefined, limited))
    .orderBy(asc(vouchers.code))
    .limit(VOUCHER_PAGE_SIZE + 1);
  const page = rows.slice(0, VOUCHER_PAGE_SIZE);
  return {
    vouchers: page.map((r) => viewOf(r.voucher, Number(r.uses), r.createdBy)),
    next: rows.length > VOUCHER_PAGE_SIZE ? (page.at(-1)?.voucher.code ?? null) : null,
  };
}

/** The voucher of a code as the cart reads it (any case), or 404. */
async function voucherRowOf(db: Db, code: string): Promise<VoucherRow> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.code, code.trim().toUpperCase())).limit(1);
  if (!row) throw new ServiceError(STAFF_ERRORS.notFound);
  return row;
}

/** The permission on one voucher, its sites checked against the account's (a refusal audited). */
async function requireOnVoucher(db: Db, clock: Clock, request: StaffRequest, action: string, code: string) {
  const row = await voucherRowOf(db, code);
  const siteId = siteForCheck(request.member, row);
  const by = await requireStaffPermission(db, clock, request, 'vouchers.write', {
    action,
    recordType: 'voucher',
    recordId: row.code,
    ...(siteId !== undefined && !voucherSeenBy(request.member, row) ? { siteId } : {}),
  });
  return { row, by };
}

export interface VoucherUseView {
  id: number;
  /** The customer's account email, or the guest's. */
  email: string | null;
  customerId: number | null;
  orderNumber: string | null;
  usedAt: string;
}

/** A voucher and its uses, newest first, a page at a time (`before`: the last use id of the page before). */
export async function loadVoucher(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  code: string,
  input: { before?: number | undefined } = {},
) {
  const { row } = await requireOnVoucher(db, clock, request, 'vouchers.read', code);
  const [counted, creator, uses] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(voucherUses).where(eq(voucherUses.voucherCode, row.code)),
    row.createdByStaffId === null
      ? Promise.resolve([])
      : db.select({ email: staff.email }).from(staff).where(eq(staff.id, row.createdByStaffId)),
    db
      .select({
        id: voucherUses.id,
        customerId: voucherUses.customerId,
        customerEmail: customers.email,
        email: voucherUses.email,
        orderNumber: orders.orderNumber,
        usedAt: voucherUses.usedAt,
      })
      .from(voucherUses)
      .leftJoin(customers, eq(customers.id, voucherUses.customerId))
      .leftJoin(orders, eq(orders.id, voucherUses.orderId))
      .where(and(eq(voucherUses.voucherCode, row.code), input.before ? lt(voucherUses.id, input.before) : undefined))
      .orderBy(desc(voucherUses.id))
      .limit(VOUCHER_USES_PAGE_SIZE + 1),
  ]);
  const page = uses.slice(0, VOUCHER_USES_PAGE_SIZE);
  return {
    voucher: viewOf(row, Number(counted[0]?.n ?? 0), creator[0]?.email ?? null),
    uses: page.map(
      (u): VoucherUseView => ({
        id: u.id,
        email: u.customerEmail ?? u.email,
        customerId: u.customerId,
        orderNumber: u.orderNumber,
        usedAt: u.usedAt.toISOString(),
      }),
    ),
    nextBefore: uses.length > VOUCHER_USES_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

export type VoucherPage = Awaited<ReturnType<typeof loadVoucher>>;

/** TWD is written in whole dollars: an amount with cents cannot be shown to its shoppers. */
function refuseCentsIn(currency: string, cents: number, field: 'amount' | 'minimumSpend') {
  if (currency === 'TWD' && cents % 100 !== 0)
    throw new ServiceError({ ...STAFF_VOUCHER_ERRORS.wholeAmount, field }, STAFF_VOUCHER_TEXTS.wholeAmount);
}

/** What of a voucher its audit entries record (its whole rule). */
function auditedOf(row: VoucherRow) {
  return {
    description: row.description,
    discountType: row.discountType,
    discountValue: row.discountValue,
    currency: row.currency,
    minimumSubtotalCents: row.minimumSubtotalCents,
    oncePerCustomer: row.oncePerCustomer,
    startsAt: row.startsAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    totalUses: row.totalUses,
    sites: row.sites,
    active: row.active,
  };
}

/**
 * Makes a voucher: an amount off in the currency its sites share (sites of two currencies are refused), valid from its
 * first day to the end of its last (UTC). Its code is unique in every spelling the cart accepts (stored upper case).
 */
export async function createVoucher(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  input: NewVoucherInput,
): Promise<VoucherView> {
  const unseen = input.sites.find((site) => !staffSeesSite(request.member, site));
  const by = await requireStaffPermission(db, clock, request, 'vouchers.write', {
    action: 'vouchers.create',
    recordType: 'voucher',
    recordId: input.code,
    ...(unseen ? { siteId: unseen } : {}),
  });
  const shared = currencyOfSites(input.sites as SiteId[]);
  if (!('currency' in shared))
    throw new ServiceError(
      STAFF_VOUCHER_ERRORS.oneCurrency,
      STAFF_VOUCHER_TEXTS.oneCurrency(shared.currencies.join(' and ')),
    );
  refuseCentsIn(shared.currency, input.amount, 'amount');
  refuseCentsIn(shared.currency, input.minimumSpend, 'minimumSpend');
  const now = clock.now();
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(vouchers)
      .values({
        code: input.code,
        description: input.description,
        discountType: 'amount',
        discountValue: input.amount,
        minimumSubtotalCents: input.minimumSpend,
        currency: shared.currency,
        siteId: null,
        sites: input.sites,
        startsAt: startOfDay(input.validFrom),
        expiresAt: afterDay(input.validUntil),
        oncePerCustomer: input.oncePerCustomer,
        totalUses: input.totalUses,
        active: true,
        createdByStaffId: by.staffId,
        createdAt: now,
      })
      .onConflictDoNothing({ target: vouchers.code })
      .returning();
    if (!row) throw new ServiceError(STAFF_VOUCHER_ERRORS.codeTaken);
    await writeAudit(tx, now, by, {
      action: 'vouchers.create',
      recordType: 'voucher',
      recordId: row.code,
      outcome: 'done',
      before: null,
      after: auditedOf(row),
    });
    return viewOf(row, 0, by.actor);
  });
}

/** Changes a voucher's description, dates and limits (its amount and sites stay); audited with before and after. */
export async function changeVoucher(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  code: string,
  input: VoucherChangeInput,
): Promise<VoucherView> {
  const { row: found, by } = await requireOnVoucher(db, clock, request, 'vouchers.change', code);
  if (found.currency) refuseCentsIn(found.currency, input.minimumSpend, 'minimumSpend');
  const now = clock.now();
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(vouchers).where(eq(vouchers.code, found.code)).for('update');
    if (!before) throw new ServiceError(STAFF_ERRORS.notFound);
    const [after] = await tx
      .update(vouchers)
      .set({
        description: input.description,
        minimumSubtotalCents: input.minimumSpend,
        oncePerCustomer: input.oncePerCustomer,
        startsAt: startOfDay(input.validFrom),
        expiresAt: afterDay(input.validUntil),
        totalUses: input.totalUses,
      })
      .where(eq(vouchers.code, found.code))
      .returning();
    if (!after) throw new ServiceError(STAFF_ERRORS.notFound);
    await writeAudit(tx, now, by, {
      action: 'vouchers.change',
      recordType: 'voucher',
      recordId: after.code,
      outcome: 'done',
      before: auditedOf(before),
      after: auditedOf(after),
    });
    const [uses] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(voucherUses)
      .where(eq(voucherUses.voucherCode, after.code));
    return viewOf(after, Number(uses?.n ?? 0), null);
  });
}

/**
 * Disables a voucher (the cart then answers its code as an unknown one, and an order not placed yet cannot use it) or
 * enables it again; audited. The same state again changes nothing and writes nothing.
 */
export async function setVoucherActive(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  code: string,
  active: boolean,
): Promise<{ code: string; active: boolean }> {
  const action = active ? 'vouchers.enable' : 'vouchers.disable';
  const { row: found, by } = await requireOnVoucher(db, clock, request, action, code);
  const now = clock.now();
  return inTransaction(db, async (tx) => {
    const [before] = await tx
      .select({ active: vouchers.active })
      .from(vouchers)
      .where(eq(vouchers.code, found.code))
      .for('update');
    if (!before) throw new ServiceError(STAFF_ERRORS.notFound);
    if (before.active === active) return { code: found.code, active };
    await tx.update(vouchers).set({ active }).where(eq(vouchers.code, found.code));
    await writeAudit(tx, now, by, {
      action,
      recordType: 'voucher',
      recordId: found.code,
      outcome: 'done',
      before: { active: before.active },
      after: { active },
    });
    return { code: found.code, active };
  });
}
