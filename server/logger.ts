import { trace } from '@opentelemetry/api';
import pino, { type DestinationStream, type Logger } from 'pino';
import { REDACTED_FIELDS, scrubText } from './secrets';
import { SERVICE } from './service-identity';

// The process's JSON log (pino on stdout): every line names the service, its version and this instance, and nothing
// secret reaches it. Known fields are cut by path (pino's redact: cookies, authorization, passwords, card fields,
// emails, tokens, codes); any string may still carry an email, a failed query's parameters (a database error's
// message lists them) or a link's token, so every string in a line is scrubbed of those as well (server/secrets.ts).

const REDACT_PATHS = REDACTED_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`, `*.headers["${f}"]`]);

function scrubbed(value: unknown, depth = 0): unknown {
  // NOTE: pino's formatter sees an error before its serializer would: made plain here (message, stack, cause).
  if (value instanceof Error) return scrubbed(pino.stdSerializers.err(value), depth);
  if (typeof value === 'string') return scrubText(value);
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubbed(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = scrubbed(v, depth + 1);
  return out;
}

/**
 * The trace a line was written in (server/traces.ts), so that a trace's log lines can be found and a line's trace
 * opened; nothing without an active span, as always when traces are off (no context manager is registered then).
 */
function traceOfLine(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  return { trace_id: traceId, span_id: spanId, trace_flags: `0${traceFlags.toString(16)}` };
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
      base: { service: SERVICE.name, version: SERVICE.version, instance: SERVICE.instance },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      formatters: { log: (object) => scrubbed(object) as Record<string, unknown> },
      mixin: traceOfLine,
    },
    destination,
  );
}
