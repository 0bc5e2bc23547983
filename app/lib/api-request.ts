// The one way the browser calls our JSON API (SPEC §7, CONTRACT.md envelope): same-origin, with the
// visitor's cookies, JSON in and out. Each typed client (cart, user lists, account, authentication) reads
// the reply in its own terms.

export interface Envelope<T> {
  statusCode?: number;
  statusMessage?: unknown;
  /** Older cart answers carry `message` instead of `statusMessage` (SPEC §8). */
  message?: unknown;
  response?: T;
}

/** status 0: the request never got an answer (offline, blocked). body null: the answer was not JSON. */
export interface ApiReply<T> {
  status: number;
  ok: boolean;
  body: Envelope<T> | null;
  /** The answer's headers (a failure's code is in X-Error-Code, decision 033); none when there was no answer. */
  headers?: Headers;
}

export async function requestApi<T>(method: string, path: string, body?: unknown): Promise<ApiReply<T>> {
  try {
    const res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = (await res.json().catch(() => null)) as Envelope<T> | null;
    return { status: res.status, ok: res.ok, body: parsed, headers: res.headers };
  } catch {
    return { status: 0, ok: false, body: null };
  }
}

/** The envelope's success: HTTP 2xx with statusCode 0. */
export function succeeded<T>(reply: ApiReply<T>): reply is ApiReply<T> & { body: Envelope<T> & { response: T } } {
  return reply.ok && reply.body?.statusCode === 0;
}

/** The reply's message for a shopper, or null when it has none. */
export function messageOf(reply: ApiReply<unknown>): string | null {
  const { statusMessage, message } = reply.body ?? {};
  if (typeof statusMessage === 'string') return statusMessage;
  return typeof message === 'string' ? message : null;
}
