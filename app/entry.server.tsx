import { Writable } from 'node:stream';

import { type EntryContext, RouterContextProvider } from 'react-router';
import type { RequestContext } from '../services/platform/request-context';
import { wholeAnswer } from '../http/whole-answer';
import { I18nProvider } from '@lingui/react';
import { appContext } from './context';
import catalogueChunks from 'virtual:catalogue-chunks';
import { i18nFor } from './lib/i18n';

// The Hono server reads the message catalogues through the build (server/app.ts: order emails).
export { i18nFor };
import { NonceContext } from './lib/nonce';
import { InlineCssContext } from './lib/inline-css';
import appCss from './styles/app.css?inline';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';
import { ROUTE_HEADER } from '../http/route-header';

export const streamTimeout = 5_000;

const HEAD_STYLE = Buffer.from('<style');
const MODULE_PRELOAD_LINK = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT_OPEN = Buffer.from(' type="module" async="">');
const SCRIPT_CLOSE = Buffer.from('</script>');
const STATIC_IMPORT = /^import \* as (\w+) from ("[^"]+");$/gm;
/**
 * Waits for the page's first paint, as the browser reports it (paint timing), not for a timer: a hidden page
 * (it paints nothing), or a browser without paint timing, goes on at once.
 */
const FIRST_PAINT = `await new Promise((resolve) => {
  if (document.visibilityState !== "visible" || !PerformanceObserver.supportedEntryTypes?.includes("paint") || performance.getEntriesByType("paint").length > 0) return resolve();
  new PerformanceObserver((_, observer) => { observer.disconnect(); resolve(); }).observe({ type: "paint", buffered: true });
});`;

/**
 * The page's scripts start after its first paint. React Router writes a modulepreload link for each
 * of the page's modules at the top of the head, and, last in the body, an inline module script that imports the
 * route modules at once. Both are rewritten here, on the rendered page: the links go, and the module script first
 * waits for the first paint, then preloads the same modules and imports them (`import()` gives the same module namespace
 * as `import * as`). So a phone paints the page, and fetches the images in view, before it downloads and runs
 * 170 KB of script; hydration starts a frame later than before. React hydrates the script element as it was
 * written (React Router marks it `suppressHydrationWarning`) and finds the preload links the script added.
 *
 * `alsoPreload` joins the list: the page's message catalogue (vite.config.ts, `catalogueChunkNames`), which the i18n
 * module imports only once it runs, a round trip after the other modules arrived. Preloaded, it comes with them,
 * and the import finds it loaded: no request then (under Lighthouse's tracing, that request's call stack had V8
 * parse the 350 KB framework chunk again for its source positions, about 8 ms).
 */
export function scriptsAfterFirstPaint(
  html: Buffer<ArrayBuffer>,
  alsoPreload: readonly string[] = [],
): Buffer<ArrayBuffer> {
  const headEnd = html.indexOf(HEAD_STYLE);
  const typeAt = html.lastIndexOf(MODULE_SCRIPT_OPEN);
  if (headEnd < 0 || typeAt < headEnd) return html;
  const contentStart = typeAt + MODULE_SCRIPT_OPEN.length;
  const contentEnd = html.indexOf(SCRIPT_CLOSE, contentStart);
  const head = html.subarray(0, headEnd).toString();
  const preloads = [...head.matchAll(MODULE_PRELOAD_LINK)].map((m) => m[1] as string);
  if (contentEnd < 0 || preloads.length === 0) return html;
  preloads.push(...alsoPreload);
  const content = html.subarray(contentStart, contentEnd).toString();
  const imports = [...content.matchAll(STATIC_IMPORT)];
  const deferred = [
    FIRST_PAINT,
    `for (const href of ${JSON.stringify(preloads)}) { const l = document.createElement("link"); l.rel = "modulepreload"; l.href = href; document.head.append(l); }`,
    `const [${imports.map((m) => m[1]).join(', ')}] = await Promise.all([${imports.map((m) => `import(${m[2]})`).join(', ')}]);`,
    content.replace(STATIC_IMPORT, ''),
  ].join('\n');
  return Buffer.concat([
    Buffer.from(head.replace(MODULE_PRELOAD_LINK, '')),
    html.subarray(headEnd, contentStart),
    Buffer.from(deferred),
    html.subarray(contentEnd),
  ]);
}

/** Called by the Hono server for every page request: loaders read the request context from it. */
export function createLoadContext(ctx: RequestContext): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(appContext, ctx);
  return provider;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  // The page's route for the request metrics, kept with a cached page (taken off before the answer leaves).
  const leaf = routerContext.staticHandlerContext.matches.at(-1);
  if (leaf) responseHeaders.set(ROUTE_HEADER, leaf.route.id);
  const i18n = await i18nFor(loadContext.get(appContext).site.intlLocale);
  const catalogue = catalogueChunks[i18n.locale];
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // The page is rendered whole into one buffer and answered in one piece. No page streams
    // deferred data, so waiting for all of it costs no time to first byte, and a page that arrives whole
    // leaves without passing React's 2 KB chunks one by one through three streams and the compressor
    // (about 15% of a logged-in home page's server time).
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        // Clear the timeout to prevent retaining the closure and memory leak
        clearTimeout(timeoutId);
        timeoutId = undefined;
        callback();
        resolve(
          wholeAnswer(
            scriptsAfterFirstPaint(Buffer.concat(chunks), catalogue ? [catalogue] : []),
            (stream) => new Response(stream, { headers: responseHeaders, status: responseStatusCode }),
          ),
        );
      },
    });

    const nonce = loadContext.get(appContext).cspNonce;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineCssContext.Provider value={appCss}>
          <I18nProvider i18n={i18n}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </I18nProvider>
        </InlineCssContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          // Pages carry per-visitor state (age gate, cart); shared caches must not store them.
          if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'private, no-cache');
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            console.error(error);
          }
        },
      },
    );
  });
}
