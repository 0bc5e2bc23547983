import { createHash } from 'node:crypto';
import { and, asc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client';
import { hashPassword, type ScryptCost } from '../../db/password-hash';
import { staff, staffSessions } from '../../db/schema';
import type { Clock } from '../../domain/clock';
import { normaliseEmail } from '../../domain/identity-rules';
import type { SiteId } from '../../domain/sites';
import { STAFF_ERRORS, STAFF_SETUP_LINK_MS, type StaffMember, type StaffRole } from '../../domain/staff';
import { randomToken } from '../platform/random-token';
import { ServiceError } from '../platform/service-error';
import { type Actor, writeAudit } from './audit';
import { codeStep, newTotpSecret, openSecret, otpauthUri, sealSecret } from './totp';

// Staff accounts (CONTRACT.md "Operator console"): made by an owner or `npm run staff`, opened by their one-time
// set-up link (a password and an enrolled authenticator), disabled rather than deleted. Every change is audited in
// its own transaction.

export const SETUP_PATH = '/admin/setup';

/** A set-up link's address on a console host (`origin`: scheme and host). */
export function setupLinkOf(origin: string, token: string): string {
  return `${origin}${SETUP_PATH}?token=${token}`;
}

export function hashStaffToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface StaffAccount {
  id: number;
  email: string;
  role: StaffRole;
  sites: SiteId[];
  /** 'set-up pending' until the link is used, then 'active'; 'disabled' once disabled. */
  state: 'pending' | 'active' | 'disabled';
  createdAt: Date;
}

const accountColumns = {
  id: staff.id,
  email: staff.email,
  role: staff.role,
  sites: staff.sites,
  passwordHash: staff.passwordHash,
  disabledAt: staff.disabledAt,
  createdAt: staff.createdAt,
};

function accountOf(row: {
  id: number;
  email: string;
  role: StaffRole;
  sites: SiteId[];
  passwordHash: string | null;
  disabledAt: Date | null;
  createdAt: Date;
}): StaffAccount {
  const state = row.disabledAt ? 'disabled' : row.passwordHash ? 'active' : 'pending';
  return { id: row.id, email: row.email, role: row.role, sites: row.sites, state, createdAt: row.createdAt };
}

/**
 * The staff account a command on the server runs as (`npm run orders -- … --as EMAIL`): its role and sites decide
 * what the command may do, as they decide the console's.
 */
export async function commandStaffOf(db: Db, email: string): Promise<StaffMember> {
  const [row] = await db
    .select(accountColumns)
    .from(staff)
    .where(eq(staff.email, normaliseEmail(email)))
    .limit(1);
  if (!row) throw new ServiceError(STAFF_ERRORS.noSuchStaff);
  if (accountOf(row).state !== 'active') throw new ServiceError(STAFF_ERRORS.inactive);
  return { id: row.id, email: row.email, role: row.role, sites: row.sites };
}

export async function listStaff(db: Db): Promise<StaffAccount[]> {
  const rows = await db.select(accountColumns).from(staff).orderBy(asc(staff.email));
  return rows.map(accountOf);
}

/** A new set-up link's token and the columns that hold it (hashed); the secret is made when the page is first seen. */
function newSetupLink(now: Date) {
  const token = randomToken(32, 'base64url');
  return {
    token,
    columns: {
      setupTokenHash: hashStaffToken(token),
      setupExpiresAt: new Date(now.getTime() + STAFF_SETUP_LINK_MS),
      setupSecretSealed: null,
    },
  };
}

export interface NewStaff {
  email: string;
  role: StaffRole;
  sites: readonly SiteId[];
}

/** Adds an account without password or second factor; answers it with its one-time set-up link's token. */
export async function addStaff(
  db: Db,
  clock: Clock,
  input: NewStaff,
  by: Actor,
): Promise<{ account: StaffAccount; setupToken: string }> {
  const now = clock.now();
  const email = normaliseEmail(input.email);
  const link = newSetupLink(now);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(staff)
      .values({ email, role: input.role, sites: [...input.sites], createdAt: now, ...link.columns })
      .onConflictDoNothing({ target: staff.email })
      .returning(accountColumns);
    if (!row) throw new ServiceError(STAFF_ERRORS.staffExists);
    const account = accountOf(row);
    await writeAudit(tx, now, by, {
      action: 'staff.add',
      recordType: 'staff',
      recordId: String(row.id),
      outcome: 'done',
      after: { email, role: input.role, sites: input.sites },
    });
    return { account, setupToken: link.token };
  });
}

async function lockedAccount(tx: Db, email: string) {
  const [row] = await tx
    .select(accountColumns)
    .from(staff)
    .where(eq(staff.email, normaliseEmail(email)))
    .for('update');
  if (!row) throw new ServiceError(STAFF_ERRORS.noSuchStaff);
  return row;
}

/**
 * Disables an account: its sessions end and it cannot sign in again; its audit history stays. The last owner who
 * is not disabled cannot be (someone must be able to manage staff).
 */
