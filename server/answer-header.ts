import type { Context } from 'hono';

/**
 * Sets (or, without a value, removes) a header of the answer a handler has already made, for middleware that
 * runs after `next()`. Hono's `c.header` there makes a new Response around the answer's body stream, so
 * @hono/node-server's lightweight Response turns into a full one and the body leaves through a stream read chunk
 * by chunk, instead of being written in one piece (issue 17). This edits the answer's own headers. An answer whose
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
