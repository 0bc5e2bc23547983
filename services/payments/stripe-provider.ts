import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { centsToStripeAmount, stripeAmountToCents } from '../../domain/money';
import {
  type AuthoriseResult,
  type BegunPayment,
  PAYMENT_MESSAGES,
  type PaymentEventKind,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderPaymentState,
  RefundRefusedError,
  WebhookSignatureError,
} from '../../domain/payment';

// Stripe behind the shop's payment interface (domain/payment.ts), as Medusa's payment-stripe provider does: one
// PaymentIntent per checkout key, captured by hand once the order is written; every call that changes something
// carries an idempotency key, so the client's own retries (a 500, a timeout, an answer lost after the work was done)
// give one authorisation, one capture and one refund. Amounts go through domain/money.ts in both directions.

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another base URL for the API (a local stand-in in tests); Stripe's own when absent. */
  apiUrl?: string | undefined;
  /** Per call; the client retries a call that timed out with its idempotency key. */
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

/** Stripe's default tolerance for a webhook's signed timestamp: an older one is refused as a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The states of a PaymentIntent as the shop's: the one place Stripe's statuses are read. */
export function paymentStateOfIntent(intent: Pick<Stripe.PaymentIntent, 'status' | 'last_payment_error'>) {
  const states: Record<string, ProviderPaymentState> = {
    requires_payment_method: intent.last_payment_error ? 'FAILED' : 'PENDING',
    requires_confirmation: 'PENDING',
    processing: 'PENDING',
    requires_action: 'REQUIRES_ACTION',
    requires_capture: 'AUTHORISED',
    succeeded: 'CAPTURED',
    canceled: 'RELEASED',
  };
  return states[intent.status] ?? 'PENDING';
}

/** Stripe's event types the shop acts on, as the shop's kinds of event: the one place they are read. */
const EVENT_KINDS: Readonly<Record<string, PaymentEventKind>> = {
  'payment_intent.amount_capturable_updated': 'authorised',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'released',
  'payment_intent.succeeded': 'captured',
  'charge.refunded': 'refunded',
};

const BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
};

