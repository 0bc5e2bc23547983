/** The JSON API's paths: answered in the envelope, never by a page. */
export function isApiPath(p: string): boolean {
  return p.startsWith('/api/') || p === '/api' || p.startsWith('/jsp/api/');
}

/** Files and probes: no visitor is looked up for them. */
export function isStaticPath(p: string): boolean {
  return (
    p.startsWith('/assets/') || p.startsWith('/images/') || p === '/favicon.svg' || p === '/healthz' || p === '/readyz'
  );
}

/** A page for answers that React Router does not render (server errors, throttled searches). Fixed texts only. */
export function plainPage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${message}</p><p><a href="/">Back to the home page</a></p></main></body></html>`;
}
