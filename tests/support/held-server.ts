import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { App } from '../../server/app';
import { writeLocalOperator } from '../../server/local-operator';

// The operators' commands beside a running server that holds the embedded database (server/command-runner.ts): a
// DATA_DIR whose database is locked by this process and whose operator.json points at `app`, served on loopback.

export async function heldServer(app: App, token: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'local-operator-'));
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir);
  // The embedded database is held: its lock names a live process (this one).
  writeFileSync(path.join(dir, 'data.lock'), String(process.pid));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  writeLocalOperator(dataDir, { url: `http://127.0.0.1:${port}`, token });
  return {
    dataDir,
    /** The environment of a command run beside it. */
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs an operators' command's script with `env`, answering its exit code and output. */
export function runCommand(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, NODE_ENV: 'test', ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}
