import type { ErrorKind } from '../domain/errors';

// The one place that knows which HTTP status a kind of failure is: the JSON API's envelope (server/envelope.ts)
// and the pages' loaders and actions both answer with it, so a page and the API never disagree.

/**
 * The response header a failure of the JSON API carries its code in (decision 033): the envelope's body stays as
 * CONTRACT.md has it. Same-origin only: no CORS header exposes it.
 */
export const ERROR_CODE_HEADER = 'X-Error-Code';

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

/** The kind a 4xx status stands for, or undefined for any other status. */
export function kindOfStatus(status: number): ErrorKind | undefined {
  return (Object.keys(STATUS_OF_KIND) as ErrorKind[]).find((kind) => STATUS_OF_KIND[kind] === status);
}
