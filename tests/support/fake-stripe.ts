import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import Stripe from 'stripe';

// A stand-in for the part of Stripe's API the shop's provider calls (services/payments/stripe-provider.ts), reached by
// the real `stripe` client through STRIPE_API_URL. Its answers are typed with the pinned SDK's own types
// (Stripe.PaymentIntent, Stripe.Refund, Stripe.Event): an upgrade that changes them fails the type check here.
// It keeps idempotency keys as Stripe does (the same key and parameters answer the first answer again, other
// parameters are refused), takes Stripe's documented test payment methods, and fails on demand: a 500 before the
// work, a timeout, or an answer dropped after the work was done.

export const FAKE_STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_fakestripe0123456789',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fakestripe0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_fakestripe0123456789',
} as const;

/** Stripe's test payment methods (docs.stripe.com/testing) the fake knows. */
const TEST_METHODS: Record<string, { brand: string; last4: string; outcome: 'approve' | 'decline' | 'authenticate' }> =
  {
    pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'approve' },
    pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'approve' },
    pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'decline' },
    pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', outcome: 'authenticate' },
    pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'authenticate' },
  };

export type Failure = '500' | 'timeout' | 'drop';
/** Which call a failure is for: the method and the path's last part (`POST confirm`, `POST payment_intents`, …). */
export type CallName = `${'GET' | 'POST'} ${string}`;

interface Kept {
  params: string;
  status: number;
  body: unknown;
}

interface StoredIntent {
  intent: Stripe.PaymentIntent;
  refunds: Stripe.Refund[];
  /** How often the bank held, and the fake took, this payment's amount. */
  authorisations: number;
  captures: number;
}

const now = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (`metadata[checkout_key]=…`, `expand[0]=…`) read back into an object. */
function formParams(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let at = out as Record<string, unknown>;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) at[part] = value;
      else {
        at[part] ??= {};
        at = at[part] as Record<string, unknown>;
      }
    }
  }
  return out;
}

function expandsOf(params: Record<string, unknown>, query: URLSearchParams): string[] {
  const fromBody = params.expand && typeof params.expand === 'object' ? Object.values(params.expand) : [];
  return [
    ...fromBody.map(String),
    ...query.getAll('expand[]'),
    ...query.getAll('expand[0]'),
    ...query.getAll('expand[1]'),
  ];
}

