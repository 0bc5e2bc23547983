import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client';
import { customers, referralCodes, vouchers } from '../../db/schema';
import { englishText, type Message, message } from '../../domain/message';
import { formatMoney } from '../../domain/money';
import { makeReferralCode, REFERRAL_CODE_PATTERN, REFERRAL_OFFER } from '../../domain/referrals';
import type { Site } from '../../domain/sites';

// Refer a friend: a customer's personal code on a site, made on first request; the code is a voucher (the
// voucher rules and cart apply it), once per customer, for the friend's first order.

export interface ReferralOffer {
  code: string;
  /** The referring customer's first name. */
  firstName: string;
  /** What the friend gets, e.g. "$25.00 off an order of $100.00 or more" (render it with sentText). */
  offer: Message;
}

/** What a friend gets on this site, amounts in its currency. */
export function referralOffer(site: Pick<Site, 'currency' | 'intlLocale'>): Message {
  const offer = REFERRAL_OFFER[site.currency];
  return message(/*i18n*/ '{amount} off an order of {minimum} or more', {
    amount: formatMoney(offer.amountCents, site),
    minimum: formatMoney(offer.minimumCents, site),
  });
}

/** The customer's code on this site, made (with its voucher) the first time it is asked for. */
export async function getOrCreateReferralCode(db: Db, site: Site, customerId: number): Promise<string> {
  const find = async (tx: Db) =>
    (
      await tx
        .select({ code: referralCodes.code })
        .from(referralCodes)
        .where(and(eq(referralCodes.customerId, customerId), eq(referralCodes.siteId, site.id)))
    )[0]?.code;
  const existing = await find(db);
  if (existing) return existing;
  const offer = REFERRAL_OFFER[site.currency];
  return inTransaction(db, async (tx) => {
    // Two first requests at once: the unique (customer, site) index lets one win; the other reads its code.
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = makeReferralCode(randomBytes(6));
      const made = await tx
        .insert(vouchers)
        .values({
          code,
          // The voucher's own record (not shown to shoppers), in English.
          description: `A friend's welcome: ${englishText(referralOffer(site))}`,
          discountType: 'amount',
          discountValue: offer.amountCents,
          minimumSubtotalCents: offer.minimumCents,
          siteId: site.id,
          currency: site.currency,
          oncePerCustomer: true,
        })
        .onConflictDoNothing()
        .returning({ code: vouchers.code });
      if (made.length === 0) continue;
      const saved = await tx
        .insert(referralCodes)
        .values({ code, customerId, siteId: site.id })
        .onConflictDoNothing()
        .returning({ code: referralCodes.code });
      if (saved.length > 0) return code;
      await tx.delete(vouchers).where(eq(vouchers.code, code));
      const winner = await find(tx);
      if (winner) return winner;
    }
    throw new Error('could not make a unique referral code');
  });
}

/** The referral behind a code on this site, or null for a code that is no one's. */
export async function findReferral(db: Db, site: Site, code: string): Promise<ReferralOffer | null> {
  const upper = code.toUpperCase();
  if (!REFERRAL_CODE_PATTERN.test(upper)) return null;
  const [row] = await db
    .select({ firstName: customers.firstName })
    .from(referralCodes)
    .innerJoin(customers, eq(customers.id, referralCodes.customerId))
    .where(and(eq(referralCodes.code, upper), eq(referralCodes.siteId, site.id)));
  return row ? { code: upper, firstName: row.firstName, offer: referralOffer(site) } : null;
}
