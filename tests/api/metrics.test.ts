import { describe, expect, it } from 'vitest';
import { enqueue } from '../../services/platform/outbox';
import { orderBody } from '../support/checkout-input';
import { createVisitor, useTestApp } from '../support/test-app';

// The operators' metrics (server/metrics.ts): requests by route pattern and status class, orders placed and
// checkout failures per site, payment calls timed, the outbox's due and dead jobs, the pool (PostgreSQL), Node's own
// figures; and nothing of a customer's in any label.

const t = useTestApp({}, { metrics: true });
const visitor = () => createVisitor(() => t.app, 'law-au');
const text = () => t.metrics.registry.metrics();

/** The value of one series in the Prometheus text, 0 when it is not there. */
function seriesValue(metrics: string, series: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('metrics', () => {
  it('counts requests by route pattern, orders and refusals by site, and times payment calls', async () => {
    const shopper = visitor();
    expect((await shopper.call('GET', '/api/product/item/D0001')).status).toBe(200);
    expect((await shopper.call('GET', '/api/product/item/D0002')).status).toBe(200);
    expect((await shopper.call('GET', '/api/product/item/NOPE1')).status).toBe(404);
    await shopper.add('D0001', 1);
    const placed = await shopper.call('POST', '/api/checkout/order', orderBody({ email: 'Metrics.Buyer@Example.com' }));
    expect(placed.status).toBe(200);
    const declined = visitor();
    await declined.add('D0002', 1);
    const refused = await declined.call(
      'POST',
      '/api/checkout/order',
      orderBody({
        email: 'declined.buyer@example.com',
        card: { number: '4000 0000 0000 0002', expiry: '12/30', cvc: '123' },
      }),
    );
    expect(refused.status).toBe(400);
    const empty = await visitor().call('POST', '/api/checkout/order', orderBody({ email: 'empty.cart@example.com' }));
    expect(empty.status).toBe(400);

    const m = await text();
    // One series for every product: the route's pattern, never the item code.
    const productRoute =
      'storefront_http_request_duration_seconds_count{route="/api/product/item/:itemCode",method="GET"';
    expect(seriesValue(m, `${productRoute},status="2xx"}`)).toBe(2);
    expect(seriesValue(m, `${productRoute},status="4xx"}`)).toBe(1);
    expect(seriesValue(m, 'storefront_orders_placed_total{site="law-au"}')).toBe(1);
    expect(seriesValue(m, 'storefront_checkout_failures_total{site="law-au",reason="checkout.card_declined"}')).toBe(1);
    expect(seriesValue(m, 'storefront_checkout_failures_total{site="law-au",reason="checkout.cart_empty"}')).toBe(1);
    expect(
      seriesValue(
        m,
        'storefront_payment_call_duration_seconds_count{provider="test",operation="authorise",outcome="ok"}',
      ),
    ).toBe(1);
    expect(
      seriesValue(
        m,
        'storefront_payment_call_duration_seconds_count{provider="test",operation="authorise",outcome="refused"}',
      ),
    ).toBe(1);
    expect(
      seriesValue(
        m,
        'storefront_payment_call_duration_seconds_count{provider="test",operation="capture",outcome="ok"}',
      ),
    ).toBe(1);
    // Node's own figures: the event loop's lag, the heap, the collector.
    expect(m).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(m).toMatch(/^nodejs_heap_size_used_bytes /m);
    expect(m).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    // Nothing personal in any label: no email, order number or item code asked for.
    const orderNumber = (placed.body as { response: { orderNumber: string } }).response.orderNumber;
    for (const secret of ['metrics.buyer', 'declined.buyer', 'empty.cart', orderNumber, 'D0001', 'NOPE1'])
      expect(m.toLowerCase()).not.toContain(secret.toLowerCase());
  });

  it('reads the outbox backlog and the pool when scraped', async () => {
    const before = seriesValue(await text(), 'storefront_outbox_jobs{state="due"}');
    await enqueue(
      t.testDb.database.db,
      'order-email',
      { to: 'x@metrics.example', subject: 's', text: 't', html: 'h' },
      new Date(Date.now() - 1000),
    );
    const m = await text();
    expect(seriesValue(m, 'storefront_outbox_jobs{state="due"}')).toBe(before + 1);
    expect(m).toContain('storefront_outbox_jobs{state="dead"} 0');
    expect(m).toContain('storefront_payments_authorised_not_captured 0');
    if (t.testDb.database.kind === 'postgres')
      expect(m).toMatch(/^storefront_db_pool_connections\{state="in_use"\} \d+$/m);
    else expect(m).not.toContain('storefront_db_pool_connections');
  });
});
