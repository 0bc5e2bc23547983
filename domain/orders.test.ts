import { describe, expect, it } from 'vitest';
import { parseAmountCents, TRACKING_NUMBER_PATTERN, withinCancelWindow } from './orders';

describe('order moves’ inputs', () => {
  it('reads an amount as cents', () => {
    expect(parseAmountCents('12.50')).toBe(1250);
    expect(parseAmountCents('12.5')).toBe(1250);
    expect(parseAmountCents('12')).toBe(1200);
    expect(parseAmountCents(' 0.05 ')).toBe(5);
    for (const bad of ['', '-1', '1.234', '1e3', 'abc', '1,00']) expect(parseAmountCents(bad)).toBeNull();
  });

  it('knows a tracking number and the cancel window', () => {
    expect(TRACKING_NUMBER_PATTERN.test('AP123456789')).toBe(true);
    expect(TRACKING_NUMBER_PATTERN.test('a b')).toBe(false);
    const placed = new Date('2026-11-27T10:00:00Z');
    expect(withinCancelWindow(placed, new Date('2026-11-27T11:00:00Z'), 60)).toBe(true);
    expect(withinCancelWindow(placed, new Date('2026-11-27T11:00:01Z'), 60)).toBe(false);
  });
});
