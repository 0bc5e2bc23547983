import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Starts the production build on a fresh database (tests/support/fresh-server.ts) and waits until ready. */
export function startServer(port: number): Promise<ChildProcess> {
  if (!existsSync('build/server/index.js')) throw new Error('Run "npm run build" first.');
  // NOTE: the read limit (searches per client address and minute) would answer most of a search run with 429.
  const env: NodeJS.ProcessEnv = {
    READ_RATE_LIMIT: '100000',
    ...process.env,
    E2E_PORT: String(port),
    E2E_LOG_LEVEL: 'warn',
  };
  if (process.env.DATABASE_URL) env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  // NOTE: the Node flags of `npm start` (package.json): a young generation sized for page rendering.
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=64', '--import', 'tsx', 'tests/support/fresh-server.ts'],
    {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (res.ok) return resolve(child);
      } catch {}
      if (Date.now() - started > 120_000 || child.exitCode !== null) return reject(new Error('server did not start'));
      setTimeout(poll, 250);
    };
    void poll();
  });
}
