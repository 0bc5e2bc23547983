import { describe, expect, it } from 'vitest';
import { answerBytes, isWholeAnswer, wholeAnswer } from './whole-answer';

describe('a whole answer', () => {
  const page = Buffer.from('<!doctype html><p>Shiraz, 12 for $161.99 – “a bottle”</p>');

  it('hands its bytes over as they are, without reading its body', async () => {
    const res = wholeAnswer(
      page,
      (stream) => new Response(stream, { status: 200, headers: { 'Content-Type': 'text/html' } }),
    );
    expect(isWholeAnswer(res)).toBe(true);
    expect(await answerBytes(res)).toBe(page);
    expect(res.bodyUsed).toBe(false);
    expect(res.statusText).toBe('');
  });

  it('is a real Response: its body streams the same bytes, also when wrapped in a new Response', async () => {
    const res = wholeAnswer(
      page,
      (stream) => new Response(stream, { status: 404, headers: { 'Content-Type': 'text/html' } }),
    );
    const wrapped = new Response(res.body, res);
    wrapped.headers.append('Set-Cookie', 'referral_code=FRIEND-42; Path=/');
    expect(isWholeAnswer(wrapped)).toBe(false);
    expect(wrapped.status).toBe(404);
    expect(Buffer.from(await wrapped.arrayBuffer()).equals(page)).toBe(true);
  });

  it('any other answer is read from its body, and one without a body has none', async () => {
    expect(isWholeAnswer(new Response('x'))).toBe(false);
    expect((await answerBytes(new Response('plain')))?.toString()).toBe('plain');
    expect(await answerBytes(new Response(null, { status: 204 }))).toBeNull();
  });
});
