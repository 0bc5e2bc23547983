import { afterAll, beforeAll } from 'vitest';
import { listenSmtp } from './local-smtp';

/** A local SMTP server for the test file (no TLS, no login), keeping every message it receives. */
export function useSmtpStub() {
  const mails: { to: string[]; data: string }[] = [];
  let smtp: Awaited<ReturnType<typeof listenSmtp>> | undefined;
  beforeAll(async () => {
    smtp = await listenSmtp((to, data) => mails.push({ to, data: data.toString() }));
  });
  afterAll(() => smtp?.close());
  return {
    mails,
    /** The stub's SMTP_URL (known once the file's tests run). */
    get url() {
      return smtp?.url ?? '';
    },
  };
}
