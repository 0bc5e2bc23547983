import { type Db, inTransaction } from '../../db/client';
import { emailSignups } from '../../db/schema';
import {
  checkSignupEmail,
  type EmailSignupVariant,
  emailListFor,
  signupLanguage,
  signupTexts,
} from '../../domain/email-signup';
import type { Site } from '../../domain/sites';
import { enqueue } from '../platform/outbox';
import { ServiceError } from '../platform/service-error';
import { GENERIC_ERRORS } from '../../domain/errors';

/** What the email-list job carries: the pixel's account id, email and list id (SPEC §7). */
export interface EmailListJob {
  siteId: string;
  accountId: string;
  listId: string;
  email: string;
}

/**
 * Records a newsletter signup: one row per site and address (a second signup changes nothing and still
 * succeeds), and, for a new address, the email-marketing list's pixel and opt-in as an outbox job.
 * Returns the success text in the site's language.
 */
export async function signUpForEmails(
  db: Db,
  site: Site,
  rawEmail: string,
  variant: EmailSignupVariant,
  now: Date,
): Promise<{ message: string; created: boolean }> {
  const texts = signupTexts(signupLanguage(site));
  const check = checkSignupEmail(rawEmail, texts.placeholder);
  if (!check.ok) throw new ServiceError(GENERIC_ERRORS.invalid, check.reason === 'empty' ? texts.empty : texts.invalid);
  const created = await inTransaction(db, async (tx) => {
    const inserted = await tx
      .insert(emailSignups)
      .values({ siteId: site.id, email: check.email, variant, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: emailSignups.id });
    if (inserted.length === 0) return false;
    const job: EmailListJob = { siteId: site.id, email: check.email, ...emailListFor(site, variant) };
    await enqueue(tx, 'email-list', job, now);
    return true;
  });
  return { message: texts.success, created };
}
