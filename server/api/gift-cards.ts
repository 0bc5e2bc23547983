import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { giftCardBalance } from '../../services/gift-cards/gift-cards';
import { ok } from '../envelope';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';

// A gift card's balance by its code, for anyone who holds the code (the recipient need not have an account). Codes
// can be guessed, so a wrong one spends a try of the address's code budget (services/gift-cards/gift-cards.ts); the answer is
// personal, and /api answers are never stored (server/pipeline/no-store.ts).

const BalanceRequestSchema = z.object({ code: z.string().max(100) });

export const GiftCardBalanceSchema = z.object({
  last4: z.string(),
  currency: z.string(),
  balanceCents: z.number().int(),
  amountCents: z.number().int(),
  expiresAt: z.string(),
  expired: z.boolean(),
  disabled: z.boolean().describe('Stopped by staff: it keeps its balance but pays for nothing.'),
});

export const giftCardsApi = createApiRouter().openapi(
  createRoute({
    method: 'post',
    path: '/balance',
    summary: "A gift card's balance, amount and expiry, by its code",
    middleware: [readJsonBody] as const,
    request: { body: jsonBody(BalanceRequestSchema) },
    responses: responses(GiftCardBalanceSchema, 'The card, named by its last 4 characters.', [400, 403, 404, 429]),
  }),
  async (c) => {
    const { db, giftCardKey, clock, clientAddress, budgets } = c.var.ctx;
    const lookup = { db, key: giftCardKey, clock, clientAddress, budgets };
    return ok(c, await giftCardBalance(lookup, c.req.valid('json').code));
  },
);
