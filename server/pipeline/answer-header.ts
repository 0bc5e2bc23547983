import type { Context } from 'hono';

/**
 * Sets (or, without a value, removes) a header of the answer a handler has already made, for middleware that
 * runs after `next()`. Hono's `c.header` there makes a new Response around the answer's body stream, so
 * @hono/node-server's lightweight Response turns into a full one and the body leaves through a stream read chunk
 * by chunk, instead of being written in one piece. This edits the answer's own headers. An answer whose
 * headers may not change (`Response.error()`, a fetched answer) is wrapped as Hono does.
 */
export function setAnswerHeader(c: Context, name: string, value?: string): void {
  try {
    if (value === undefined) c.res.headers.delete(name);
    else c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/**
 * Answers with a Response made outside Hono (a rendered page), carrying the headers middleware set before it, such
 * as a cookie of a login that ended, cleared: Hono adds those only to the answers it makes itself (`c.json`,
 * `c.body`) and dropped them from a Response a handler made. An answer whose headers may not change is left to
 * Hono, which wraps it with them.
 */
export function answerWith(c: Context, res: Response): Response {
  // NOTE: before anything is answered, `c.res` is Hono's empty answer holding the headers set so far.
  const before = c.res.headers;
  try {
    before.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-type' && !res.headers.has(name)) res.headers.set(name, value);
    });
    for (const cookie of before.getSetCookie()) res.headers.append('Set-Cookie', cookie);
  } catch {
    return res;
  }
  replaceAnswer(c, res);
  return res;
}

/**
 * Makes `res` the answer as it is. Assigning `c.res` over an answer copies the old answer's headers onto the new
 * one, through a new Response around its body stream; the caller has chosen the new answer's headers already.
 */
export function replaceAnswer(c: Context, res: Response): void {
  c.res = undefined;
  c.res = res;
}
