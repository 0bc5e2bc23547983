import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { createVisitor, useTestApp } from '../support/test-app';

// The contact form (POST /api/contact): the schema's texts, the retailer's copy and the sender's acknowledgement in
// the outbox, the budget per address.

const t = useTestApp({ CONTACT_MESSAGES_PER_HOUR: '2', CUSTOMER_SERVICE_EMAIL: '', TRUST_PROXY: 'true' });
const db = () => t.testDb.database.db;

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana Lee',
  email: 'ana.lee@example.com',
  orderNumber: '',
  topic: 'delivery',
  message: 'My case has not arrived yet. Could you check where it is?',
  ...overrides,
});

async function contactJobs() {
  return (await db().select().from(outbox).where(eq(outbox.kind, 'contact-email')).orderBy(desc(outbox.id))).map(
    (r) => r.payload as { to: string; replyTo?: string; subject: string; text: string; html: string },
  );
}

describe('the contact form', () => {
  it.each([
    [{ name: ' ' }, 'Please enter your name (at most 100 characters).'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ topic: 'complaint' }, 'Please choose what your message is about.'],
    [{ topic: undefined }, 'Please choose what your message is about.'],
    [{ message: 'Hi' }, 'Please write your message: 10 to 2,000 characters.'],
    [{ message: 'x'.repeat(2_001) }, 'Please write your message: 10 to 2,000 characters.'],
    [{ orderNumber: 'no such <thing>' }, 'Please check the order number: it is on your confirmation email.'],
  ])('refuses a bad field with its text (%#), and queues nothing', async (overrides, text) => {
    const before = (await contactJobs()).length;
    const v = createVisitor(() => t.app, 'law-au', { address: '10.9.0.1' });
    const res = await v.call('POST', '/api/contact', message(overrides));
    expect(res.status).toBe(400);
    expect(res.body.statusMessage).toBe(text);
    expect((await contactJobs()).length).toBe(before);
  });

  it.each([
    ['CR LF', 'Ana Lee\r\nEmail: boss@example.com'],
    ['LF', 'Ana Lee\nEmail: boss@example.com'],
    ['CR', 'Ana Lee\rEmail: boss@example.com'],
    ['NEL', 'Ana Lee\u0085Email: boss@example.com'],
    ['line separator', 'Ana Lee\u2028Email: boss@example.com'],
    ['paragraph separator', 'Ana Lee\u2029Email: boss@example.com'],
  ])('refuses a name broken over lines (%s), and queues nothing', async (_, name) => {
    const before = (await contactJobs()).length;
    const v = createVisitor(() => t.app, 'law-au', { address: '10.9.0.5' });
    const res = await v.call('POST', '/api/contact', message({ name }));
    expect(res.status).toBe(400);
    expect(res.body.statusMessage).toBe('Please write your name on one line.');
    expect((await contactJobs()).length).toBe(before);
  });

  it('refuses an email address with a line break in it, NEL included', async () => {
    const v = createVisitor(() => t.app, 'law-au', { address: '10.9.0.5' });
    for (const email of ['ana@example.com\nBcc: x@example.com', 'ana\u0085Email:x@example.com']) {
      const res = await v.call('POST', '/api/contact', message({ email }));
      expect(res.status, JSON.stringify(email)).toBe(400);
      expect(res.body.statusMessage).toBe('Please enter a valid email address');
    }
    // A name on one line with the characters names have still goes.
    expect(
      (await v.call('POST', '/api/contact', message({ name: "Zoë O'Brien-Ng 李", email: 'zoe@example.com' }))).status,
    ).toBe(200);
  });

  it("queues the message to the site's customer-service address and an acknowledgement to the sender", async () => {
    const v = createVisitor(() => t.app, 'vir-au', { address: '10.9.0.2' });
    const res = await v.call<{ message: string }>(
      'POST',
      '/api/contact',
      message({ orderNumber: 'vir261101-12345678', message: 'Where is my <b>case</b>?\nThanks' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.response.message).toContain('your message has reached our customer service team');
    const [ack, retailer] = await contactJobs();
    expect(retailer).toEqual(
      expect.objectContaining({
        to: 'customerservice@vir-au.storefront.localhost',
        replyTo: 'ana.lee@example.com',
        subject: 'Contact form (vir-au): A delivery – VIR261101-12345678',
      }),
    );
    expect(retailer!.text).toContain('Where is my <b>case</b>?');
    expect(retailer!.html).toContain('Where is my &lt;b&gt;case&lt;/b&gt;?<br>Thanks');
    expect(ack).toEqual(
      expect.objectContaining({ to: 'ana.lee@example.com', subject: 'Virgin Wines: we have your message' }),
    );
    // The acknowledgement never repeats what was typed (anyone may type any address).
    expect(ack!.text).not.toContain('Where is my');
  });

  it('writes the acknowledgement in the site language', async () => {
    const v = createVisitor(() => t.app, 'hlw-hk', { address: '10.9.0.3' });
    const res = await v.call<{ message: string }>('POST', '/api/contact', message({ email: 'hk@example.com' }));
    expect(res.status).toBe(200);
    expect(res.body.response.message).toMatch(/^多謝你/);
    const [ack] = await contactJobs();
    expect(ack!.subject).toMatch(/我們已收到你的訊息$/);
  });

  it('answers 429 past the budget of an address, and of a sender', async () => {
    const v = createVisitor(() => t.app, 'law-au', { address: '10.9.0.4' });
    for (let i = 0; i < 2; i++)
      expect((await v.call('POST', '/api/contact', message({ email: `a${i}@example.com` }))).status).toBe(200);
    const refused = await v.call('POST', '/api/contact', message({ email: 'a9@example.com' }));
    expect(refused.status).toBe(429);
    expect(refused.body.statusMessage).toBe('Too many messages sent. Please wait an hour and try again, or call us.');
    // One sender from several addresses (case and +tags aside).
    const senders = ['10.9.1.1', '10.9.1.2', '10.9.1.3'].map((address) =>
      createVisitor(() => t.app, 'law-au', { address }),
    );
    expect((await senders[0]!.call('POST', '/api/contact', message({ email: 'same@example.com' }))).status).toBe(200);
    expect((await senders[1]!.call('POST', '/api/contact', message({ email: 'Same+x@example.com' }))).status).toBe(200);
    expect((await senders[2]!.call('POST', '/api/contact', message({ email: 'same@example.com' }))).status).toBe(429);
  });
});

describe('CUSTOMER_SERVICE_EMAIL', () => {
  const configured = useTestApp({ CUSTOMER_SERVICE_EMAIL: 'help@retailer.example' });
  it('sends every site’s messages there', async () => {
    const v = createVisitor(() => configured.app, 'law-nz');
    expect((await v.call('POST', '/api/contact', message())).status).toBe(200);
    const rows = await configured.testDb.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'contact-email'))
      .orderBy(desc(outbox.id));
    expect((rows[1]!.payload as { to: string }).to).toBe('help@retailer.example');
  });
});
