import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GENERIC_ERRORS } from '../domain/errors';
import { ServiceError } from '../services/platform/service-error';

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

/**
 * A caller of a server's operator API with `token` (the commands' way through a server): answers the envelope's
 * `response`, or throws the server's refusal as a ServiceError with its message.
 */
export function operatorCaller(url: string, token: string, headers: Record<string, string> = {}) {
  return async <T>(method: string, pathname: string, body?: unknown): Promise<T> => {
    const reply = await fetch(new URL(pathname, url), {
      method,
      headers: {
        ...headers,
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const envelope = (await reply.json().catch(() => ({}))) as {
      statusCode?: number;
      statusMessage?: string;
      response?: T;
    };
    if (!reply.ok || envelope.statusCode !== 0)
      throw new ServiceError(GENERIC_ERRORS.invalid, envelope.statusMessage ?? `the server answered ${reply.status}`);
    return envelope.response as T;
  };
}
