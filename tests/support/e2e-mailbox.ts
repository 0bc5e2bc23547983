import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listenSmtp } from './local-smtp';

// The browser-test server's mailbox: fresh-server.ts runs a local SMTP stub beside the server (SMTP_URL points at it)
// and writes each message it receives to a folder, one per port; a browser test reads the emails from there.

export function mailboxDir(port: string | number): string {
  return path.join(os.tmpdir(), `sf-e2e-${port}-mail`);
}

/** Starts the stub on a free local port, keeping each message in `dir`; answers its SMTP_URL and how to stop it. */
export async function startMailStub(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const smtp = await listenSmtp((to, data) => {
    count += 1;
    writeFileSync(path.join(dir, `${Date.now()}-${count}.eml`), `X-Envelope-To: ${to.join(',')}\r\n${data}`);
  });
  return {
    url: smtp.url,
    close: async () => {
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The text of the emails received so far for `to`, as a mail client shows it (quoted-printable decoded). */
export function mailsTo(port: string | number, to: string): string[] {
  const dir = mailboxDir(port);
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .filter((raw) =>
      raw
        .split('\r\n', 1)[0]
        ?.split(/[:,]\s*/)
        .includes(to),
    )
    .map((raw) =>
      raw
        .replace(/=\r?\n/g, '')
        .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replaceAll('=', ''), 'hex').toString()),
    );
}
