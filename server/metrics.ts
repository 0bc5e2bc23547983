import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import type { PaymentProvider } from '../domain/payment';
import { countUncapturedOrders } from '../services/payments/capture';
import { countDeadJobs, countDueJobs } from '../services/platform/outbox';
import type { ShopObserver } from '../services/platform/observer';

// The operators' metrics (Prometheus text format on METRICS_PORT, never on the shop's own port). Labels are routes,
// page kinds, status classes, sites and reasons only: no customer, order or email ever becomes a label value.

export interface Metrics {
  registry: Registry;
  /** A request answered: `route` is an API route's pattern, a page's React Router route id, or a kind of path. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** A page answered by one of the page caches, with its X-Cache state. */
  pageCache(state: string): void;
  observer: ShopObserver;
  /** `payments` with each call timed. */
  timedPayments(payments: PaymentProvider): PaymentProvider;
}

/** Metrics of this process, the database-backed gauges read when Prometheus scrapes. */
export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'storefront_http_request_duration_seconds',
    help: 'Time to answer a request, by route (API pattern, page route id or kind of path), method and status class.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const pageCache = new Counter({
    name: 'storefront_page_cache_answers_total',
    help: 'Pages answered through the page caches, by X-Cache state (hit, miss, …).',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const orders = new Counter({
    name: 'storefront_orders_placed_total',
    help: 'Orders placed, by site.',
    labelNames: ['site'] as const,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'storefront_checkout_failures_total',
    help: 'Checkouts refused or failed, by site and reason (an error code, invalid_input or error).',
    labelNames: ['site', 'reason'] as const,
    registers: [registry],
  });
  const paymentCalls = new Histogram({
    name: 'storefront_payment_call_duration_seconds',
    help: 'Calls to the payment provider, by operation and outcome.',
    labelNames: ['provider', 'operation', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'storefront_payments_authorised_not_captured',
    help: 'Orders still only authorised past the capture and its retries (nothing they bought given).',
    registers: [registry],
    async collect() {
      this.set(await countUncapturedOrders(database.db, new Date()));
    },
  });
  new Gauge({
    name: 'storefront_outbox_jobs',
    help: 'Outbox jobs due now and unsent, and dead (their attempts used up).',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const [due, dead] = await Promise.all([countDueJobs(database.db, new Date()), countDeadJobs(database.db)]);
      this.set({ state: 'due' }, due);
      this.set({ state: 'dead' }, dead);
    },
  });
  if (database.poolStats) {
    const stats = database.poolStats;
    new Gauge({
      name: 'storefront_db_pool_connections',
      help: 'PostgreSQL pool: connections in use and idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { total, idle, waiting } = stats();
        this.set({ state: 'in_use' }, total - idle);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  return {
    registry,
    observeRequest(route, method, status, seconds) {
      requests.observe({ route, method, status: `${Math.floor(status / 100)}xx` }, seconds);
    },
    pageCache(state) {
      pageCache.inc({ state });
    },
    observer: {
      orderPlaced: (site) => orders.inc({ site }),
      checkoutFailed: (site, reason) => failures.inc({ site, reason }),
    },
    timedPayments(payments) {
      const timed =
        <A extends unknown[], R>(operation: string, call: (...args: A) => Promise<R>) =>
        async (...args: A): Promise<R> => {
          const end = paymentCalls.startTimer({ provider: payments.name, operation });
          try {
            const result = await call(...args);
            // An authorisation the card's bank refused is an answer, not a fault.
            const refused = typeof result === 'object' && result !== null && (result as { ok?: unknown }).ok === false;
            end({ outcome: refused ? 'refused' : 'ok' });
            return result;
          } catch (error) {
            end({ outcome: 'error' });
            throw error;
          }
        };
      return {
        ...payments,
        authorise: timed('authorise', payments.authorise.bind(payments)),
        capture: timed('capture', payments.capture.bind(payments)),
        release: timed('release', payments.release.bind(payments)),
        refund: timed('refund', payments.refund.bind(payments)),
        begin: timed('begin', payments.begin.bind(payments)),
        retrieve: timed('retrieve', payments.retrieve.bind(payments)),
      };
    },
  };
}

/** The metrics' own HTTP server: GET /metrics in Prometheus's text format, nothing else. */
export function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
