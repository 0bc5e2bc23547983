import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import pino, { type DestinationStream, type Logger } from 'pino';

// The process's JSON log (pino on stdout): every line names the service, its version and this instance, and nothing
// secret reaches it. Known fields are cut by path (pino's redact: cookies, authorization, passwords, card fields,
// emails, tokens, codes); any string may still carry an email or a failed query's parameters (a database error's
// message lists them), so every string in a line is scrubbed of those as well.

const VERSION = (() => {
  try {
    return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string })
      .version;
  } catch {
    return undefined;
  }
})();

/** The fields cut from a line wherever they stand (one level down, as in `{ req: { headers: { cookie } } }`). */
export const REDACTED_FIELDS = [
  'cookie',
  'authorization',
  'password',
  'newPassword',
  'card',
  'cardNumber',
  'cvc',
  'expiry',
  'email',
  'to',
  'token',
  'giftCardCode',
  'giftCardCodes',
  'idempotencyKey',
];
const REDACT_PATHS = REDACTED_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`, `*.headers["${f}"]`]);

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
/** node-postgres and drizzle put a failed statement's parameters in its message: "params: a,b,c". */
const QUERY_PARAMS = /params: [^\n]*/g;

function scrubbed(value: unknown, depth = 0): unknown {
  // NOTE: pino's formatter sees an error before its serializer would: made plain here (message, stack, cause).
  if (value instanceof Error) return scrubbed(pino.stdSerializers.err(value), depth);
  if (typeof value === 'string') return value.replace(QUERY_PARAMS, 'params: [redacted]').replace(EMAIL, '[email]');
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubbed(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = scrubbed(v, depth + 1);
  return out;
}

export interface LoggerOptions {
  level: string;
  /** Where lines go (stdout by default; tests read them). */
  destination?: DestinationStream;
}

/** The process's logger; every module logs through it or a child of it. */
export function createLogger({ level, destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      base: { service: 'storefront', version: VERSION, instance: `${hostname()}:${process.pid}` },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      formatters: { log: (object) => scrubbed(object) as Record<string, unknown> },
    },
    destination,
  );
}
