import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { referralLink } from '../../domain/referrals';
import { sentText } from '../../domain/message';
import { getOrCreateReferralCode, referralOffer } from '../../services/vouchers/referrals';
import { ok } from '../envelope';
import { createApiRouter, responses } from './router';
import { customerIdOf, requireCurrent } from './user-auth';

// Refer a friend: the Hard Logged-In customer's personal link for this site (made on first request).

const ReferralSchema = z.object({ code: z.string(), link: z.string(), offerText: z.string() });

export const userReferralApi = createApiRouter().openapi(
  createRoute({
    method: 'get',
    path: '/referral',
    summary: "The customer's refer-a-friend code and link on this site",
    middleware: [requireCurrent] as const,
    responses: responses(ReferralSchema, 'The code, the link to share and what the friend gets.', [401]),
  }),
  async (c) => {
    const { db, site, origin } = c.var.ctx;
    const code = await getOrCreateReferralCode(db, site, customerIdOf(c));
    const offerText = sentText(await c.var.ctx.messages(), referralOffer(site));
    return ok(c, { code, link: referralLink(origin, code), offerText });
  },
);
