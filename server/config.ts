import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PRODUCTION_LOG2_N } from '../db/password-hash';
import { isSiteId, type SiteId } from '../domain/sites';

// Configuration is read once at start-up and checked (DESIGN.md convention 6).

const siteId = z.string().refine(isSiteId, { message: 'must be a site of CONTRACT.md, e.g. law-au' });

/** "host=site,host=site" */
const hostMap = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const map: Record<string, SiteId> = {};
    for (const pair of value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [host, site] = pair.split('=').map((s) => s.trim().toLowerCase());
      if (!host || !site || !isSiteId(site)) {
        ctx.addIssue({ code: 'custom', message: `"${pair}" is not host=site (site like law-au)` });
        return z.NEVER;
      }
      map[host] = site;
    }
    return map;
  });

/** An optional URL of the given scheme family; empty counts as unset. */
function optionalUrl(scheme: 'http' | 'smtp') {
  return z
    .string()
    .regex(scheme === 'http' ? /^https?:\/\/\S+$/ : /^smtps?:\/\/\S+$/, `must start with ${scheme}://`)
    .optional()
    .or(z.literal('').transform(() => undefined));
}

/** An optional key of a given shape; empty counts as unset. */
function optionalSecret(shape: RegExp, message: string) {
  return z
    .string()
    .regex(shape, message)
    .optional()
    .or(z.literal('').transform(() => undefined));
}

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    SITE: siteId.default('law-au'),
    SITE_HOSTS: hostMap,
    TEST_HOSTS: hostMap,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** Search, similar-wine and suggestion requests per address and minute (each process counts its own). */
    READ_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(300),
    /** Largest request body in bytes (JSON API and form posts); larger ones get 413. */
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
    /** With TRUST_PROXY: how many proxies of ours stand in front (each appends one X-Forwarded-For entry). */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
    /** The operators' content files (campaigns), imported on start and by `npm run content:import`. */
    CONTENT_DIR: z.string().min(1).default('./content'),
    /** The email-marketing list service (SPEC §7 pixel and opt-in); none: signups are only recorded. */
    EMAIL_LIST_ENDPOINT: optionalUrl('http'),
    /** Where order emails go, e.g. smtp://user:pass@mail.example.com:587; none: they are logged instead. */
    SMTP_URL: optionalUrl('smtp'),
    MAIL_FROM: z.string().min(3).default('Orders <orders@storefront.localhost>'),
    /**
     * On SIGTERM: this long /readyz answers 503 while requests are still taken (each answer says Connection: close),
     * for a load balancer to stop sending any; then the process stops listening.
     */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    /**
     * The operators' metrics (Prometheus text at GET /metrics) on this port of HOST, never on the shop's PORT; unset,
     * there are none.
     */
    METRICS_PORT: z.coerce
      .number()
      .int()
      .min(1)
      .max(65_535)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Then requests being answered get at most this long to finish before the database closes under them. */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
    /** Who takes card payments (CONTRACT.md "Payment providers"): the built-in test provider, or Stripe. */
    PAYMENT_PROVIDER: z.enum(['test', 'stripe']).default('test'),
    /** Stripe's secret API key (`sk_…` or a restricted `rk_…`); required with PAYMENT_PROVIDER=stripe. */
    STRIPE_SECRET_KEY: optionalSecret(
      /^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,}$/,
      'must be a Stripe secret key (sk_test_…)',
    ),
    /** The key the browser's Stripe script is given; required with PAYMENT_PROVIDER=stripe. */
    STRIPE_PUBLISHABLE_KEY: optionalSecret(
      /^pk_(test|live)_[A-Za-z0-9_]{8,}$/,
      'must be a Stripe publishable key (pk_test_…)',
    ),
    /** The signing secret of the webhook endpoint (`POST /webhooks/stripe`); required with PAYMENT_PROVIDER=stripe. */
    STRIPE_WEBHOOK_SECRET: optionalSecret(/^whsec_[A-Za-z0-9_]{8,}$/, 'must be a webhook signing secret (whsec_…)'),
    /** Another base URL for the server's Stripe client (a local stand-in in tests); unset, Stripe's own. */
    STRIPE_API_URL: optionalUrl('http'),
    /** The test card provider takes this long to answer an authorisation (the shutdown test's slow checkouts). */
    TEST_PAYMENT_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** How often the outbox worker looks for due jobs (list signups, order emails). */
    OUTBOX_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
    /** Memory for rendered Prospect pages (compressed bytes, server/page-cache.ts) in MB; 0 turns the cache off. */
    PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
    /** Budgets per hour, shared by every process on PostgreSQL: payment attempts per client address and per cart. */
    PAYMENT_ATTEMPTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
    PAYMENT_ATTEMPTS_PER_HOUR_PER_CART: z.coerce.number().int().min(1).max(100_000).default(10),
    /** Voucher and referral codes tried (cart, account, /offer links) per client address and per cart. */
    CODE_TRIES_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
    CODE_TRIES_PER_HOUR_PER_CART: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Email signups per client address. */
    SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Contact-form messages per client address and per sender's address (each sends two emails). */
    CONTACT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
    /** Where contact-form messages go; empty: each site's own customer-service address (domain/site-contacts.ts). */
    CUSTOMER_SERVICE_EMAIL: z.union([z.literal(''), z.email()]).optional(),
    /** Pre-sell bottles reserved unpaid per order, and per customer (account or mailbox) over their unshipped orders. */
    PRESELL_MAX_BOTTLES: z.coerce.number().int().min(0).max(10_000).default(24),
    /** How long after placing it a customer may cancel an order not shipped yet, from its page. */
    ORDER_CANCEL_WINDOW_MINUTES: z.coerce.number().int().min(0).max(43_200).default(60),
    /** The console's work queue lists a published product whose counted stock is at or below this many bottles. */
    LOW_STOCK_BOTTLES: z.coerce.number().int().min(0).max(1_000_000).default(12),
    /**
     * OpenTelemetry's own variables for the traces (server/traces.ts), sent as OTLP/HTTP JSON to
     * `{OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces`, or to OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is; neither set (or
     * OTEL_SDK_DISABLED=true), there are none.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl('http'),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalUrl('http'),
    OTEL_SDK_DISABLED: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** The traces' service.name; `storefront` (the logs' name) when unset. */
    OTEL_SERVICE_NAME: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    OTEL_TRACES_SAMPLER: z
      .enum([
        'always_on',
        'always_off',
        'traceidratio',
        'parentbased_always_on',
        'parentbased_always_off',
        'parentbased_traceidratio',
      ])
      // NOTE: not the specification's parentbased default: the shop faces the internet, and a parent-based sampler
      // lets any request's traceparent header choose to be traced.
      .default('traceidratio'),
    /** The ratio of the `traceidratio` samplers, 0 to 1; unset, 1 (every trace). */
    OTEL_TRACES_SAMPLER_ARG: z
      .literal('')
      .transform(() => undefined)
      .or(z.coerce.number().min(0).max(1))
      .optional(),
    /**
     * The key gift card codes are hashed (and sealed for their email) with: `openssl rand -hex 32`. Required in
     * production with DATABASE_URL; unset elsewhere, the embedded database's DATA_DIR keeps one of its own
     * (production) or a fixed development key is used (development, test).
     */
    GIFT_CARD_KEY: z
      .string()
      .regex(/^[\x21-\x7e]{32,200}$/, 'must be 32 to 200 visible characters, e.g. from `openssl rand -hex 32`')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * The key staff authenticators' secrets are sealed with: `openssl rand -hex 32`. Required in production with
     * DATABASE_URL; unset elsewhere, as GIFT_CARD_KEY (a key file in DATA_DIR, or a fixed development key).
     */
    STAFF_KEY: z
      .string()
      .regex(/^[\x21-\x7e]{32,200}$/, 'must be 32 to 200 visible characters, e.g. from `openssl rand -hex 32`')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** `ADMIN_HOSTS=host,host`: the only host names the console answers on; unset, every host. */
    ADMIN_HOSTS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** log2 of scrypt's N for new password hashes; production refuses less than OWASP's 17 (tests run cheaper). */
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(18).default(PRODUCTION_LOG2_N),
  })
  .refine((config) => config.METRICS_PORT === undefined || config.METRICS_PORT !== config.PORT, {
    path: ['METRICS_PORT'],
    message: 'must not be the shop’s PORT: the metrics are for the operators alone',
  })
  .refine((config) => config.NODE_ENV !== 'production' || config.PASSWORD_HASH_COST >= PRODUCTION_LOG2_N, {
    path: ['PASSWORD_HASH_COST'],
    message: `must be at least ${PRODUCTION_LOG2_N} when NODE_ENV is production (scrypt N=2^${PRODUCTION_LOG2_N}, OWASP)`,
  })
  .superRefine((config, ctx) => {
    if (config.PAYMENT_PROVIDER !== 'stripe') return;
    for (const key of STRIPE_KEYS)
      if (!config[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_PROVIDER is stripe' });
  });

export type Config = z.infer<typeof ConfigSchema> & { SITE: SiteId };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data as Config;
}

const DEVELOPMENT_KEYS = {
  GIFT_CARD_KEY: 'development-only-gift-card-key-never-used-in-production',
  STAFF_KEY: 'development-only-staff-key-never-used-in-production',
} as const;
const KEY_FILES = { GIFT_CARD_KEY: 'gift-card.key', STAFF_KEY: 'staff.key' } as const;
const KEY_PURPOSES = {
  GIFT_CARD_KEY: 'the database must not hold what opens gift card codes',
  STAFF_KEY: "the database must not hold what opens staff authenticators' secrets",
} as const;

/**
 * A secret key of the configuration as bytes; unset, the embedded database's own key file in DATA_DIR (made once,
 * readable by its owner only) in production, or a fixed key in development and tests. PostgreSQL in production
 * needs it set: the database must not hold the key to what it keeps sealed.
 */
function secretKeyOf(config: Config, name: keyof typeof DEVELOPMENT_KEYS): Buffer {
  const configured = config[name];
  if (configured) return Buffer.from(configured, 'utf8');
  if (config.NODE_ENV !== 'production') return Buffer.from(DEVELOPMENT_KEYS[name], 'utf8');
  if (config.DATABASE_URL)
    throw new ConfigError(
      `Invalid configuration:\n  ${name}: is required in production with DATABASE_URL (${KEY_PURPOSES[name]})`,
    );
  const file = path.resolve(config.DATA_DIR, KEY_FILES[name]);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
}

/**
 * GIFT_CARD_KEY as bytes (`secretKeyOf`). The server asks for it at start; the operators' commands that never read
 * a code (reviews, catalogue, content) run without it.
 */
export function giftCardKeyOf(config: Config): Buffer {
  return secretKeyOf(config, 'GIFT_CARD_KEY');
}

/** STAFF_KEY as bytes (`secretKeyOf`): what staff authenticators' secrets are sealed with. */
export function staffKeyOf(config: Config): Buffer {
  return secretKeyOf(config, 'STAFF_KEY');
}

/** The password-hash cost tests run at (scrypt N=2^10: about 2 ms a hash instead of half a second). */
export const TEST_PASSWORD_HASH_COST = '10';

/**
 * The per-hour budgets of a test server: every test of a file (or every browser test) comes from one address, so
 * the budgets are lifted there; the tests of the budgets set their own (tests/api/budgets.test.ts).
 */
export const TEST_BUDGETS = {
  PAYMENT_ATTEMPTS_PER_HOUR: '100000',
  PAYMENT_ATTEMPTS_PER_HOUR_PER_CART: '100000',
  CODE_TRIES_PER_HOUR: '100000',
  CODE_TRIES_PER_HOUR_PER_CART: '100000',
  SIGNUPS_PER_HOUR: '100000',
  CONTACT_MESSAGES_PER_HOUR: '100000',
};

/** Defaults for tests and tools. */
export function testConfig(overrides: Partial<Record<string, string>> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
    ...TEST_BUDGETS,
    ...overrides,
  });
}
