import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

// The production build on a fresh database of its own (fresh-server.ts: PGlite, or TEST_DATABASE_URL's PostgreSQL) as
// a child process, for the tests of what only a whole process does: its signals, its own ports. Needs `npm run build`.

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface BuiltServer {
  process: ChildProcess;
  port: number;
  /** Everything it wrote (its JSON log lines among it). */
  output(): string;
  exited: Promise<number | null>;
}

/** Starts the built server with `env` on a free port and waits until /readyz answers 200 (at most 2 minutes). */
export async function startBuiltServer(env: Record<string, string>): Promise<BuiltServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/fresh-server.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, E2E_PORT: String(port), E2E_MAILBOX: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = Date.now();
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() - started > 120_000 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { process: child, port, output: () => log, exited };
}
