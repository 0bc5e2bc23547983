import type { ErrorKind } from '../domain/errors';

// The one place that knows which HTTP status a kind of failure is: the JSON API's envelope (server/envelope.ts)
// and the pages' loaders and actions both answer with it, so a page and the API never disagree.

const STATUS_OF_KIND = {
  invalid: 400,
  unauthorised: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  throttled: 429,
} as const satisfies Record<ErrorKind, number>;

export type ErrorStatus = (typeof STATUS_OF_KIND)[ErrorKind];

export function statusOfKind(kind: ErrorKind): ErrorStatus {
  return STATUS_OF_KIND[kind];
}
