import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client';
import { hashPassword, type ScryptCost, verifyPassword } from '../../db/password-hash';
import { staff, staffSessions } from '../../db/schema';
import type { Clock } from '../../domain/clock';
import { normaliseEmail, throttleAddressOf } from '../../domain/identity-rules';
import {
  STAFF_CODE_STEP_MS,
  STAFF_ERRORS,
  STAFF_IDLE_MS,
  STAFF_MAX_MS,
  type StaffMember,
  type StaffPermission,
  staffMay,
} from '../../domain/staff';
import { dropOldAttempts, forgetAttempts, recordAttempt, settleAttempts, THROTTLE } from '../identity/identity';
import { randomToken } from '../platform/random-token';
import { ServiceError } from '../platform/service-error';
import { writeAudit } from './audit';
import { hashStaffToken } from './staff-accounts';
import { codeStep, openSecret } from './totp';

// Staff sign-in (CONTRACT.md): email and password, then the authenticator's code; each step is throttled as a
// customer's login is (per account and per address, failures counted across processes), and each failure is
// audited. The session token changes when the code is accepted; a session ends after 30 minutes idle, 12 hours in
// all, or at sign out.

/** A staff session's last use is written at most this often. */
const TOUCH_EVERY_MS = 60 * 1000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function throttleKeys(email: string, address: string) {
  return [
    { key: `staff-account:${email}`, limit: THROTTLE.perAccount },
    { key: `staff-address:${throttleAddressOf(address)}`, limit: THROTTLE.perAddress },
  ];
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks the email and password; when right, answers a token that stands for a sign-in awaiting its code (valid for
 * 5 minutes). Nothing of the console opens with it.
 */
export async function staffPasswordStep(
  db: Db,
  clock: Clock,
  input: { email: string; password: string },
  context: { address: string; passwordCost: ScryptCost },
): Promise<{ token: string }> {
  const email = normaliseEmail(input.email);
  const now = clock.now();
  const keys = throttleKeys(email, context.address);
  const attempt = await recordAttempt(db, now, THROTTLE.windowMs, keys);
  if (attempt.throttled) throw new ServiceError(STAFF_ERRORS.throttled);
  const [row] = await db
    .select({ id: staff.id, passwordHash: staff.passwordHash, disabledAt: staff.disabledAt })
    .from(staff)
    .where(eq(staff.email, email))
    .limit(1);
  dummyHash ??= hashPassword('not-a-staff-password', context.passwordCost);
  const matches = await verifyPassword(input.password, row?.passwordHash ?? (await dummyHash));
  if (!row || !matches || row.disabledAt || !row.passwordHash) {
    await settleAttempts(db, attempt.ids);
    await dropOldAttempts(
      db,
      now,
      THROTTLE.windowMs,
      keys.map((k) => k.key),
    );
    await writeAudit(
      db,
      now,
      { staffId: row?.id ?? null, actor: email, address: context.address },
      { action: 'staff.sign-in', recordType: 'staff', recordId: row ? String(row.id) : undefined, outcome: 'refused' },
    );
    throw new ServiceError(STAFF_ERRORS.signInFailed);
  }
  await forgetAttempts(db, attempt.ids);
  const token = randomToken(32, 'base64url');
  await db.insert(staffSessions).values({
    tokenHash: hashStaffToken(token),
    staffId: row.id,
    stage: 'code',
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + STAFF_CODE_STEP_MS),
  });
  // Housekeeping: this account's ended sign-ins go whenever it signs in.
  await db
    .delete(staffSessions)
    .where(
      and(
        eq(staffSessions.staffId, row.id),
        or(
          sql`${staffSessions.expiresAt} <= ${now}`,
          lt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_IDLE_MS)),
        ),
      ),
    );
  return { token };
}

/**
 * Checks the authenticator's code of a sign-in past its password. Right (and not used before): the sign-in becomes a
 * session under a new token. Wrong: a failure the throttle counts, audited. A code is accepted once: its step must
 * be later than the last accepted, checked and written in one statement.
 */