function paymentMethodOf(methodId: string): Stripe.PaymentMethod {
  const method = TEST_METHODS[methodId] ?? { brand: 'visa', last4: '4242' };
  return {
    id: methodId,
    object: 'payment_method',
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    created: now(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
    card: {
      brand: method.brand,
      checks: null,
      country: 'AU',
      display_brand: method.brand,
      exp_month: 12,
      exp_year: 2034,
      funding: 'credit',
      generated_from: null,
      last4: method.last4,
      networks: null,
      regulated_status: null,
      three_d_secure_usage: null,
      wallet: null,
    },
  };
}

function chargeOf(stored: StoredIntent): Stripe.Charge {
  const { intent } = stored;
  const refunded = stored.refunds.reduce((sum, r) => sum + r.amount, 0);
  return {
    id: `ch_${intent.id.slice(3)}`,
    object: 'charge',
    amount: intent.amount,
    amount_captured: intent.amount_received,
    amount_refunded: refunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: null,
    captured: intent.status === 'succeeded',
    created: intent.created,
    currency: intent.currency,
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: null,
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: null,
    paid: true,
    payment_intent: intent.id,
    payment_method: typeof intent.payment_method === 'string' ? intent.payment_method : null,
    payment_method_details: null,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: refunded > 0 && refunded === intent.amount_received,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

function newIntent(amount: number, currency: string, metadata: Record<string, string>): Stripe.PaymentIntent {
  const intentId = id('pi');
  return {
    id: intentId,
    object: 'payment_intent',
    allowed_payment_method_types: ['card'],
    amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'manual',
    client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
    confirmation_method: 'automatic',
    created: now(),
    currency,
    customer: null,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_group: null,
  };
}

type StripeErrorBody = {
  error: { type: string; code?: string; message: string; decline_code?: string; payment_intent?: Stripe.PaymentIntent };
};

/** A fake Stripe on a local port; `url` is what STRIPE_API_URL is set to. */
export async function startFakeStripe(options: { webhookSecret?: string } = {}) {
  const webhookSecret = options.webhookSecret ?? FAKE_STRIPE_KEYS.STRIPE_WEBHOOK_SECRET;
  const intents = new Map<string, StoredIntent>();
  const kept = new Map<string, Kept>();
  const failures: { call: CallName; failure: Failure }[] = [];
  const calls: CallName[] = [];
  const pendingTimeouts = new Set<() => void>();

  const stored = (intentId: string) => intents.get(intentId);
  const fail = (c: Context, status: number, error: StripeErrorBody['error']) =>
    c.json<StripeErrorBody>({ error }, status as 400);
  const missing = (c: Context, what: string) =>
    fail(c, 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` });
  const unexpected = (c: Context, s: StoredIntent, action: string) =>
    fail(c, 400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `This PaymentIntent could not be ${action} because it has a status of ${s.intent.status}.`,
      payment_intent: s.intent,
    });

  function view(s: StoredIntent, expand: string[]): Stripe.PaymentIntent {
    const intent = { ...s.intent };
    if (expand.includes('payment_method') && typeof intent.payment_method === 'string')
      intent.payment_method = paymentMethodOf(intent.payment_method);
    if (expand.includes('latest_charge') && intent.latest_charge) intent.latest_charge = chargeOf(s);
    return intent;
  }

  /** The bank held the amount: the PaymentIntent waits for its capture. */
  function hold(s: StoredIntent) {
    s.intent = { ...s.intent, status: 'requires_capture', amount_capturable: s.intent.amount, next_action: null };
    s.intent.latest_charge = `ch_${s.intent.id.slice(3)}`;
    s.authorisations += 1;
  }

  const app = new Hono<{ Bindings: { incoming: IncomingMessage } }>();
  /** The work is done (and kept under its key); the answer never arrives. */
  const dropped = (c: Context<{ Bindings: { incoming: IncomingMessage } }>) => {
    c.env.incoming.socket.destroy();
    return new Response(null, { status: 599 });
  };

  // Idempotency and failure injection around every call.
  app.use('/v1/*', async (c, next) => {
    const name = `${c.req.method} ${c.req.path.split('/').at(-1)}` as CallName;
    const generic = `${c.req.method} ${c.req.path.replace(/\/(pi|re)_[0-9a-f]+/, '/:id')}` as CallName;
    calls.push(name);
    const failureAt = failures.findIndex((f) => f.call === name || f.call === generic);
    const failure = failureAt >= 0 ? failures.splice(failureAt, 1)[0]!.failure : null;
    if (failure === '500') return fail(c, 500, { type: 'api_error', message: 'An unknown error occurred' });
    if (failure === 'timeout')
      return new Promise<Response>((resolve) => {
        const done = () => resolve(new Response(null, { status: 504 }));
        pendingTimeouts.add(done);
      });
    const key = c.req.header('idempotency-key');
    const body = c.req.method === 'POST' ? await c.req.text() : '';
    const slot = key ? `${c.req.method} ${c.req.path} ${key}` : null;
    const params = createHash('sha256').update(body).digest('hex');
    if (slot) {
      const earlier = kept.get(slot);
      if (earlier && earlier.params !== params)
        return fail(c, 400, {
          type: 'idempotency_error',
          message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        });
      if (earlier) {
        if (failure === 'drop') return dropped(c);
        c.header('Idempotent-Replayed', 'true');
        return c.json(earlier.body as object, earlier.status as 200);
      }
    }
    c.set('params' as never, formParams(body) as never);
    await next();
    if (slot && c.res.status < 500) kept.set(slot, { params, status: c.res.status, body: await c.res.clone().json() });
    if (failure === 'drop') return dropped(c);
  });

  const paramsOf = (c: Context) => c.get('params' as never) as Record<string, unknown>;
  const query = (c: Context) => new URL(c.req.url).searchParams;

  app.post('/v1/payment_intents', (c) => {
    const params = paramsOf(c);
    const intent = newIntent(
      Number(params.amount),
      String(params.currency),
      (params.metadata as Record<string, string> | undefined) ?? {},
    );
    intents.set(intent.id, { intent, refunds: [], authorisations: 0, captures: 0 });
    return c.json<Stripe.PaymentIntent>(intent);
  });

  app.get('/v1/payment_intents/:id', (c) => {
    const s = stored(c.req.param('id'));
    return s ? c.json<Stripe.PaymentIntent>(view(s, expandsOf({}, query(c)))) : missing(c, 'payment_intent');
  });

  app.post('/v1/payment_intents/:id', (c) => {
    const s = stored(c.req.param('id'));
    if (!s) return missing(c, 'payment_intent');
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(s.intent.status))
      return unexpected(c, s, 'updated');
    const params = paramsOf(c);
    s.intent = {
      ...s.intent,
      amount: params.amount ? Number(params.amount) : s.intent.amount,
      currency: params.currency ? String(params.currency) : s.intent.currency,
    };
    return c.json<Stripe.PaymentIntent>(view(s, expandsOf(params, query(c))));
  });

  app.post('/v1/payment_intents/:id/confirm', (c) => {
    const s = stored(c.req.param('id'));
    if (!s) return missing(c, 'payment_intent');
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(s.intent.status))
      return unexpected(c, s, 'confirmed');
    const params = paramsOf(c);
    const methodId = String(params.payment_method ?? '');
    const method = TEST_METHODS[methodId];
    if (!method) return missing(c, 'payment_method');
    s.intent = { ...s.intent, payment_method: methodId, last_payment_error: null };
    if (method.outcome === 'decline') {
      s.intent = {
        ...s.intent,
        status: 'requires_payment_method',
        payment_method: null,
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      };
      return fail(c, 402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: s.intent,
      });
    }
    if (method.outcome === 'authenticate') {
      const returnUrl = params.return_url ? String(params.return_url) : 'https://shop.example/';
      s.intent = {
        ...s.intent,
        status: 'requires_action',
        next_action: {
          type: 'redirect_to_url',
          redirect_to_url: { return_url: returnUrl, url: `${url}/3ds/${s.intent.id}` },
        },
      };
    } else hold(s);
    return c.json<Stripe.PaymentIntent>(view(s, expandsOf(params, query(c))));
  });

  app.post('/v1/payment_intents/:id/capture', (c) => {
    const s = stored(c.req.param('id'));
    if (!s) return missing(c, 'payment_intent');
    if (s.intent.status !== 'requires_capture') return unexpected(c, s, 'captured');
    const params = paramsOf(c);
    const amount = params.amount_to_capture ? Number(params.amount_to_capture) : s.intent.amount_capturable;
    if (amount > s.intent.amount_capturable)
      return fail(c, 400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: 'The amount to capture is larger than the amount capturable.',
      });
    s.intent = { ...s.intent, status: 'succeeded', amount_received: amount, amount_capturable: 0 };
    s.captures += 1;
    return c.json<Stripe.PaymentIntent>(view(s, expandsOf(params, query(c))));
  });

  app.post('/v1/payment_intents/:id/cancel', (c) => {
    const s = stored(c.req.param('id'));
    if (!s) return missing(c, 'payment_intent');
    if (s.intent.status === 'succeeded' || s.intent.status === 'canceled') return unexpected(c, s, 'canceled');
    s.intent = {
      ...s.intent,
      status: 'canceled',
      amount_capturable: 0,
      canceled_at: now(),
      cancellation_reason: 'requested_by_customer',
    };
    return c.json<Stripe.PaymentIntent>(view(s, []));
  });

  app.post('/v1/refunds', (c) => {
    const params = paramsOf(c);
    const s = stored(String(params.payment_intent ?? ''));
    if (!s) return missing(c, 'payment_intent');
    const refunded = s.refunds.reduce((sum, r) => sum + r.amount, 0);
    const amount = params.amount ? Number(params.amount) : s.intent.amount_received - refunded;
    if (s.intent.status !== 'succeeded' || amount <= 0 || refunded + amount > s.intent.amount_received)
      return fail(c, 400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${s.intent.amount_received - refunded})`,
      });
    const refund: Stripe.Refund = {
      id: id('re'),
      object: 'refund',
      amount,
      application: null,
      balance_transaction: null,
      charge: `ch_${s.intent.id.slice(3)}`,
      created: now(),
      currency: s.intent.currency,
      customer: null,
      customer_account: null,
      metadata: {},
      payment_intent: s.intent.id,
      payment_method: null,
      reason: null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    s.refunds.push(refund);
    return c.json<Stripe.Refund>(refund);
  });

  app.get('/v1/refunds/:id', (c) => {
    for (const s of intents.values()) {
      const refund = s.refunds.find((r) => r.id === c.req.param('id'));
      if (refund) return c.json<Stripe.Refund>(refund);
    }
    return missing(c, 'refund');
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function event<T extends Stripe.Event>(type: T['type'], object: T['data']['object'], created = now()): T {
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2026-11-18.endive',
      created,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as T;
  }

  return {
    url,
    /** The settings that point the shop's Stripe client here. */
    env: { PAYMENT_PROVIDER: 'stripe', ...FAKE_STRIPE_KEYS, STRIPE_API_URL: url },
    /** The next call by that name fails so, once. */
    failNext(call: CallName, failure: Failure) {
      failures.push({ call, failure });
    },
    calls,
    /** Failures asked for and not met yet. */
    pendingFailures: () => failures.length,
    intent: (intentId: string) => stored(intentId)?.intent,
    intents: () => [...intents.values()].map((s) => s.intent),
    /** How often the amount of a payment was held and taken. */
    counts(intentId: string) {
      const s = stored(intentId);
      return { authorisations: s?.authorisations ?? 0, captures: s?.captures ?? 0, refunds: s?.refunds.length ?? 0 };
    },
    refunds: (intentId: string) => stored(intentId)?.refunds ?? [],
    /** The shopper passed (or failed) their bank's check of a payment that required it. */
    authenticate(intentId: string, passed = true) {
      const s = stored(intentId);
      if (!s) throw new Error(`no payment ${intentId}`);
      if (s.intent.status !== 'requires_action') throw new Error(`${intentId} is not waiting for the shopper`);
      if (passed) hold(s);
      else
        s.intent = {
          ...s.intent,
          status: 'requires_payment_method',
          next_action: null,
          last_payment_error: {
            type: 'card_error',
            code: 'payment_intent_authentication_failure',
            message: 'The bank refused.',
          },
        };
    },
    /** The bank let a held amount go (7 days passed, or it was canceled elsewhere). */
    expire(intentId: string) {
      const s = stored(intentId);
      if (s) s.intent = { ...s.intent, status: 'canceled', amount_capturable: 0, cancellation_reason: 'automatic' };
    },
    /** Events as Stripe sends them, about a payment as it now stands. */
    paymentIntentEvent(
      type:
        | Stripe.PaymentIntentAmountCapturableUpdatedEvent['type']
        | Stripe.PaymentIntentPaymentFailedEvent['type']
        | Stripe.PaymentIntentCanceledEvent['type'],
      intentId: string,
      created?: number,
    ): Stripe.Event {
      const s = stored(intentId);
      if (!s) throw new Error(`no payment ${intentId}`);
      return event(type, view(s, []), created);
    },
    chargeRefundedEvent(intentId: string, created?: number): Stripe.ChargeRefundedEvent {
      const s = stored(intentId);
      if (!s) throw new Error(`no payment ${intentId}`);
      return event<Stripe.ChargeRefundedEvent>('charge.refunded', chargeOf(s), created);
    },
    /** An event's body and its Stripe-Signature header, signed with the endpoint's secret (or another). */
    sign(payload: Stripe.Event, options: { secret?: string; timestamp?: number } = {}) {
      const body = JSON.stringify(payload);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
      });
      return { body, signature };
    },
    async close() {
      for (const done of pendingTimeouts) done();
      server.close();
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
