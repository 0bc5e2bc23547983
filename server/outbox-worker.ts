import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Database, Db } from '../db/client';
import type { PaymentProvider } from '../domain/payment';
import { captureOrder } from '../services/orders/capture';
import { paymentProviderFor } from '../services/payments/provider';
import { runPaymentJob } from '../services/payments/refund-jobs';
import { type Clock, systemClock } from '../domain/clock';
import { setupI18n, type I18n } from '@lingui/core';
import { handlePaymentEvent } from '../services/checkout/payment-events';
import { reconcilePayments } from '../services/checkout/reconcile-payments';
import type { PendingOrderDeps } from '../services/checkout/pending-orders';
import type { ShopObserver } from '../services/platform/observer';
import { type OutboxHandler, type OutboxHandlers, processOutbox } from '../services/platform/outbox';
import { type Config, giftCardKeyOf } from './config';
import { openGiftCardMail } from '../services/gift-cards/email';
import { expireGiftCards } from '../services/gift-cards/gift-cards';

// The outbox's senders and the worker that runs them (services/platform/outbox.ts holds the queue).

/** The kinds of job whose payload is an email to send; a gift card's once its code is opened (`giftCardSender`). */
type MailKind = 'order-email' | 'account-email' | 'contact-email' | 'gift-card-email';

const SEND_TIMEOUT_MS = 5_000;

