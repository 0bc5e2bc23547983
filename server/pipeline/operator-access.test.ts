import { describe, expect, it } from 'vitest';
import { operatorAccess } from './request-context';

describe('operatorAccess', () => {
  it('is off without a configured token, and allows only the same token', () => {
    expect(operatorAccess(undefined, 'anything')).toBe('off');
    expect(operatorAccess('s'.repeat(32), undefined)).toBe('refused');
    expect(operatorAccess('s'.repeat(32), 's'.repeat(31))).toBe('refused');
    expect(operatorAccess('s'.repeat(32), 's'.repeat(32))).toBe('allowed');
  });
});
