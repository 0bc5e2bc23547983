import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The operators' commands (`npm run orders`, `npm run staff`) beside a server that holds the embedded database: the
// server leaves its local address and a credential of its own in DATA_DIR, readable by its own user only, and takes
// that credential from this machine's loopback address only. A command that finds the database held goes through it.

const FILE = 'operator.json';

export interface LocalOperator {
  url: string;
  token: string;
}

/** A new credential for this process's life (256 random bits). */
export function newLocalOperatorToken(): string {
  return randomBytes(32).toString('hex');
}

export function writeLocalOperator(dataDir: string, operator: LocalOperator): void {
  const file = path.resolve(dataDir, FILE);
  writeFileSync(file, JSON.stringify(operator), { mode: 0o600 });
  chmodSync(file, 0o600);
}

export function removeLocalOperator(dataDir: string): void {
  rmSync(path.resolve(dataDir, FILE), { force: true });
}

/** The running server's address and credential, when one left them. */
export function readLocalOperator(dataDir: string): LocalOperator | null {
  try {
    const parsed = JSON.parse(readFileSync(path.resolve(dataDir, FILE), 'utf8')) as Partial<LocalOperator>;
    return typeof parsed.url === 'string' && typeof parsed.token === 'string'
      ? { url: parsed.url, token: parsed.token }
      : null;
  } catch {
    return null;
  }
}

/** Whether a client address is this machine's loopback (IPv4, IPv6, or IPv4 mapped into IPv6). */
export function isLoopback(address: string): boolean {
  return /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(address);
}
