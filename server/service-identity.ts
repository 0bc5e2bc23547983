import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

// What this process is, named alike by its log lines (server/logger.ts) and its traces' resource (server/traces.ts).

/** The project's package.json: one folder up from server/ (tsx), two from build/node/ (the bundle). */
function readPackage(): { version?: string } {
  for (const relative of ['../package.json', '../../package.json']) {
    try {
      return JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as { version?: string };
    } catch {
      // Not there: the other layout.
    }
  }
  return {};
}

const pkg = readPackage();

export const SERVICE = {
  /** The service's name on every log line, and the traces' service.name unless OTEL_SERVICE_NAME names another. */
  name: 'storefront',
  version: pkg.version,
  /** This process among the fleet's: host and pid. */
  instance: `${hostname()}:${process.pid}`,
};
