import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { hashPassword, needsRehash, type ScryptCost, verifyPassword } from '../../db/password-hash';
import {
  cartLines,
  carts,
  customers,
  customerSubscriptions,
  emailTokens,
  favourites,
  loginFailures,
  sessions,
} from '../../db/schema';
import { MAX_LINE_QUANTITY } from '../../domain/cart-pricing';
import type { Clock } from '../../domain/clock';
import { normaliseEmail, PROSPECT, throttleAddressOf, type Visitor, LOGIN_ERRORS } from '../../domain/identity-rules';
import type { LoginInput, RegistrationInput } from '../../domain/identity-schemas';
import type { Site } from '../../domain/sites';
import { cartChanged, dropLinesPastCap, latestCustomerCart, MAX_GIFT_VOUCHER_LINES, newCartId } from '../cart/cart';
import { ServiceError } from '../platform/service-error';
import { STANDING_STATES } from '../../domain/unlimited';

// Sessions and visitor tiers (SPEC §4, CONTRACT.md, docs/decisions/005-sessions.md).

export const SESSION_COOKIE = 'sid';
export const REMEMBER_COOKIE = 'remember_me';
/** Server-side idle limit of a full login. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** A full login ends after this long even when active. */
export const SESSION_MAX_MS = 24 * 60 * 60 * 1000;
/** How long the persistent cookie remembers the customer (Soft Logged-In). */
export const REMEMBER_MS = 90 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so browsing does not write on every request. */
export const VISITOR_TOUCH_EVERY_MS = 60 * 1000;
const TOUCH_EVERY_MS = VISITOR_TOUCH_EVERY_MS;

export const THROTTLE = { windowMs: 15 * 60 * 1000, perAccount: 10, perAddress: 50, perPasswordChange: 5 } as const;
/** Registrations per address (an IPv6 /64 counts as one address) in an hour. */
export const REGISTRATION_THROTTLE = { windowMs: 60 * 60 * 1000, perAddress: 20 } as const;

