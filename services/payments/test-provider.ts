import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client';
import { testPaymentRefunds, testPayments } from '../../db/schema';
import {
  type AuthoriseRequest,
  type AuthoriseResult,
  cardBrand,
  cardDigits,
  PAYMENT_MESSAGES,
  type PaymentProvider,
  type ProviderPayment,
  type ReleaseResult,
  RefundRefusedError,
  TEST_CARDS,
  WebhookSignatureError,
} from '../../domain/payment';

/** Holds the amount for a test card under its key; the declined card and any other number are refused. */
async function authoriseTest(db: Db, request: AuthoriseRequest): Promise<AuthoriseResult> {
  const digits = cardDigits(request.card?.number ?? '');
  if (digits === TEST_CARDS.declined) return { ok: false, message: PAYMENT_MESSAGES.declined };
  if (digits !== TEST_CARDS.approved) return { ok: false, message: PAYMENT_MESSAGES.testOnly };
  const now = new Date();
  const held = {
    amountCents: request.amountCents,
    currency: request.currency,
    brand: cardBrand(digits),
    last4: digits.slice(-4),
    status: 'AUTHORISED' as const,
    updatedAt: now,
  };
  // A key seen before answers its authorisation; one released (its order was not written) holds the amount anew.
  const [row] = await db
    .insert(testPayments)
    .values({ reference: `test_${randomBytes(12).toString('hex')}`, paymentKey: request.paymentKey, ...held })
    .onConflictDoUpdate({ target: testPayments.paymentKey, set: held, where: eq(testPayments.status, 'RELEASED') })
    .returning();
  const payment =
    row ?? (await db.select().from(testPayments).where(eq(testPayments.paymentKey, request.paymentKey)))[0];
  if (!payment) throw new Error('test payment: the authorisation was not kept');
  // A key is bound to the amount it first held: another amount under it is refused, never answered with the old
  // authorisation (as a real provider refuses an idempotency key reused with other parameters).
  if (payment.amountCents !== request.amountCents || payment.currency !== request.currency)
    return { ok: false, message: PAYMENT_MESSAGES.keyReused };
  return {
    ok: true,
    reference: payment.reference,
    brand: payment.brand,
    last4: payment.last4,
    amountCents: payment.amountCents,
  };
}

/** Takes the amount held (or less), once; capturing a captured payment again does nothing. */
async function captureTest(db: Db, reference: string, amountCents: number): Promise<void> {
  const [taken] = await db
    .update(testPayments)
    .set({ status: 'CAPTURED', capturedCents: amountCents, updatedAt: new Date() })
    .where(
      and(
        eq(testPayments.reference, reference),
        eq(testPayments.status, 'AUTHORISED'),
        gte(testPayments.amountCents, amountCents),
      ),
    )
    .returning({ reference: testPayments.reference });
  if (taken) return;
  const [payment] = await db.select().from(testPayments).where(eq(testPayments.reference, reference));
  if (payment?.status === 'CAPTURED') return;
  throw new Error(
    payment
      ? `test payment ${reference}: ${payment.status}, ${payment.amountCents} held, ${amountCents} asked`
      : `test payment ${reference}: no such authorisation`,
  );
}

/** Lets a held amount go; answers a payment captured meanwhile as such, for the caller to refund. */
async function releaseTest(db: Db, reference: string): Promise<ReleaseResult> {
  await db
    .update(testPayments)
    .set({ status: 'RELEASED', updatedAt: new Date() })
    .where(and(eq(testPayments.reference, reference), ne(testPayments.status, 'CAPTURED')));
  const [payment] = await db
    .select({ status: testPayments.status, capturedCents: testPayments.capturedCents })
    .from(testPayments)
    .where(eq(testPayments.reference, reference));
  return payment?.status === 'CAPTURED'
    ? { released: false, capturedCents: payment.capturedCents }
    : { released: true, capturedCents: 0 };
}

/** Gives back part of a captured amount, once per key, never past what was captured. */
async function refundTest(db: Db, reference: string, amountCents: number, refundKey?: string): Promise<void> {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new RefundRefusedError(`test payment ${reference}: a refund of ${amountCents} cents`);
  // Without a key every call is its own refund.
  const key = createHash('sha256')
    .update(`${reference}:${refundKey ?? randomBytes(12).toString('hex')}`)
    .digest('hex');
  // One transaction of the provider's own (never inside the shop's order transaction: on PGlite that one
  // connection is busy): the key is kept and the amount counted together, or neither.
  await inTransaction(db, async (tx) => {
    const [kept] = await tx
      .insert(testPaymentRefunds)
      .values({ refundKey: key, reference, amountCents, createdAt: new Date() })
      .onConflictDoNothing()
      .returning({ amountCents: testPaymentRefunds.amountCents });
    if (!kept) return; // the same refund again
    // NOTE: one conditional update: two refunds at once are counted one after the other, never past the capture.
    const [counted] = await tx
      .update(testPayments)
      .set({ refundedCents: sql`${testPayments.refundedCents} + ${amountCents}`, updatedAt: new Date() })
      .where(
        and(
          eq(testPayments.reference, reference),
          eq(testPayments.status, 'CAPTURED'),
          sql`${testPayments.refundedCents} + ${amountCents} <= ${testPayments.capturedCents}`,
        ),
      )
      .returning({ reference: testPayments.reference });
    if (!counted) {
      const [payment] = await tx.select().from(testPayments).where(eq(testPayments.reference, reference));
      throw new RefundRefusedError(
        payment
          ? `test payment ${reference}: ${payment.status}, ${payment.capturedCents} captured, ${payment.refundedCents} refunded, ${amountCents} asked`
          : `test payment ${reference}: no such payment`,
      );
    }
  });
}

/** A test authorisation as the provider's own record shows it, in the shop's payment states. */
async function retrieveTest(db: Db, reference: string): Promise<ProviderPayment | null> {
  const [payment] = await db.select().from(testPayments).where(eq(testPayments.reference, reference));
  if (!payment) return null;
  return {
    reference,
    state: payment.status,
    currency: payment.currency,
    amountCents: payment.amountCents,
    capturableCents: payment.status === 'AUTHORISED' ? payment.amountCents : 0,
    capturedCents: payment.capturedCents,
    refundedCents: payment.refundedCents,
    createdAt: payment.updatedAt,
    checkoutKey: null,
  };
}

/**
 * The built-in test provider (the default): 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is
 * declined, any other number is refused. It keeps its authorisations in the shop's database (`test_payments`), as a
 * real provider keeps them on its side: the same payment key answers the same authorisation after a restart and
 * from another process. A refusal is not kept: the shopper may try another card with the same key.
 */
export function createTestPaymentProvider(db: Db, options: { delayMs?: number } = {}): PaymentProvider {
  const delayMs = options.delayMs ?? 0;
  return {
    name: 'test',
    // The card is typed on the shop's own form; an authorisation is the payment, so nothing is begun before it.
    capabilities: { cardOnServer: true, beginsPayment: false, webhooks: false, authorisationDays: 7 },
    begin: async () => null,
    authorise: async (request) => {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return authoriseTest(db, request);
    },
    capture: (reference, amountCents) => captureTest(db, reference, amountCents),
    release: (reference) => releaseTest(db, reference),
    refund: (reference, amountCents, refundKey) => refundTest(db, reference, amountCents, refundKey),
    retrieve: (reference) => retrieveTest(db, reference),
    parseWebhook: () => {
      throw new WebhookSignatureError('the test provider sends no webhooks');
    },
  };
}
