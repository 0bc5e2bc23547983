/**
 * A rendered page (and an API answer, server/envelope.ts) leaves as a Response whose body streams its bytes in one
 * chunk, with the bytes also kept beside it, and the server's compression takes them from there (`answerBytes`,
 * server/page-compression.ts) instead of reading the stream. A Response made with the bytes themselves
 * as its body costs a copy of them and a byte stream each time anything looks at its body, and React Router does
 * look (it checks that a render gave a Response), which turned @hono/node-server's lightweight Response into a
 * full one: about 4 % of a listing page's server time, and the compression then read the bytes back out. A
 * Response over a stream of one chunk costs about 10 µs instead of 200–600 µs for a 115 KB page
 * (micro-benchmark). Anything that makes a new Response from this one (a cookie set after the render) gets its
 * body stream, so the page is whole either way. The key is a registered symbol because the page build bundles
 * its own copy of this module.
 */
const WHOLE_BODY = Symbol.for('storefront.whole-answer-body');

type WholeAnswer = Response & { [WHOLE_BODY]?: Buffer<ArrayBuffer> };

/**
 * The Response `make` makes over a stream of `body` in one chunk, with `body` kept beside it for `answerBytes`:
 * `(stream) => new Response(stream, init)`, or Hono's `c.body(stream, …)`, which adds the headers set before.
 */
export function wholeAnswer<R extends Response>(
  body: Buffer<ArrayBuffer>,
  make: (stream: ReadableStream<Uint8Array>) => R,
): R {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(body);
      controller.close();
    },
  });
  const res: R & { [WHOLE_BODY]?: Buffer<ArrayBuffer> } = make(stream);
  res[WHOLE_BODY] = body;
  return res;
}

/** Whether `res` was made by `wholeAnswer` (its bytes are at hand, its status text is empty). */
export function isWholeAnswer(res: Response): boolean {
  return (res as WholeAnswer)[WHOLE_BODY] !== undefined;
}

/** An answer's body: the bytes of a whole answer, else what its body stream holds, or null without a body. */
export async function answerBytes(res: Response): Promise<Buffer<ArrayBuffer> | null> {
  const whole = (res as WholeAnswer)[WHOLE_BODY];
  if (whole) return whole;
  if (!res.body) return null;
  return Buffer.from(await res.arrayBuffer());
}
