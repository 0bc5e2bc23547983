import type { Context, Next } from 'hono';
import { isSafeText, isSafeValue, stripUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../domain/text-input';
import { fail, failWith } from '../envelope';
import type { AppEnv } from '../types';
import { API_TEXTS } from '../../domain/api-texts';

/** The decoded path, or null when it does not decode (an escape of invalid UTF-8 or a lone surrogate). */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

function queryIsSafe(url: URL): boolean {
  for (const [key, value] of url.searchParams) if (!isSafeText(key) || !isSafeText(value)) return false;
  return true;
}

/**
 * Whether a request says it has no body. HTTP/1.1 (all this server speaks: server/serve.ts) gives a request a
 * body only by Content-Length or Transfer-Encoding (RFC 9112 §6.3), so without either, or with a length of 0,
 * there is nothing to read or limit.
 * NOTE: told from the headers alone, so that a write without a body (adding to the cart is a bodyless PUT)
 * never builds the web Request, its abort signal and its body stream: about a tenth of such a request's time.
 */
export function declaresNoBody(c: Context): boolean {
  // A request made in the process (Hono's app.request, as the API tests do) has no HTTP framing: its own body says.
  if (!(c.env as { incoming?: unknown } | undefined)?.incoming) return c.req.raw.body === null;
  const length = c.req.header('content-length');
  return (length === undefined || length === '0') && c.req.header('transfer-encoding') === undefined;
}

/**
 * The request's JSON body, parsed once, for everything after: the JSON check, the route's validator and its handler.
 * NOTE: Hono's `c.req.json()` parses its cached text again on every call, so this request's answers the value.
 */
export function keepParsedJson(c: Context<AppEnv>, value: unknown): void {
  c.req.bodyCache.json = Promise.resolve(value);
  c.req.json = <T>() => Promise.resolve(value as T);
}

/** Whether the request's JSON body has been parsed (by the input guard). */
export function hasParsedJson(c: Context<AppEnv>): boolean {
  return c.req.bodyCache.json !== undefined;
}

/**
 * The text-input rule of domain/text-input.ts at the edge, for every request before any handler reads it.
 * API calls and form posts with unsafe text get 400 (the JSON envelope for the API); page addresses have
 * the characters stripped and are redirected to the clean address, so a pasted search still works.
 * NOTE: bodies are read here through Hono's body cache, so the handlers read the same parsed body again.
 */
export function inputGuard(isApiPath: (path: string) => boolean) {
  return async (c: Context<AppEnv>, next: Next) => {
    const url = new URL(c.req.url);
    const rawPath = url.pathname;
    const path = decodedPath(rawPath);
    const api = isApiPath(c.req.path);
    const safeAddress = path !== null && isSafeText(path) && queryIsSafe(url);

    if (!api && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      if (safeAddress) return next();
      const cleanPath = stripUnsafeText(path ?? '/').replace(/^\/{2,}/, '/') || '/';
      const clean = new URLSearchParams();
      for (const [key, value] of url.searchParams) clean.append(stripUnsafeText(key), stripUnsafeText(value));
      const query = clean.toString();
      return c.redirect(`${encodeURI(cleanPath)}${query ? `?${query}` : ''}`, 302);
    }

    const refuse = () => (api ? fail(c, 400, UNSAFE_TEXT_MESSAGE) : c.text(UNSAFE_TEXT_MESSAGE, 400));
    if (!safeAddress) return refuse();
    const type = c.req.header('content-type') ?? '';
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      if (/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) {
        let form: Record<string, unknown>;
        try {
          // NOTE: read as bytes (Hono keeps them), so that the page's own action can read the form again
          // from the same bytes (server/app.ts hands React Router a request rebuilt from them).
          const bytes = await c.req.arrayBuffer();
          const parsed = await new Response(bytes, { headers: { 'content-type': type } }).formData();
          form = {};
          for (const [key, value] of parsed) {
            const seen = form[key];
            form[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
          }
        } catch {
          return api ? failWith(c, 400, API_TEXTS.unreadableBody) : c.text('Bad request', 400);
        }
        // Files are not text; every other field is.
        const fields = Object.entries(form).flatMap(([key, value]) =>
          (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string').map((v) => [key, v]),
        );
        if (!isSafeValue(fields)) return refuse();
      } else if (!declaresNoBody(c)) {
        const text = await c.req.text();
        if (text) {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
            keepParsedJson(c, parsed);
          } catch {
            // Not JSON: the handler answers that; the raw text is still checked.
          }
          if (!isSafeValue(parsed)) return refuse();
        }
      }
    }
    return next();
  };
}
