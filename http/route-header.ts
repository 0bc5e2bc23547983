/**
 * The header a page's render names its React Router route id with (app/entry.server.tsx), for the request metrics
 * (server/pipeline/request-metrics.ts), which take it off every answer: it never reaches a browser.
 */
export const ROUTE_HEADER = 'X-Route';
