import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { SITE_IDS } from '../../domain/sites';
import { GiftCardFindSchema, GiftCardIdSchema, GoodwillCardSchema } from '../../domain/staff-vouchers';
import { disableGiftCard, findGiftCards, issueGoodwill, loadGiftCard } from '../../services/staff/gift-cards';
import { failInput, ok } from '../envelope';
import { staffRequestOf } from './admin';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';

// The console's gift cards as JSON calls (CONTRACT.md `/admin/gift-cards`): find a card (by its code, or its last 4
// with an email), a card's balance and ledger, disable it, issue a goodwill card. No answer carries a card's code.

const IdParamSchema = z.object({ id: GiftCardIdSchema });

const CardRowSchema = z.object({
  id: z.number().int(),
  last4: z.string(),
  siteId: z.string().nullable(),
  currency: z.string(),
  amountCents: z.number().int(),
  balanceCents: z.number().int(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  disabled: z.boolean().describe('Disabled cards pay for nothing; their balance is kept.'),
  orderNumber: z.string().nullable().describe('The order that bought it; null for a goodwill card.'),
});

const CardPageSchema = z.object({
  card: CardRowSchema.extend({
    disabledAt: z.string().nullable(),
    message: z.string(),
    expiresAt: z.string(),
    createdAt: z.string(),
    buyerEmail: z.string().nullable(),
    issuedBy: z.string().nullable().describe('The staff member who issued a goodwill card.'),
  }),
  ledger: z.array(
    z.object({
      kind: z.enum(['issue', 'redeem', 'refund', 'expire']),
      amountCents: z.number().int(),
      at: z.string(),
      orderNumber: z.string().nullable(),
      by: z.string().describe('The staff member of a console entry, else the order or the shop’s own job.'),
    }),
  ),
});

const FindBody = z.union([
  z.object({ code: z.string().describe('The whole code, in any spelling (spaces, dashes and case do not matter).') }),
  z.object({
    last4: z.string().describe('The last 4 characters of the code.'),
    email: z.string().describe('The buyer’s or the recipient’s email, in any case.'),
  }),
]);

const GoodwillBody = z.object({
  siteId: z.string().describe(`The site the card is for (its currency and range): ${SITE_IDS.join(', ')}.`),
  amount: z
    .union([z.string(), z.number()])
    .describe('Whole units of the site’s currency, within its e-gift card range (25 to 500 in AUD).'),
  recipientName: z.string(),
  recipientEmail: z.string(),
  message: z.string().optional(),
});

const ROLES = 'Roles: owner, manager.';

export const adminGiftCardsApi = createApiRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/find',
      summary: 'Find gift cards by the whole code, or by the last 4 with the buyer’s or recipient’s email',
      description: `A POST so that a code is never in a URL. A site-limited account finds its sites’ cards. ${ROLES}`,
      middleware: [readJsonBody] as const,
      request: { body: jsonBody(FindBody) },
      responses: responses(z.object({ cards: z.array(CardRowSchema) }), 'The cards found.', [400, 401, 403]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const staffRequest = staffRequestOf(c);
      const input = GiftCardFindSchema.safeParse(c.req.valid('json'));
      if (!input.success) return failInput(c, input.error.issues);
      const cards = await findGiftCards(
        { db: ctx.db, clock: ctx.clock, key: ctx.giftCardKey },
        staffRequest,
        input.data,
      );
      return ok(c, { cards });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      summary: 'Issue a goodwill card to an email; the recipient gets its code by email; audited (last 4 only)',
      description: `The card keeps its site and the staff member who issued it. ${ROLES}`,
      middleware: [readJsonBody] as const,
      request: { body: jsonBody(GoodwillBody) },
      responses: responses(
        z.object({
          id: z.number().int(),
          last4: z.string(),
          siteId: z.string(),
          currency: z.string(),
          amountCents: z.number().int(),
          recipientName: z.string(),
          recipientEmail: z.string(),
          expiresAt: z.string(),
        }),
        'The card issued (never its code).',
        [400, 401, 403, 404],
      ),
    }),
    async (c) => {
      const { ctx } = c.var;
      const staffRequest = staffRequestOf(c);
      const input = GoodwillCardSchema.safeParse(c.req.valid('json'));
      if (!input.success) return failInput(c, input.error.issues);
      const issued = await issueGoodwill(
        {
          db: ctx.db,
          clock: ctx.clock,
          key: ctx.giftCardKey,
          messagesFor: (site) => ctx.messagesFor(site.intlLocale),
          siteOriginOf: ctx.siteOriginOf,
        },
        staffRequest,
        input.data,
      );
      return ok(c, issued);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      summary:
        'A gift card: balance, currency, site, the order that bought it, and its ledger with who made each entry',
      description: ROLES,
      request: { params: IdParamSchema },
      responses: responses(CardPageSchema, 'The card.', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { ctx } = c.var;
      return ok(
        c,
        await loadGiftCard(
          { db: ctx.db, clock: ctx.clock, key: ctx.giftCardKey },
          staffRequestOf(c),
          c.req.valid('param').id,
        ),
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/disable',
      summary: 'Disable a gift card: it no longer pays; its balance is kept; audited',
      description: ROLES,
      request: { params: IdParamSchema },
      responses: responses(
        z.object({ id: z.number().int(), last4: z.string(), disabledAt: z.string() }),
        'Disabled.',
        [400, 401, 403, 404, 409],
      ),
    }),
    async (c) => {
      const { ctx } = c.var;
      return ok(
        c,
        await disableGiftCard(
          { db: ctx.db, clock: ctx.clock, key: ctx.giftCardKey },
          staffRequestOf(c),
          c.req.valid('param').id,
        ),
      );
    },
  );
