import { describe, expect, it } from 'vitest';
import { ERROR_KINDS } from '../domain/errors';
import { kindOfStatus, statusOfKind } from './error-status';

describe('statusOfKind', () => {
  it('answers each kind of failure with its 4xx', () => {
    expect(Object.fromEntries(ERROR_KINDS.map((kind) => [kind, statusOfKind(kind)]))).toEqual({
      invalid: 400,
      not_found: 404,
      conflict: 409,
      unauthorised: 401,
      forbidden: 403,
      throttled: 429,
      too_large: 413,
    });
  });

  it('never answers a 5xx or a success: those are not a use case’s refusal', () => {
    for (const kind of ERROR_KINDS) {
      expect(statusOfKind(kind)).toBeGreaterThanOrEqual(400);
      expect(statusOfKind(kind)).toBeLessThan(500);
    }
  });
});

describe('kindOfStatus', () => {
  it('gives back the kind of each 4xx of the map, and none for any other status', () => {
    for (const kind of ERROR_KINDS) expect(kindOfStatus(statusOfKind(kind))).toBe(kind);
    for (const status of [200, 405, 500, 503]) expect(kindOfStatus(status)).toBeUndefined();
  });
});
