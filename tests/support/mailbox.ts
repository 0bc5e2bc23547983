import { appendFileSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

// The browser-test server's mailbox (fresh-server.ts with E2E_MAILBOX=1): an SMTP server in its process keeps every
// email the server sends, one JSON line each, in a file per port, so a browser test can read what a shopper received
// (a gift card's code) on PGlite too, where no other process may open the database.

export interface ReceivedMail {
  to: string[];
  /** The message as sent (headers and MIME parts), quoted-printable soft line breaks joined. */
  data: string;
}

export function mailboxFile(port: string | number): string {
  return path.join(os.tmpdir(), `sf-e2e-${port}.mailbox`);
}

/** Starts the SMTP server on a free port of the loopback address; its SMTP_URL and a stop. */
export async function startMailbox(port: string | number): Promise<{ url: string; close: () => Promise<void> }> {
  const file = mailboxFile(port);
  rmSync(file, { force: true });
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          data: data.replace(/=\r?\n/g, ''),
        };
        appendFileSync(file, `${JSON.stringify(mail)}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port: smtpPort } = smtp.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${smtpPort}`,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      rmSync(file, { force: true });
    },
  };
}

/** The emails the browser-test server on `port` has sent so far (none when it runs without a mailbox). */
export function receivedMails(port: string | number): ReceivedMail[] {
  try {
    return readFileSync(mailboxFile(port), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ReceivedMail);
  } catch {
    return [];
  }
}