/** The statuses in which a PaymentIntent's amount may still change (nothing is held on the card yet). */
const CHANGEABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/** The client's options for a base URL of its own (`host`, `port`, `protocol`). */
function clientAddressOf(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function referenceOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function cardOf(intent: Stripe.PaymentIntent): { brand: string; last4: string } {
  const method = intent.payment_method;
  const card = typeof method === 'object' && method ? method.card : null;
  return { brand: (card && BRANDS[card.brand]) ?? 'Card', last4: card?.last4 ?? '' };
}

/** An authorisation's answer from the PaymentIntent as it now stands. */
function authorisationOf(intent: Stripe.PaymentIntent, amountCents: number): AuthoriseResult {
  const state = paymentStateOfIntent(intent);
  if (state === 'AUTHORISED' || state === 'CAPTURED')
    return { ok: true, reference: intent.id, amountCents, ...cardOf(intent) };
  if (state === 'REQUIRES_ACTION')
    return {
      ok: false,
      action: { reference: intent.id, redirectUrl: intent.next_action?.redirect_to_url?.url ?? null },
    };
  return { ok: false, message: PAYMENT_MESSAGES.declined };
}

function paymentOf(intent: Stripe.PaymentIntent): ProviderPayment {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const cents = (amount: number) => stripeAmountToCents(amount, intent.currency);
  return {
    reference: intent.id,
    state: paymentStateOfIntent(intent),
    currency: intent.currency.toUpperCase(),
    amountCents: cents(intent.amount),
    capturableCents: cents(intent.amount_capturable),
    capturedCents: cents(intent.amount_received),
    refundedCents: cents(charge?.amount_refunded ?? 0),
    createdAt: new Date(intent.created * 1000),
    checkoutKey: intent.metadata?.checkout_key ?? null,
  };
}

function isUnexpectedState(error: unknown): error is Stripe.errors.StripeInvalidRequestError {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state';
}

export function createStripePaymentProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: settings.maxNetworkRetries ?? 2,
    timeout: settings.timeoutMs ?? 20_000,
    telemetry: false,
    ...clientAddressOf(settings.apiUrl),
  });
  const intents = stripe.paymentIntents;
  const retrieveIntent = (reference: string) =>
    intents.retrieve(reference, { expand: ['payment_method', 'latest_charge'] });

  const begunOf = (intent: Stripe.PaymentIntent): BegunPayment => ({
    reference: intent.id,
    clientSecret: intent.client_secret,
  });

  async function release(reference: string) {
    try {
      await intents.cancel(reference, {}, { idempotencyKey: `release:${reference}` });
      return { released: true, capturedCents: 0 };
    } catch (error) {
      if (!isUnexpectedState(error)) throw error;
      const intent = await retrieveIntent(reference);
      if (intent.status === 'canceled') return { released: true, capturedCents: 0 };
      if (intent.status === 'succeeded')
        return { released: false, capturedCents: stripeAmountToCents(intent.amount_received, intent.currency) };
      throw error;
    }
  }

  return {
    name: 'stripe',
    capabilities: { cardOnServer: false, beginsPayment: true, webhooks: true, authorisationDays: 7 },

    async begin({ checkoutKey, amountCents, currency, existing }) {
      const amount = centsToStripeAmount(amountCents, currency);
      const lower = currency.toLowerCase();
      if (existing) {
        const intent = await intents.retrieve(existing);
        if (intent.status !== 'canceled' && intent.amount === amount && intent.currency === lower)
          return begunOf(intent);
        if (CHANGEABLE.has(intent.status))
          return begunOf(
            await intents.update(
              existing,
              { amount, currency: lower },
              { idempotencyKey: `amount:${existing}:${lower}:${amount}` },
            ),
          );
        // Held for another amount (the cart changed after the bank's check): that hold goes, a new payment begins.
        if (intent.status === 'requires_capture') await release(existing);
      }
      const intent = await intents.create(
        {
          amount,
          currency: lower,
          capture_method: 'manual',
          allowed_payment_method_types: ['card'],
          metadata: { checkout_key: checkoutKey },
        },
        // After a cancelled one, a key of its own: Stripe would answer the same key with the cancelled PaymentIntent.
        { idempotencyKey: `begin:${checkoutKey}:${lower}:${amount}:${existing ?? 'first'}` },
      );
      return begunOf(intent);
    },

    async authorise(request) {
      const reference = request.payment?.reference;
      if (!reference) throw new Error('stripe: an authorisation needs the payment begun for its checkout');
      let intent = await retrieveIntent(reference);
      if (intent.amount !== centsToStripeAmount(request.amountCents, request.currency))
        return { ok: false, message: PAYMENT_MESSAGES.keyReused };
      const confirmable = intent.status === 'requires_payment_method' || intent.status === 'requires_confirmation';
      if (confirmable) {
        if (!request.paymentMethod) return { ok: false, message: PAYMENT_MESSAGES.noPaymentMethod };
        try {
          intent = await intents.confirm(
            reference,
            {
              payment_method: request.paymentMethod,
              expand: ['payment_method', 'latest_charge'],
              ...(request.returnUrl ? { return_url: request.returnUrl } : {}),
            },
            // A fresh key per attempt: a retry of this call is this attempt, another attempt confirms anew.
            { idempotencyKey: `confirm:${request.paymentKey}` },
          );
        } catch (error) {
          if (error instanceof Stripe.errors.StripeCardError) return { ok: false, message: PAYMENT_MESSAGES.declined };
          throw error;
        }
      }
      return authorisationOf(intent, request.amountCents);
    },

    async capture(reference, amountCents) {
      const intent = await intents.retrieve(reference);
      if (intent.status === 'succeeded') return;
      const amount = centsToStripeAmount(amountCents, intent.currency);
      try {
        await intents.capture(
          reference,
          { amount_to_capture: amount },
          { idempotencyKey: `capture:${reference}:${amount}` },
        );
      } catch (error) {
        if (isUnexpectedState(error) && (await intents.retrieve(reference)).status === 'succeeded') return;
        throw error;
      }
    },

    release,

    async refund(reference, amountCents, refundKey) {
      const intent = await intents.retrieve(reference);
      if (intent.status !== 'succeeded')
        throw new RefundRefusedError(`stripe payment ${reference}: ${intent.status}, nothing captured to refund`);
      const amount = centsToStripeAmount(amountCents, intent.currency);
      if (!Number.isSafeInteger(amount) || amount <= 0)
        throw new RefundRefusedError(`stripe payment ${reference}: a refund of ${amountCents} cents`);
      try {
        await stripe.refunds.create(
          { payment_intent: reference, amount },
          { idempotencyKey: `refund:${reference}:${refundKey ?? randomUUID()}` },
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          throw new RefundRefusedError(`stripe payment ${reference}: ${error.message}`);
        throw error;
      }
    },

    async retrieve(reference) {
      try {
        return paymentOf(await retrieveIntent(reference));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
        throw error;
      }
    },

    parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
      }
      const object = event.data.object as { object?: string; id?: string; payment_intent?: string | { id: string } };
      const reference =
        object.object === 'payment_intent' ? (object.id ?? null) : referenceOf(object.payment_intent ?? null);
      return {
        id: event.id,
        type: event.type,
        kind: EVENT_KINDS[event.type] ?? 'ignored',
        reference,
        occurredAt: new Date(event.created * 1000),
      };
    },
  };
}