export interface SessionTokens {
  session?: string | undefined;
  remember?: string | undefined;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function validTokens(tokens: SessionTokens): string[] {
  return [tokens.session, tokens.remember].filter((t): t is string => typeof t === 'string' && TOKEN.test(t));
}

export interface ResolvedVisitor {
  visitor: Visitor;
  /** The item codes a Hard Logged-In visitor has favourited (read in the same query); empty for anyone else. */
  favourites: readonly string[];
  /** Cookies the request presented that no longer stand for a login (revoked, idle, expired). */
  stale: { session: boolean; remember: boolean };
  /** When the login found ends unless used again (its expiry, or the idle limit from its last use), in ms. */
  endsAt?: number;
}

/** The login lookup every request with a login cookie runs. */
const visitorStatements = /* @__PURE__ */ preparedPerDatabase((db) => ({
  sessions: db
    .select({
      tokenHash: sessions.tokenHash,
      kind: sessions.kind,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      customerId: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      unlimitedStatus: sql<string | null>`(select ${customerSubscriptions.status} from ${customerSubscriptions}
        where ${customerSubscriptions.customerId} = ${customers.id} and ${customerSubscriptions.type} = 'FREESHIP'
        and ${inArray(customerSubscriptions.status, STANDING_STATES)} limit 1)`,
      // Every page a Current customer sees shows their favourites (app/root.tsx): read with the login, not after it,
      // and only on the session's row (a remembered login alone shows none).
      favouriteCodes: sql<
        string[] | null
      >`case when ${sessions.kind} = 'session' then array(select ${favourites.itemCode}
        from ${favourites} where ${favourites.customerId} = ${customers.id} order by ${favourites.itemCode}) end`,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(sql`${sessions.tokenHash} = any(${sql.placeholder('hashes')}::text[])`)
    .prepare('visitor_sessions'),
}));

/** Who the cookies stand for: Hard Logged-In (live session), Soft Logged-In (remembered only) or Prospect. */
export async function resolveVisitor(db: Db, clock: Clock, tokens: SessionTokens): Promise<ResolvedVisitor> {
  const presented = validTokens(tokens);
  const stale = { session: Boolean(tokens.session), remember: Boolean(tokens.remember) };
  if (presented.length === 0) return { visitor: PROSPECT, favourites: [], stale };
  const now = clock.now();
  const rows = await visitorStatements(db).sessions.execute({ hashes: presented.map(hashToken) });

  const sessionHash = tokens.session && TOKEN.test(tokens.session) ? hashToken(tokens.session) : null;
  const rememberHash = tokens.remember && TOKEN.test(tokens.remember) ? hashToken(tokens.remember) : null;
  const live = rows.find(
    (r) =>
      r.tokenHash === sessionHash &&
      r.kind === 'session' &&
      r.expiresAt > now &&
      now.getTime() - r.lastSeenAt.getTime() < SESSION_IDLE_MS,
  );
  const remembered = rows.find((r) => r.tokenHash === rememberHash && r.kind === 'remember' && r.expiresAt > now);
  stale.session = Boolean(tokens.session) && !live;
  stale.remember = Boolean(tokens.remember) && !remembered;

  if (live) {
    if (now.getTime() - live.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, live.tokenHash));
    }
    return {
      visitor: {
        tier: 'Hard Logged-In',
        customerId: live.customerId,
        email: live.email,
        firstName: live.firstName,
        unlimitedStatus: live.unlimitedStatus as Visitor['unlimitedStatus'],
      },
      favourites: live.favouriteCodes ?? [],
      stale,
      endsAt: Math.min(live.expiresAt.getTime(), live.lastSeenAt.getTime() + SESSION_IDLE_MS),
    };
  }
  if (remembered) {
    return {
      visitor: {
        tier: 'Soft Logged-In',
        customerId: remembered.customerId,
        email: remembered.email,
        firstName: remembered.firstName,
        unlimitedStatus: null,
      },
      favourites: [],
      stale,
      endsAt: remembered.expiresAt.getTime(),
    };
  }
  return { visitor: PROSPECT, favourites: [], stale };
}

/** Revokes the logins behind these cookies (logout, or before a new login). */
export async function revokeTokens(db: Db, tokens: SessionTokens): Promise<void> {
  const presented = validTokens(tokens);
  if (presented.length === 0) return;
  await db.delete(sessions).where(inArray(sessions.tokenHash, presented.map(hashToken)));
}

/** Ends every reset link of a customer not used yet: a link asked for before the password changed is stale. */
export async function endResetLinks(db: Db, customerId: number, now: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.customerId, customerId), eq(emailTokens.purpose, 'reset'), isNull(emailTokens.usedAt)));
}

/** Revokes every login of a customer (password change). */
export async function revokeAllSessions(db: Db, customerId: number, except?: SessionTokens): Promise<void> {
  const keep = except ? validTokens(except).map(hashToken) : [];
  await db.delete(sessions).where(
    keep.length
      ? and(
          eq(sessions.customerId, customerId),
          sql`${sessions.tokenHash} not in (${sql.join(
            keep.map((k) => sql`${k}`),
            sql`, `,
          )})`,
        )
      : eq(sessions.customerId, customerId),
  );
}

async function issueTokens(db: Db, clock: Clock, customerId: number): Promise<{ session: string; remember: string }> {
  const now = clock.now();
  const session = newToken();
  const remember = newToken();
  await db.insert(sessions).values([
    {
      tokenHash: hashToken(session),
      customerId,
      kind: 'session',
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_MAX_MS),
    },
    {
      tokenHash: hashToken(remember),
      customerId,
      kind: 'remember',
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + REMEMBER_MS),
    },
  ]);
  // Housekeeping: this customer's expired rows go whenever they log in.
  await db.delete(sessions).where(and(eq(sessions.customerId, customerId), sql`${sessions.expiresAt} <= ${now}`));
  return { session, remember };
}

// A hash to verify against when the email is unknown, so both failures take the same time (one per cost).
const dummyHashes = new Map<number, Promise<string>>();
function dummyHashAt(cost: ScryptCost): Promise<string> {
  let hash = dummyHashes.get(cost.n);
  if (!hash) {
    hash = hashPassword('not-a-real-password', cost);
    dummyHashes.set(cost.n, hash);
  }
  return hash;
}

