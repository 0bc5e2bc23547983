import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server/app';
import { type BuiltServer, startBuiltServer } from '../support/built-server';
import { giftCardBody, orderBody } from '../support/checkout-input';
import { mailsTo } from '../support/e2e-mailbox';
import { createVisitor } from '../support/test-app';

// The operators' traces (server/traces.ts) of a whole process: the production build (tests/support/fresh-server.ts,
// PGlite or TEST_DATABASE_URL's PostgreSQL) sends its spans over OTLP/HTTP (JSON) to a collector stand-in here. A
// journey that carries every kind of secret through URLs and bodies — a checkout with a gift card code and the test
// card, the order link, verification and reset links, a balance check, a list signup whose call carries the email —
// is read back from the exported spans: a span per request named by its route, the database's statements under their
// request on PostgreSQL (PGlite has no driver to instrument: none there), the checkout's steps in the request's trace,
// the outbox's jobs, the trace ids in the log, and none of the secrets in any byte sent. Without an endpoint nothing is
// sent at all.

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

interface Collector {
  url: string;
  /** Every OTLP body received, as sent. */
  bodies: string[];
  /** The list service's calls received (path and query). */
  listCalls: string[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

/** A collector stand-in (and the email list service's): answers every call, keeping what the traces' calls sent. */
async function startCollector(port = 0): Promise<Collector> {
  const bodies: string[] = [];
  const listCalls: string[] = [];
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      if (req.url?.startsWith('/list/')) listCalls.push(req.url);
      else bodies.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${listening}`,
    bodies,
    listCalls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type AnyValue = { stringValue?: string; intValue?: number | string; boolValue?: boolean };
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: AnyValue }[];
  scope: string;
}
const SERVER = 2;
const CLIENT = 3;

/** The spans of every body (OTLP JSON), each with its scope's name; and the resources' attributes. */
function exported(bodies: string[]) {
  const spans: OtlpSpan[] = [];
  const resources: Record<string, string>[] = [];
  for (const body of bodies) {
    const request = JSON.parse(body) as {
      resourceSpans: {
        resource: { attributes: { key: string; value: AnyValue }[] };
        scopeSpans: { scope: { name: string }; spans: Omit<OtlpSpan, 'scope'>[] }[];
      }[];
    };
    for (const rs of request.resourceSpans) {
      resources.push(Object.fromEntries(rs.resource.attributes.map((a) => [a.key, String(a.value.stringValue)])));
      for (const ss of rs.scopeSpans) for (const span of ss.spans) spans.push({ ...span, scope: ss.scope.name });
    }
  }
  return { spans, resources };
}

const attributesOf = (span: OtlpSpan): Record<string, unknown> =>
  Object.fromEntries(
    (span.attributes ?? []).map((a) => [a.key, a.value.stringValue ?? a.value.intValue ?? a.value.boolValue]),
  );

/** A shopper talking to the built server over HTTP, with the API tests' cookie jar. */
function visitorOf(port: number) {
  const remote = {
    request: (path: string, init: RequestInit) => fetch(`http://127.0.0.1:${port}${path}`, init),
  } as unknown as App;
  const v = createVisitor(() => remote, 'law-au');
  v.jar.set('age_verified', '1');
  return v;
}

/** The first match of `pattern` in the emails to `to`, waited for while the outbox sends them (at most 30 s). */
async function fromMail(port: number, to: string, pattern: RegExp): Promise<string> {
  const started = Date.now();
  for (;;) {
    for (const mail of mailsTo(port, to)) {
      const found = pattern.exec(mail)?.[1];
      if (found) return found;
    }
    if (Date.now() - started > 30_000) throw new Error(`no email to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('traces, with an OTLP endpoint', () => {
  let collector: Collector;
  let built: BuiltServer;

  beforeAll(async () => {
    collector = await startCollector();
    built = await startBuiltServer({
      E2E_LOG_LEVEL: 'info',
      // The mailbox (fresh-server.ts) brings the emails' links and the gift card's code.
      E2E_MAILBOX: 'on',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '1',
      OTEL_BSP_SCHEDULE_DELAY: '200',
      EMAIL_LIST_ENDPOINT: `${collector.url}/list`,
    });
  }, 150_000);

  afterAll(async () => {
    if (built?.process.exitCode === null) built.process.kill('SIGKILL');
    await collector?.close();
  });

  it('exports each request, the checkout’s steps, the outbox’s jobs and the database’s statements, and no secret', async () => {
    const port = built.port;
    const buyerEmail = 'trace.buyer@example.com';
    const recipientEmail = 'trace.recipient@example.com';
    const customerEmail = 'trace.customer@example.com';
    const signupEmail = 'trace.signup@example.com';
    const password = 'TracePw2026x';
    const newPassword = 'TraceRenewed2026';
    const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '737' };

    // A gift card bought by card (the checkout's four steps), its code sent to its recipient by the outbox.
    const buyer = visitorOf(port);
    const bought = giftCardBody(30, { recipientEmail, verifyEmail: recipientEmail });
    expect((await buyer.call('PUT', '/api/cart/eItemCode', bought)).status).toBe(200);
    const first = await buyer.call(
      'POST',
      '/api/checkout/order',
      orderBody({ email: buyerEmail, card, delivery: undefined }),
    );
    expect(first.status).toBe(200);
    const giftCardCode = await fromMail(port, recipientEmail, /Your gift card code: (\S+)/);
    const orderLink = await fromMail(port, buyerEmail, /(\/checkout\/confirmation\/\S+\?token=[A-Za-z0-9_-]+)/);
    const orderToken = new URL(orderLink, 'http://x').searchParams.get('token') ?? '';
    expect(orderToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The order's page by its link, the card's balance by its code (in a body, and in a URL).
    expect((await buyer.call('GET', orderLink)).status).toBe(200);
    const balance = await visitorOf(port).call('POST', '/api/gift-cards/balance', { code: giftCardCode });
    expect(balance.status).toBe(200);
    await visitorOf(port).call('GET', `/gift-vouchers/balance?code=${encodeURIComponent(giftCardCode)}`);

    // A customer who proves their address and resets their password by the emails' links.
    const customer = visitorOf(port);
    expect((await customer.register(customerEmail, password)).status).toBe(200);
    const verifyToken = await fromMail(port, customerEmail, /\/verify-email\?token=([A-Za-z0-9_-]+)/);
    expect((await customer.call('GET', `/verify-email?token=${verifyToken}`)).status).toBe(200);
    expect((await customer.call('POST', '/api/authentication/verify-email', { token: verifyToken })).status).toBe(200);
    expect((await customer.call('POST', '/api/authentication/forgot-password', { email: customerEmail })).status).toBe(
      200,
    );
    const resetToken = await fromMail(port, customerEmail, /\/reset-password\?token=([A-Za-z0-9_-]+)/);
    expect((await customer.call('GET', `/reset-password?token=${resetToken}`)).status).toBe(200);
    const reset = await customer.call('POST', '/api/authentication/reset-password', {
      token: resetToken,
      password: newPassword,
    });
    expect(reset.status).toBe(200);

    // The code pays first, the card the rest.
    expect((await customer.login(customerEmail, newPassword)).status).toBe(200);
    expect((await customer.add('D0001', 6)).status).toBe(200);
    const second = await customer.call(
      'POST',
      '/api/checkout/order',
      orderBody({ email: customerEmail, card, giftCardCodes: [giftCardCode] }),
    );
    expect(second.status).toBe(200);

    // A list signup: the outbox calls the list service with the email in its URL.
    expect((await visitorOf(port).call('POST', '/api/email/signup', { email: signupEmail })).status).toBe(200);
    for (let i = 0; i < 150 && collector.listCalls.length < 2; i++) await new Promise((r) => setTimeout(r, 200));
    expect(collector.listCalls.join('\n')).toContain(encodeURIComponent(signupEmail));

    // The process stops as it does in production: the spans still waiting go out after the pool closes.
    built.process.kill('SIGTERM');
    expect(await built.exited).toBe(0);

    const { spans, resources } = exported(collector.bodies);
    expect(resources[0]).toEqual(
      expect.objectContaining({
        'service.name': 'storefront',
        'service.version': expect.stringMatching(/^\d+\.\d+\.\d+/),
        'service.instance.id': expect.stringMatching(/:\d+$/),
      }),
    );
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    /** Whether `span` lies under `ancestor`. */
    const under = (span: OtlpSpan, ancestor: OtlpSpan): boolean => {
      for (let s: OtlpSpan | undefined = span; s; s = s.parentSpanId ? byId.get(s.parentSpanId) : undefined)
        if (s.parentSpanId === ancestor.spanId) return true;
      return false;
    };

    // A span for each request, named by its route: the API's pattern, a page's route id.
    const incoming = spans.filter((s) => s.kind === SERVER && s.scope === '@hono/otel');
    const names = incoming.map((s) => s.name);
    for (const name of [
      'PUT /api/cart/eItemCode',
      'POST /api/checkout/order',
      'GET routes/checkout-confirmation',
      'POST /api/gift-cards/balance',
      'GET routes/gift-card-balance',
      'POST /api/authentication/register',
      'GET routes/verify-email',
      'POST /api/authentication/verify-email',
      'GET routes/reset-password',
      'POST /api/authentication/reset-password',
      'POST /api/email/signup',
    ])
      expect(names).toContain(name);
    const checkoutRequest = attributesOf(incoming.find((s) => s.name === 'POST /api/checkout/order')!);
    expect(checkoutRequest['http.route']).toBe('/api/checkout/order');
    expect(Number(checkoutRequest['http.response.status_code'])).toBe(200);

    // Each checkout's steps, in its request's trace, saying the site and the outcome alone.
    const checkouts = incoming.filter((s) => s.name === 'POST /api/checkout/order');
    expect(checkouts).toHaveLength(2);
    for (const request of checkouts) {
      const steps = spans.filter((s) => s.traceId === request.traceId && s.name.startsWith('checkout'));
      expect(steps.map((s) => s.name).sort()).toEqual([
        'checkout',
        'checkout.authorise',
        'checkout.capture',
        'checkout.price',
        'checkout.write',
      ]);
      for (const step of steps) {
        expect(under(step, request)).toBe(true);
        expect(attributesOf(step)).toEqual({ 'storefront.site': 'law-au', 'storefront.outcome': 'ok' });
      }
    }

    // The outbox's jobs, each a trace of its own; the list call beneath its job, its URL without the email.
    const jobs = spans.filter((s) => s.name === 'outbox.job');
    const kinds = jobs.map((s) => attributesOf(s)['storefront.job_kind']);
    for (const kind of ['gift-card-email', 'order-email', 'account-email', 'email-list']) expect(kinds).toContain(kind);
    for (const job of jobs) expect(attributesOf(job)['storefront.outcome']).toBe('ok');
    const listJob = jobs.find((s) => attributesOf(s)['storefront.job_kind'] === 'email-list')!;
    const listCalls = spans.filter((s) => s.kind === CLIENT && s.traceId === listJob.traceId && under(s, listJob));
    expect(listCalls.length).toBeGreaterThanOrEqual(2);
    const callUrls = listCalls.map((s) => String(attributesOf(s)['url.full']));
    expect(callUrls.join('\n')).toMatch(/\/list\/pixel\.gif\?.*email=\[redacted\]/);

    // The database's statements, under the request that sent them (PostgreSQL's driver; PGlite has none to trace).
    const statements = spans.filter((s) => s.scope === '@opentelemetry/instrumentation-pg');
    if (ON_POSTGRES) {
      const checkout = checkouts[1]!;
      const own = statements.filter((s) => s.traceId === checkout.traceId);
      expect(own.length).toBeGreaterThan(5);
      for (const statement of own) expect(under(statement, checkout)).toBe(true);
      const texts = own.map((s) => String(attributesOf(s)['db.query.text'] ?? attributesOf(s)['db.statement']));
      expect(texts.some((text) => /\$1/.test(text))).toBe(true);
    } else expect(statements).toEqual([]);

    // The log's request lines name their request's trace and span.
    const lines = built
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; path?: string; trace_id?: string; span_id?: string });
    const checkoutLines = lines.filter((l) => l.msg === 'request' && l.path === '/api/checkout/order');
    expect(checkoutLines.map((l) => l.trace_id).sort()).toEqual(checkouts.map((s) => s.traceId).sort());
    for (const line of checkoutLines)
      expect(line.span_id).toBe(checkouts.find((s) => s.traceId === line.trace_id)?.spanId);

    // No byte sent carries a secret of the journey.
    const sent = collector.bodies.join('\n').toLowerCase();
    const secrets = [
      orderToken,
      verifyToken,
      resetToken,
      giftCardCode,
      giftCardCode.replaceAll('-', ''),
      card.number,
      card.number.replaceAll(' ', ''),
      password,
      newPassword,
      ...[buyerEmail, recipientEmail, customerEmail, signupEmail].flatMap((e) => [e, encodeURIComponent(e)]),
    ];
    for (const secret of secrets) expect(sent, secret).not.toContain(secret.toLowerCase());
    // The URLs that carried them are there, scrubbed.
    expect(sent).toContain('/reset-password?token=[redacted]');
    expect(sent).toContain('/gift-vouchers/balance?code=[redacted]');
  }, 180_000);
});

describe('traces, without an endpoint', () => {
  let collector: Collector;
  let built: BuiltServer;

  beforeAll(async () => {
    // On the port OTLP/HTTP's exporters send to by default: what a provider started without an endpoint would reach.
    collector = await startCollector(4318);
    built = await startBuiltServer({
      E2E_LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
  }, 150_000);

  afterAll(async () => {
    if (built?.process.exitCode === null) built.process.kill('SIGKILL');
    await collector?.close();
  });

  it('sends nothing and puts no trace ids in the log', async () => {
    const v = visitorOf(built.port);
    expect((await v.add('D0001', 1)).status).toBe(200);
    expect((await v.call('POST', '/api/checkout/order', orderBody())).status).toBe(200);
    expect((await v.call('GET', '/cart')).status).toBe(200);
    built.process.kill('SIGTERM');
    expect(await built.exited).toBe(0);
    expect(collector.bodies).toEqual([]);
    const log = built.output();
    expect(log).toContain('"msg":"request"');
    expect(log).not.toContain('trace_id');
  }, 60_000);
});
