/**
 * A rendered page leaves React Router as a Response whose body streams the page's bytes in one chunk, with the
 * bytes also kept beside it, and the server's compression takes them from there (`answerBytes`,
 * server/page-compression.ts) instead of reading the stream (issue 17). A Response made with the bytes themselves
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

/** A Response with `body` as its body, which `answerBytes` reads without its stream. */
export function wholeAnswer(body: Buffer<ArrayBuffer>, init: ResponseInit): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(body);
      controller.close();
    },
  });
  const res: WholeAnswer = new Response(stream, init);
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