/** How long an attempt may wait for the slots of attempts still being checked before it is refused. */
const SLOT_WAIT_MS = 15_000;
const SLOT_POLL_MS = 25;
/** A pending attempt older than this was never settled (its process ended): it counts as a failure. */
const PENDING_TTL_MS = 60_000;

/**
 * Takes a slot under each key for an attempt whose password is about to be checked, or refuses it. Under each key's
 * lock (a transaction-scoped advisory lock, so parallel requests on any process queue here): an attempt is throttled
 * when the key's settled failures in the window have reached the limit; when failures and pending attempts together
 * fill it, the attempt waits for the pending ones to end. A success gives its slots back (`forgetAttempts`), a
 * failure settles them (`settleAttempts`): so 20 right passwords at once all get in, and 16 wrong ones at once leave
 * 10 failures behind, which lock the account.
 */
export async function recordAttempt(
  db: Db,
  now: Date,
  windowMs: number,
  keys: readonly { key: string; limit: number }[],
): Promise<{ ids: number[]; throttled: boolean }> {
  const since = new Date(now.getTime() - windowMs);
  const staleBefore = new Date(now.getTime() - PENDING_TTL_MS);
  const names = keys.map((k) => k.key);
  const started = Date.now();
  for (;;) {
    const outcome = await inTransaction(db, async (tx) => {
      for (const name of [...names].sort())
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`throttle:${name}`}))`);
      const counts = await tx
        .select({
          key: loginFailures.key,
          taken: sql<number>`count(*)::int`,
          failed: sql<number>`(count(*) filter (where not ${loginFailures.pending} or ${loginFailures.at} <= ${staleBefore}))::int`,
        })
        .from(loginFailures)
        .where(and(inArray(loginFailures.key, names), gt(loginFailures.at, since)))
        .groupBy(loginFailures.key);
      const of = (key: string) => counts.find((c) => c.key === key) ?? { taken: 0, failed: 0 };
      if (keys.some(({ key, limit }) => of(key).failed >= limit)) return 'throttled' as const;
      if (keys.some(({ key, limit }) => of(key).taken >= limit)) return 'wait' as const;
      const rows = await tx
        .insert(loginFailures)
        .values(keys.map(({ key }) => ({ key, at: now, pending: true })))
        .returning({ id: loginFailures.id });
      return rows.map((r) => r.id);
    });
    if (Array.isArray(outcome)) return { ids: outcome, throttled: false };
    if (outcome === 'throttled' || Date.now() - started >= SLOT_WAIT_MS) return { ids: [], throttled: true };
    await new Promise((resolve) => setTimeout(resolve, SLOT_POLL_MS));
  }
}

/** A success gives its slots back. */
export async function forgetAttempts(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(loginFailures).where(inArray(loginFailures.id, ids));
}

/** A failure (or an attempt that always counts, such as a registration) keeps its slots as counted failures. */
export async function settleAttempts(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.update(loginFailures).set({ pending: false }).where(inArray(loginFailures.id, ids));
}

/** Housekeeping: attempts older than the window no longer count. */
export async function dropOldAttempts(db: Db, now: Date, windowMs: number, keys: readonly string[]): Promise<void> {
  const since = new Date(now.getTime() - windowMs);
  await db
    .delete(loginFailures)
    .where(and(inArray(loginFailures.key, [...keys]), sql`${loginFailures.at} <= ${since}`));
}

export interface LoginResult {
  customerId: number;
  email: string;
  tokens: { session: string; remember: string };
}

/**
 * Checks the password and starts a new login. The logins behind the presented cookies are revoked first
 * (SPEC §4: logging in while Soft Logged-In, or as another customer, logs the old one out), so the
 * session id always changes on login.
 */
export async function logIn(
  db: Db,
  clock: Clock,
  input: LoginInput,
  context: { address: string; current: SessionTokens; passwordCost: ScryptCost },
): Promise<LoginResult> {
  const email = normaliseEmail(input.email);
  const now = clock.now();
  const accountKey = `account:${email}`;
  const addressKey = `address:${throttleAddressOf(context.address)}`;
  const attempt = await recordAttempt(db, now, THROTTLE.windowMs, [
    { key: accountKey, limit: THROTTLE.perAccount },
    { key: addressKey, limit: THROTTLE.perAddress },
  ]);
  if (attempt.throttled) throw new ServiceError(LOGIN_ERRORS.throttled);

  const [customer] = await db
    .select({ id: customers.id, email: customers.email, passwordHash: customers.passwordHash })
    .from(customers)
    .where(eq(customers.email, email))
    .limit(1);
  const matches = await verifyPassword(
    input.password,
    customer?.passwordHash ?? (await dummyHashAt(context.passwordCost)),
  );
  if (!customer || !matches) {
    // The attempt stays recorded: it is a failure the throttle counts.
    await settleAttempts(db, attempt.ids);
    await dropOldAttempts(db, now, THROTTLE.windowMs, [accountKey, addressKey]);
    throw new ServiceError(LOGIN_ERRORS.failed);
  }
  await forgetAttempts(db, attempt.ids);
  if (needsRehash(customer.passwordHash, context.passwordCost)) {
    // Hashes made with older, cheaper parameters are replaced while the password is at hand.
    await db
      .update(customers)
      .set({ passwordHash: await hashPassword(input.password, context.passwordCost) })
      .where(eq(customers.id, customer.id));
  }

  await revokeTokens(db, context.current);
  const tokens = await issueTokens(db, clock, customer.id);
  return { customerId: customer.id, email: customer.email, tokens };
}

export async function register(
  db: Db,
  clock: Clock,
  input: RegistrationInput,
  current: SessionTokens,
  address: string,
  passwordCost: ScryptCost,
): Promise<LoginResult> {
  const email = normaliseEmail(input.email);
  // Every registration counts, before the password is hashed: neither the CPU of the hash nor new
  // accounts are free to ask for.
  const now = clock.now();
  const key = `register:${throttleAddressOf(address)}`;
  const attempt = await recordAttempt(db, now, REGISTRATION_THROTTLE.windowMs, [
    { key, limit: REGISTRATION_THROTTLE.perAddress },
  ]);
  if (attempt.throttled) throw new ServiceError(LOGIN_ERRORS.registrationThrottled);
  await settleAttempts(db, attempt.ids);
  await dropOldAttempts(db, now, REGISTRATION_THROTTLE.windowMs, [key]);
  const passwordHash = await hashPassword(input.password, passwordCost);
  const [created] = await db
    .insert(customers)
    .values({ email, passwordHash, firstName: input.firstName, lastName: input.lastName, createdAt: clock.now() })
    .onConflictDoNothing()
    .returning({ id: customers.id });
  if (!created) throw new ServiceError(LOGIN_ERRORS.emailTaken);
  // A guest's orders with this email come to the account only once the mailbox is proved
  // (services/identity/account-emails.ts): anyone can type an address.
  await revokeTokens(db, current);
  return { customerId: created.id, email, tokens: await issueTokens(db, clock, created.id) };
}

/**
 * Changes the password; the session that asked (`keep`) keeps working, every other login of the customer
 * ends, and so does every reset link of the account. A wrong current password is an 'invalid' ServiceError.
 */
export async function changePassword(
  db: Db,
  clock: Clock,
  customerId: number,
  input: { currentPassword: string; newPassword: string },
  keep: SessionTokens,
  passwordCost: ScryptCost,
): Promise<void> {
  const now = clock.now();
  const key = `password:${customerId}`;
  const attempt = await recordAttempt(db, now, THROTTLE.windowMs, [{ key, limit: THROTTLE.perPasswordChange }]);
  if (attempt.throttled) throw new ServiceError(LOGIN_ERRORS.passwordChangeThrottled);
  const [customer] = await db
    .select({ passwordHash: customers.passwordHash })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!customer || !(await verifyPassword(input.currentPassword, customer.passwordHash))) {
    await settleAttempts(db, attempt.ids);
    await dropOldAttempts(db, now, THROTTLE.windowMs, [key]);
    throw new ServiceError(LOGIN_ERRORS.currentPasswordWrong);
  }
  await forgetAttempts(db, attempt.ids);
  await db
    .update(customers)
    .set({ passwordHash: await hashPassword(input.newPassword, passwordCost) })
    .where(eq(customers.id, customerId));
  // Every other device has to log in again with the new password, and a reset link asked for before no longer works.
  await revokeAllSessions(db, customerId, keep);
  await endResetLinks(db, customerId, now);
}

/**
 * Joins the visitor's anonymous cart to the customer's cart on this site (docs/decisions/004): lines are
 * added with the cart's upsert, capped at the line maximum, and the anonymous cart is deleted; a customer
 * without a cart gets a new one (new id) holding the anonymous lines. Returns the id the cart cookie should
 * carry, or null when neither has a cart.
 */
export async function mergeCartOnLogin(
  db: Db,
  site: Site,
  anonymousCartId: string | null,
  customerId: number,
): Promise<string | null> {
  return inTransaction(db, async (tx) => {
    const cartId = await joinAnonymousCart(tx, site, anonymousCartId, customerId);
    // The 50-line cap holds after the merge: the customer's own lines stay, the anonymous ones fill what room is
    // left in the order they were added, the others are dropped (services/cart/cart.ts dropLinesPastCap).
    if (cartId) await dropLinesPastCap(tx, cartId);
    return cartId;
  });
}

async function joinAnonymousCart(
  tx: Db,
  site: Site,
  anonymousCartId: string | null,
  customerId: number,
): Promise<string | null> {
  const ownId = await latestCustomerCart(tx, customerId, site.id);
  const [anonymous] = anonymousCartId
    ? await tx
        .select({ id: carts.id, customerId: carts.customerId, siteId: carts.siteId, voucherCode: carts.voucherCode })
        .from(carts)
        .where(eq(carts.id, anonymousCartId))
        .for('update')
    : [];
  // A cart of another customer or another site is not the visitor's to merge.
  const mergeable =
    anonymous && anonymous.siteId === site.id && (anonymous.customerId === null || anonymous.customerId === customerId)
      ? anonymous
      : null;
  if (!mergeable) return ownId;
  if (ownId === mergeable.id) return ownId;
  if (!ownId) {
    // NOTE: the lines move to a cart with a new id rather than the anonymous cart becoming the account's:
    // an anonymous id may have been planted in this browser by someone who would then know it.
    const id = newCartId();
    await tx.insert(carts).values({ id, siteId: site.id, customerId, version: 1, voucherCode: mergeable.voucherCode });
    await tx.update(cartLines).set({ cartId: id }).where(eq(cartLines.cartId, mergeable.id));
    await tx.delete(carts).where(eq(carts.id, mergeable.id));
    return id;
  }
  await tx.execute(sql`select id from ${carts} where ${carts.id} = ${ownId} for update`);
  const lines = await tx.select().from(cartLines).where(eq(cartLines.cartId, mergeable.id)).orderBy(cartLines.id);
  // The e-gift cap holds after the merge: the customer's cards stay, the anonymous ones fill what room is left
  // (the others go with the anonymous cart).
  const [held] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(cartLines)
    .where(and(eq(cartLines.cartId, ownId), sql`${cartLines.giftVoucher} is not null`));
  let giftRoom = MAX_GIFT_VOUCHER_LINES - (held?.n ?? 0);
  for (const line of lines) {
    if (line.giftVoucher) {
      if (giftRoom-- > 0) await tx.update(cartLines).set({ cartId: ownId }).where(eq(cartLines.id, line.id));
      continue;
    }
    await tx
      .insert(cartLines)
      .values({
        cartId: ownId,
        itemCode: line.itemCode,
        quantity: line.quantity,
        upsellType: line.upsellType,
        upsellRule: line.upsellRule,
      })
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.itemCode],
        targetWhere: sql`gift_voucher is null`,
        set: { quantity: sql`least(${cartLines.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY})` },
      });
  }
  await tx.delete(carts).where(eq(carts.id, mergeable.id));
  // The voucher comes along unless the customer's cart has one already (one voucher per order).
  await tx
    .update(carts)
    .set({ ...cartChanged(), voucherCode: sql`coalesce(${carts.voucherCode}, ${mergeable.voucherCode})` })
    .where(eq(carts.id, ownId));
  return ownId;
}
