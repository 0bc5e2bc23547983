import type { Transporter } from 'nodemailer';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { mailSender, mailTransport } from '../../server/outbox-worker';
import type { OutboxHandler } from '../../services/platform/outbox';
import { listenSmtp } from './local-smtp';

/** A local SMTP server for the test file (no TLS, no login), keeping every message it receives. */
export function useSmtpStub() {
  const mails: { to: string[]; data: string }[] = [];
  let smtp: Awaited<ReturnType<typeof listenSmtp>> | undefined;
  const transports: Transporter[] = [];
  beforeAll(async () => {
    smtp = await listenSmtp((to, data) => mails.push({ to, data: data.toString() }));
  });
  afterAll(async () => {
    for (const transport of transports) transport.close();
    await smtp?.close();
  });
  return {
    mails,
    /** How many connections clients opened to the stub. */
    connections: () => smtp?.connections() ?? 0,
    /** The outbox's email sender as the worker has it, on a pooled connection to the stub (closed after the file). */
    mailSender(): OutboxHandler {
      const log = pino({ level: 'silent' });
      const transport = mailTransport(smtp?.url, log);
      if (transport) transports.push(transport);
      return mailSender(transport, 'Orders <orders@example.com>', log);
    },
  };
}
