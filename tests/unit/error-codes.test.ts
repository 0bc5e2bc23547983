import { describe, expect, it } from 'vitest';
import { ERROR_KINDS, type ErrorType, GENERIC_ERRORS, isErrorType } from '../../domain/errors';

// Every error an area declares (domain/errors.ts), found in the modules themselves: a new area's errors are
// checked without being listed here.
const modules = import.meta.glob<Record<string, unknown>>(
  ['../../domain/*.ts', '../../services/*.ts', '!../../**/*.test.ts'],
  { eager: true },
);

function declaredErrors(): Map<ErrorType, string> {
  const found = new Map<ErrorType, string>();
  for (const [path, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
      for (const [key, error] of Object.entries(value)) {
        // The same object exported twice (a re-export) is one declaration.
        if (isErrorType(error) && !found.has(error)) found.set(error, `${path} ${name}.${key}`);
      }
    }
  }
  return found;
}

describe('the declared errors', () => {
  const declared = declaredErrors();

  it('are found in the areas that declare them', () => {
    const codes = [...declared.keys()].map((e) => e.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'checkout.email_invalid',
        'checkout.card_declined',
        'cart.quantity_range',
        'gift_card.unknown',
        'voucher.invalid',
        'login.failed',
        ...ERROR_KINDS,
      ]),
    );
  });

  it('have a code each no other error has', () => {
    const byCode = new Map<string, string[]>();
    for (const [error, where] of declared) byCode.set(error.code, [...(byCode.get(error.code) ?? []), where]);
    expect([...byCode].filter(([, where]) => where.length > 1)).toEqual([]);
  });

  it('spell their codes area.reason in lower case (a kind’s generic one is the kind)', () => {
    for (const [error, where] of declared) {
      const generic = (GENERIC_ERRORS as Record<string, ErrorType>)[error.kind] === error;
      expect(error.code, where).toMatch(generic ? /^[a-z_]+$/ : /^[a-z_]+\.[a-z_]+$/);
    }
  });

  it('give a generic code to each kind, which is the kind’s own', () => {
    expect(Object.values(GENERIC_ERRORS).map((e) => [e.kind, e.code])).toEqual(ERROR_KINDS.map((k) => [k, k]));
  });
});
