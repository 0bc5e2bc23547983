import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { Clock } from '../domain/clock';
import { type PaymentProvider, WebhookSignatureError } from '../domain/payment';
import { keepPaymentEvent } from '../services/payments/events';
import type { AppEnv } from './types';

/** Stripe's events are a few KB; a body past this is no event of theirs. */
export const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * `POST /webhooks/stripe` (CONTRACT.md "Payment providers"): mounted before the session, CSRF and body-limit
 * middleware, because Stripe's servers send it with no session and no Origin, and its signature is over the raw body
 * (read here before anything parses it). A bad signature is 400 and nothing is kept; a good event is kept once by
 * its id and handled through the outbox, so the answer is a quick 200 (Stripe retries anything else).
 */
export function paymentWebhooks(options: { db: Db; payments: PaymentProvider; clock: Clock; log: Logger }) {
  const { db, payments, clock, log } = options;
  const app = new Hono<AppEnv>();
  app.post(
    '/webhooks/stripe',
    bodyLimit({
      maxSize: WEBHOOK_BODY_LIMIT_BYTES,
      onError: (c) => c.json({ error: 'The request is too large.' }, 413),
    }),
    async (c) => {
      if (payments.name !== 'stripe' || !payments.capabilities.webhooks)
        return c.json({ error: 'Stripe is not this shop’s payment provider.' }, 404);
      const raw = await c.req.text();
      let event: ReturnType<PaymentProvider['parseWebhook']>;
      try {
        event = payments.parseWebhook(raw, c.req.header('stripe-signature'));
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        log.warn({ reason: error.message }, 'stripe webhook refused: bad signature');
        return c.json({ error: 'The signature does not match.' }, 400);
      }
      const fresh = await keepPaymentEvent(db, payments.name, event, clock.now());
      return c.json({ received: true, duplicate: !fresh });
    },
  );
  return app;
}