export async function disableStaff(db: Db, clock: Clock, email: string, by: Actor): Promise<StaffAccount> {
  const now = clock.now();
  return inTransaction(db, async (tx) => {
    // NOTE: owners are locked first in one order, so two owners disabling each other at once cannot both succeed.
    await tx.execute(
      sql`select ${staff.id} from ${staff} where ${staff.role} = 'owner' order by ${staff.id} for update`,
    );
    const row = await lockedAccount(tx, email);
    if (row.role === 'owner' && !row.disabledAt) {
      const [other] = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.role, 'owner'), isNull(staff.disabledAt), ne(staff.id, row.id)))
        .limit(1);
      if (!other) throw new ServiceError(STAFF_ERRORS.lastOwner);
    }
    const [updated] = await tx
      .update(staff)
      .set({ disabledAt: row.disabledAt ?? now, setupTokenHash: null, setupExpiresAt: null, setupSecretSealed: null })
      .where(eq(staff.id, row.id))
      .returning(accountColumns);
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, row.id));
    await writeAudit(tx, now, by, {
      action: 'staff.disable',
      recordType: 'staff',
      recordId: String(row.id),
      outcome: 'done',
      before: { state: accountOf(row).state },
      after: { state: 'disabled' },
    });
    return accountOf(updated ?? row);
  });
}

/**
 * A new set-up link for an account (a lost authenticator, a forgotten password): its password and second factor
 * stop working at once, its sessions end, and only the new link opens it again. A disabled account stays disabled.
 */
export async function resetStaff(
  db: Db,
  clock: Clock,
  email: string,
  by: Actor,
): Promise<{ account: StaffAccount; setupToken: string }> {
  const now = clock.now();
  const link = newSetupLink(now);
  return inTransaction(db, async (tx) => {
    const row = await lockedAccount(tx, email);
    if (row.disabledAt) throw new ServiceError(STAFF_ERRORS.noSuchStaff, `${row.email} is disabled.`);
    const [updated] = await tx
      .update(staff)
      .set({
        passwordHash: null,
        totpSecretSealed: null,
        totpSecretPlain: null,
        totpLastStep: null,
        ...link.columns,
      })
      .where(eq(staff.id, row.id))
      .returning(accountColumns);
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, row.id));
    await writeAudit(tx, now, by, {
      action: 'staff.reset',
      recordType: 'staff',
      recordId: String(row.id),
      outcome: 'done',
    });
    return { account: accountOf(updated ?? row), setupToken: link.token };
  });
}

/** The account a live set-up link opens, locked, or the link's refusal. */
async function setupAccount(tx: Db, now: Date, token: string) {
  const [row] = await tx
    .select({ id: staff.id, email: staff.email, setupSecretSealed: staff.setupSecretSealed })
    .from(staff)
    .where(
      and(eq(staff.setupTokenHash, hashStaffToken(token)), gt(staff.setupExpiresAt, now), isNull(staff.disabledAt)),
    )
    .for('update');
  if (!row) throw new ServiceError(STAFF_ERRORS.setupLinkInvalid);
  return row;
}

export interface SetupPage {
  email: string;
  /** The authenticator's secret (base32), to type in when the QR code cannot be scanned. */
  secret: string;
  otpauthUri: string;
}

/** What the set-up page shows: the same secret on every visit of one link (made, and sealed, on the first). */
export async function setupPageOf(db: Db, clock: Clock, key: Buffer, token: string): Promise<SetupPage> {
  const now = clock.now();
  return inTransaction(db, async (tx) => {
    const row = await setupAccount(tx, now, token);
    let secret = row.setupSecretSealed ? openSecret(key, row.setupSecretSealed) : null;
    if (!secret) {
      secret = newTotpSecret();
      await tx
        .update(staff)
        .set({ setupSecretSealed: sealSecret(key, secret) })
        .where(eq(staff.id, row.id));
    }
    return { email: row.email, secret, otpauthUri: otpauthUri(secret, row.email) };
  });
}

/**
 * Uses a set-up link: the password is set and the authenticator enrolled once a code it shows is right (that code's
 * step counts as used). The link then opens nothing.
 */
export async function completeSetup(
  db: Db,
  clock: Clock,
  key: Buffer,
  input: { token: string; password: string; code: string },
  context: { passwordCost: ScryptCost; address: string },
): Promise<{ email: string }> {
  const now = clock.now();
  // NOTE: the link is checked before the password is hashed, so a made-up token costs a lookup, not a hash.
  await inTransaction(db, (tx) => setupAccount(tx, now, input.token));
  const passwordHash = await hashPassword(input.password, context.passwordCost);
  return inTransaction(db, async (tx) => {
    const row = await setupAccount(tx, now, input.token);
    const secret = row.setupSecretSealed ? openSecret(key, row.setupSecretSealed) : null;
    const step = secret ? codeStep(secret, input.code, now) : null;
    if (!secret || step === null) throw new ServiceError(STAFF_ERRORS.codeFailed);
    await tx
      .update(staff)
      .set({
        passwordHash,
        totpSecretSealed: sealSecret(key, secret),
        totpSecretPlain: null,
        totpLastStep: step,
        setupTokenHash: null,
        setupExpiresAt: null,
        setupSecretSealed: null,
      })
      .where(eq(staff.id, row.id));
    await writeAudit(
      tx,
      now,
      { staffId: row.id, actor: row.email, address: context.address },
      { action: 'staff.setup', recordType: 'staff', recordId: String(row.id), outcome: 'done' },
    );
    return { email: row.email };
  });
}

/**
 * The demo staff's published secrets (db/demo) sealed with this server's key, as the first start finds them; answers
 * how many. The key is asked for only when there is something to seal.
 */
export async function sealPlainStaffSecrets(db: Db, keyOf: () => Buffer): Promise<number> {
  const plain = await db
    .select({ id: staff.id, secret: staff.totpSecretPlain })
    .from(staff)
    .where(isNotNull(staff.totpSecretPlain));
  if (plain.length === 0) return 0;
  const key = keyOf();
  for (const row of plain)
    await db
      .update(staff)
      .set({ totpSecretSealed: sealSecret(key, row.secret ?? ''), totpSecretPlain: null })
      .where(eq(staff.id, row.id));
  return plain.length;
}
