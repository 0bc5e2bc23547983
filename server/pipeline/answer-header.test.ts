import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { answerWith, setAnswerHeader } from './answer-header';

// Middleware after `next()` edits the answer the handler made; it must not wrap it in a new Response around a
// body stream (the answer then leaves through a stream instead of in one piece).

describe('setAnswerHeader', () => {
  it('sets and removes headers on the answer itself: the handler’s Response is the one that leaves', async () => {
    let made: Response | undefined;
    const app = new Hono();
    app.use('*', async (c, next) => {
      await next();
      setAnswerHeader(c, 'Cache-Control', 'no-store');
      setAnswerHeader(c, 'X-Gone');
    });
    app.get('/', (c) => {
      made = c.json({ statusCode: 0 }, 200, { 'X-Gone': 'yes' });
      return made;
    });
    const res = await app.request('/');
    expect(res).toBe(made);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.has('x-gone')).toBe(false);
    expect(await res.json()).toEqual({ statusCode: 0 });
  });

  it('wraps an answer whose headers may not change, as Hono does, keeping its status and body', async () => {
    const app = new Hono();
    app.use('*', async (c, next) => {
      await next();
      setAnswerHeader(c, 'Cache-Control', 'no-store');
    });
    app.get('/', () => Response.redirect('http://law-au.localhost/cart', 302));
    const res = await app.request('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://law-au.localhost/cart');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('answerWith', () => {
  it('gives a Response made outside Hono the headers and cookies set before it, and keeps its own', async () => {
    let made: Response | undefined;
    const app = new Hono();
    app.use('*', async (c, next) => {
      c.header('Set-Cookie', 'sid=; Max-Age=0; Path=/', { append: true });
      c.header('Set-Cookie', 'remember_me=; Max-Age=0; Path=/', { append: true });
      c.header('X-Request-Id', 'r-1');
      c.header('Cache-Control', 'no-store');
      await next();
    });
    app.get('/', (c) => {
      made = new Response('<p>page</p>', {
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-cache' },
      });
      return answerWith(c, made);
    });
    const res = await app.request('/');
    expect(res).toBe(made);
    expect(res.headers.getSetCookie()).toEqual(['sid=; Max-Age=0; Path=/', 'remember_me=; Max-Age=0; Path=/']);
    expect(res.headers.get('x-request-id')).toBe('r-1');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe('<p>page</p>');
  });

  it('leaves an answer whose headers may not change to Hono, which wraps it with them', async () => {
    const app = new Hono();
    app.use('*', async (c, next) => {
      c.header('Set-Cookie', 'sid=; Max-Age=0; Path=/');
      await next();
    });
    app.get('/', (c) => answerWith(c, Response.redirect('http://law-au.localhost/account', 302)));
    const res = await app.request('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://law-au.localhost/account');
    expect(res.headers.get('set-cookie')).toBe('sid=; Max-Age=0; Path=/');
  });
});
