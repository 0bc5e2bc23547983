import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the browser-test server (fresh-server.ts) leaves its PostgreSQL database's address, one file per port, so a
 * browser test can act as an operator on the same data (the moderator's `npm run reviews`). PGlite allows only the
 * server's own process, so on PGlite there is no file.
 */
export function serverDatabaseFile(port: string | number): string {
  return path.join(os.tmpdir(), `sf-e2e-${port}.database-url`);
}

/** The browser-test server's database address, or null when it runs on PGlite. */
export function serverDatabaseUrl(port: string | number): string | null {
  try {
    return readFileSync(serverDatabaseFile(port), 'utf8').trim() || null;
  } catch {
    return null;
  }
}
