import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

/** A local SMTP server for the test file (no TLS, no login), keeping every message it receives. */
export function useSmtpStub() {
  const mails: { to: string[]; data: string }[] = [];
  let smtp: SMTPServer | undefined;
  let port = 0;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString();
        });
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp?.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve())));
  return {
    mails,
    /** The stub's SMTP_URL (known once the file's tests run). */
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
  };
}
