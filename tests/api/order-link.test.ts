import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, outbox } from '../../db/schema';
import { systemClock } from '../../domain/clock';
import { findOrderByLink } from '../../services/orders/link';
import { ServiceError } from '../../services/platform/service-error';
import { orderBody } from '../support/checkout-input';
import { createVisitor, useTestApp } from '../support/test-app';

// The confirmation email links to the order's page with a secret of its own (never the checkout key, which the
// confirmation cookie carries); only its hash is kept; a wrong secret is not_found and costs a guessable-code try.
// The page (the confirmation page, no-store) refuses a wrong secret in the browser too (tests/e2e/promises.spec.ts).

const t = useTestApp({ CODE_TRIES_PER_HOUR: '3' });
const db = () => t.testDb.database.db;

async function placeGuestOrder(email: string) {
  const v = createVisitor(() => t.app);
  await v.add('D0001', 2);
  const body = orderBody({ email });
  const placed = await v.call<{ orderNumber: string }>('POST', '/api/checkout/order', body);
  expect(placed.status).toBe(200);
  const [job] = await db()
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.kind, 'order-email')))
    .orderBy(desc(outbox.id))
    .limit(1);
  const mail = job!.payload as { to: string; text: string; html: string };
  expect(mail.to).toBe(email);
  const link = /(http:\/\/law-au\.localhost:\d+\/checkout\/confirmation\/\S+)/.exec(mail.text)?.[1];
  expect(link).toBeDefined();
  return { orderNumber: placed.body.response.orderNumber, link: new URL(link!), key: body.idempotencyKey, mail };
}

const linkContext = (address: string) => ({
  db: db(),
  clock: systemClock,
  siteId: 'law-au',
  clientAddress: address,
  budgets: { codesPerAddress: 3 },
});

async function kindOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'found';
  } catch (error) {
    if (error instanceof ServiceError) return error.kind;
    throw error;
  }
}

describe("the confirmation email's order link", () => {
  it("carries its own secret, kept only as a hash, and opens the guest's order: lines, totals, status, address", async () => {
    const { orderNumber, link, key, mail } = await placeGuestOrder('link.guest@example.com');
    expect(link.pathname).toBe(`/checkout/confirmation/${orderNumber}`);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(key);
    expect(mail.html).toContain(`href="${link.href.replace('&', '&amp;')}"`);
    const [row] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.linkTokenHash).toMatch(/^[0-9a-f]{64}$/);

    const order = await findOrderByLink(linkContext('10.1.0.1'), orderNumber, token);
    expect(order.orderNumber).toBe(orderNumber);
    expect(order.status).toBe('PROCESSING');
    expect(order.lines).toEqual([expect.objectContaining({ itemCode: 'D0001', quantity: 2 })]);
    expect(order.totalCents).toBe(row!.totalCents);
    expect(order.delivery).toEqual(expect.objectContaining({ firstName: 'Ana', postcode: '2041' }));
  });

  it('is not_found with a wrong secret, the checkout key, or on another site', async () => {
    const { orderNumber, link, key } = await placeGuestOrder('wrong.secret@example.com');
    const token = link.searchParams.get('token')!;
    // One character changed (never to itself).
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await kindOf(findOrderByLink(linkContext('10.2.0.1'), orderNumber, wrong))).toBe('not_found');
    expect(await kindOf(findOrderByLink(linkContext('10.2.0.2'), orderNumber, key))).toBe('not_found');
    expect(await kindOf(findOrderByLink(linkContext('10.2.0.3'), orderNumber, ''))).toBe('not_found');
    expect(await kindOf(findOrderByLink({ ...linkContext('10.2.0.4'), siteId: 'vir-au' }, orderNumber, token))).toBe(
      'not_found',
    );
  });

  it("counts wrong secrets against the address's code budget; once spent, even the right one is refused", async () => {
    const { orderNumber, link } = await placeGuestOrder('budget.guest@example.com');
    const token = link.searchParams.get('token')!;
    const ctx = linkContext('10.3.0.1');
    // Right secrets cost nothing.
    for (let i = 0; i < 4; i++) expect(await kindOf(findOrderByLink(ctx, orderNumber, token))).toBe('found');
    for (let i = 0; i < 3; i++)
      expect(await kindOf(findOrderByLink(ctx, orderNumber, 'x'.repeat(43)))).toBe('not_found');
    expect(await kindOf(findOrderByLink(ctx, orderNumber, 'x'.repeat(43)))).toBe('throttled');
    expect(await kindOf(findOrderByLink(ctx, orderNumber, token))).toBe('throttled');
    // Another address has its own budget.
    expect(await kindOf(findOrderByLink(linkContext('10.3.0.2'), orderNumber, token))).toBe('found');
  });
});