export async function staffCodeStep(
  db: Db,
  clock: Clock,
  key: Buffer,
  input: { token: string | undefined; code: string },
  context: { address: string },
): Promise<{ token: string; staff: StaffMember }> {
  const now = clock.now();
  if (!input.token || !TOKEN.test(input.token)) throw new ServiceError(STAFF_ERRORS.codeExpired);
  const pendingHash = hashStaffToken(input.token);
  const [row] = await liveSession(db, pendingHash, 'code', now);
  if (!row) throw new ServiceError(STAFF_ERRORS.codeExpired);
  const keys = throttleKeys(row.email, context.address);
  const attempt = await recordAttempt(db, now, THROTTLE.windowMs, keys);
  if (attempt.throttled) throw new ServiceError(STAFF_ERRORS.throttled);
  const secret = row.sealed ? openSecret(key, row.sealed) : row.plain;
  const step = secret ? codeStep(secret, input.code, now) : null;
  const token = randomToken(32, 'base64url');
  const accepted =
    step !== null &&
    (await inTransaction(db, async (tx) => {
      const used = await tx
        .update(staff)
        .set({ totpLastStep: step })
        .where(and(eq(staff.id, row.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
        .returning({ id: staff.id });
      if (used.length === 0) return false;
      await tx.delete(staffSessions).where(eq(staffSessions.tokenHash, pendingHash));
      await tx.insert(staffSessions).values({
        tokenHash: hashStaffToken(token),
        staffId: row.id,
        stage: 'signed-in',
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + STAFF_MAX_MS),
      });
      await writeAudit(
        tx,
        now,
        { staffId: row.id, actor: row.email, address: context.address },
        { action: 'staff.sign-in', recordType: 'staff', recordId: String(row.id), outcome: 'done' },
      );
      return true;
    }));
  if (!accepted) {
    await settleAttempts(db, attempt.ids);
    await writeAudit(
      db,
      now,
      { staffId: row.id, actor: row.email, address: context.address },
      { action: 'staff.sign-in-code', recordType: 'staff', recordId: String(row.id), outcome: 'refused' },
    );
    throw new ServiceError(STAFF_ERRORS.codeFailed);
  }
  await forgetAttempts(db, attempt.ids);
  return { token, staff: { id: row.id, email: row.email, role: row.role, sites: row.sites } };
}

/**
 * The session of a token's hash at `stage`, unexpired (and used since `idleSince`, when given), with its staff
 * member, who is not disabled.
 */
function liveSession(db: Db, tokenHash: string, stage: 'code' | 'signed-in', now: Date, idleSince?: Date) {
  return db
    .select({
      id: staff.id,
      email: staff.email,
      role: staff.role,
      sites: staff.sites,
      sealed: staff.totpSecretSealed,
      plain: staff.totpSecretPlain,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        eq(staffSessions.stage, stage),
        gt(staffSessions.expiresAt, now),
        idleSince ? gt(staffSessions.lastSeenAt, idleSince) : undefined,
        isNull(staff.disabledAt),
      ),
    )
    .limit(1);
}

/** The staff member a session token stands for, or null (none, ended, idle, disabled). Touches its last use. */
export async function resolveStaff(db: Db, clock: Clock, token: string | undefined): Promise<StaffMember | null> {
  if (!token || !TOKEN.test(token)) return null;
  const now = clock.now();
  const tokenHash = hashStaffToken(token);
  const [row] = await liveSession(db, tokenHash, 'signed-in', now, new Date(now.getTime() - STAFF_IDLE_MS));
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
  return { id: row.id, email: row.email, role: row.role, sites: row.sites };
}

/**
 * Whether the holder of a staff session token may do `permission`: the storefront's staff-only views (a draft
 * campaign's preview, a hidden product's page) ask this of the staff cookie a signed-in member's browser sends.
 */
export async function staffSessionMay(
  db: Db,
  clock: Clock,
  token: string | undefined,
  permission: StaffPermission,
): Promise<boolean> {
  const member = await resolveStaff(db, clock, token);
  return member !== null && staffMay(member, permission);
}

/** Ends the session (or the half-done sign-in) a token stands for. */
export async function staffSignOut(db: Db, token: string | undefined): Promise<void> {
  if (!token || !TOKEN.test(token)) return;
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, hashStaffToken(token)));
}