/** The SPEC §7 list calls: the tracking pixel with account id, email and list id, then the opt-in update. */
export function emailListSender(endpoint: string | undefined, log: Logger): OutboxHandler<'email-list'> {
  return async (job) => {
    const { accountId, listId, email } = job.payload;
    if (!endpoint) {
      log.info({ accountId, listId }, 'email list: no EMAIL_LIST_ENDPOINT, signup recorded only');
      return;
    }
    const base = endpoint.replace(/\/$/, '');
    const pixel = new URL(`${base}/pixel.gif`);
    pixel.search = new URLSearchParams({ accountId, email, listId }).toString();
    const pixelReply = await fetch(pixel, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
    if (!pixelReply.ok) throw new Error(`list pixel answered ${pixelReply.status}`);
    const optIn = await fetch(`${base}/optin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountId, email }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (!optIn.ok) throw new Error(`list opt-in answered ${optIn.status}`);
  };
}

/**
 * The SMTP connection the emails share, or null without SMTP_URL. Pooled: a run's emails go over one open
 * connection, not a connection and a greeting each; `close()` ends it when the worker stops.
 */
export function mailTransport(smtpUrl: string | undefined, log: Logger): Transporter | null {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 1,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  // A pooled connection that fails between runs is opened again by the next email; the error is only logged.
  transport.on('error', (error) => log.warn({ err: error }, 'SMTP connection failed'));
  return transport;
}

/** Order emails through a real SMTP client; without a transport (no SMTP_URL) they are logged (no address). */
export function mailSender(transport: Transporter | null, from: string, log: Logger): OutboxHandler<MailKind> {
  return async (job) => {
    const mail = job.payload;
    if (!transport) {
      log.info({ subject: mail.subject }, 'order email: no SMTP_URL, not sent');
      return;
    }
    await transport.sendMail({
      from,
      to: mail.to,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  };
}

/** A recipient's gift card email: its code is opened just before it goes (services/gift-cards/email.ts). */
export function giftCardSender(send: OutboxHandler<MailKind>, key: Buffer): OutboxHandler<'gift-card-email'> {
  return (job) => send({ ...job, payload: { ...job.payload, ...openGiftCardMail(job.payload, key) } });
}

/**
 * What writing a checkout's order from the provider's event needs (services/checkout/pending-payments.ts). The
 * confirmation email is written from the source texts unless the page build's catalogues are given.
 */
export function pendingOrderDeps(
  config: Config,
  db: Db,
  payments: PaymentProvider,
  messagesFor?: (locale: string) => Promise<I18n>,
): PendingOrderDeps {
  const english = setupI18n({ locale: 'en-AU', messages: { 'en-AU': {} } });
  return {
    db,
    payments,
    clock: systemClock,
    messagesFor: messagesFor ?? (async () => english),
    presellBottleLimit: config.PRESELL_MAX_BOTTLES,
    budgets: {
      paymentsPerAddress: config.PAYMENT_ATTEMPTS_PER_HOUR,
      paymentsPerCart: config.PAYMENT_ATTEMPTS_PER_HOUR_PER_CART,
      codesPerAddress: config.CODE_TRIES_PER_HOUR,
    },
    giftCardKey: giftCardKeyOf(config),
  };
}

/** Acts on a provider's event once it is kept (services/checkout/payment-events.ts). */
export function paymentEventHandler(deps: PendingOrderDeps, log: Logger): OutboxHandler<'payment-event'> {
  return async (job) => {
    const outcome = await handlePaymentEvent(deps, job.payload);
    log.info({ event: job.payload.eventId, kind: job.payload.kind, outcome }, 'payment event');
  };
}

/** Takes an order's authorised amount when checkout could not (services/orders/capture.ts). */
export function paymentCapturer(db: Db, payments: PaymentProvider): OutboxHandler<'payment-capture'> {
  return (job) => captureOrder(db, payments, job.payload.orderId);
}

export function outboxHandlers(
  config: Config,
  log: Logger,
  db: Db,
  payments: PaymentProvider,
  mail: Transporter | null,
): Required<OutboxHandlers> {
  const sendMail = mailSender(mail, config.MAIL_FROM, log);
  return {
    'email-list': emailListSender(config.EMAIL_LIST_ENDPOINT, log),
    'order-email': sendMail,
    'account-email': sendMail,
    'contact-email': sendMail,
    'gift-card-email': giftCardSender(sendMail, giftCardKeyOf(config)),
    'payment-capture': paymentCapturer(db, payments),
    'payment-refund': (job) => runPaymentJob(payments, job.payload),
    'payment-event': paymentEventHandler(pendingOrderDeps(config, db, payments), log),
  };
}

const GIFT_CARD_EXPIRY_EVERY_MS = 3_600_000;
/** The payments are reconciled with the provider's once a day (services/checkout/reconcile-payments.ts). */
const RECONCILE_EVERY_MS = 86_400_000;

/**
 * Runs the outbox every OUTBOX_INTERVAL_MS; stop() lets the job being sent finish and takes no other (a job is claimed
 * one at a time, so none is left claimed and unsent), then closes the mail connection.
 */
export function startOutboxWorker(
  database: Database,
  config: Config,
  log: Logger,
  clock: Clock,
  payments: PaymentProvider = paymentProviderFor(database.db, config),
  /** The traces' observer, when traces are on: a span for each job. */
  observer?: ShopObserver,
) {
  const mail = mailTransport(config.SMTP_URL, log);
  const handlers = outboxHandlers(config, log, database.db, payments, mail);
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  // Gift cards past their expiry are ended once an hour (the first run soon after start).
  let nextExpiry = 0;
  // The first reconciliation an hour after start: a restart loop does not call the provider each time.
  let nextReconcile = clock.now().getTime() + GIFT_CARD_EXPIRY_EVERY_MS;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const { sent, failed, dead } = await processOutbox(database.db, handlers, clock.now(), {
          stopping: () => stopped,
          ...(observer ? { observer } : {}),
        });
        if (sent + failed > 0) log.info({ sent, failed }, 'outbox');
        for (const job of dead) log.error({ job }, 'outbox job dead: not sent after its last attempt');
      } catch (error) {
        log.error({ err: error }, 'outbox run failed');
      }
      const now = clock.now();
      if (!stopped && now.getTime() >= nextExpiry) {
        nextExpiry = now.getTime() + GIFT_CARD_EXPIRY_EVERY_MS;
        try {
          const ended = await expireGiftCards(database.db, now);
          if (ended > 0) log.info({ ended }, 'gift cards past their expiry ended');
        } catch (error) {
          log.error({ err: error }, 'gift card expiry failed');
        }
      }
      if (!stopped && now.getTime() >= nextReconcile) {
        nextReconcile = now.getTime() + RECONCILE_EVERY_MS;
        try {
          const report = await reconcilePayments(database.db, payments, now);
          const { released, captured, mismatched, expiring, failed } = report;
          log.info(
            { released: released.length, captured: captured.length, failed: failed.length },
            'payments reconciled',
          );
          for (const m of mismatched) log.error({ mismatch: m }, 'payment amount differs from the order');
          for (const e of expiring) log.warn({ expiring: e }, 'authorisation lapses within a day, not captured');
        } catch (error) {
          log.error({ err: error }, 'payment reconciliation failed');
        }
      }
    });
  }, config.OUTBOX_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      mail?.close();
    },
  };
}
