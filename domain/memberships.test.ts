import { describe, expect, it } from 'vitest';
import { addMonths, isWinePlanMember, membershipSchedule, nextAnniversary } from './memberships';

const d = (iso: string) => new Date(iso);

describe('addMonths', () => {
  it('keeps the day, or clamps to the end of a shorter month', () => {
    expect(addMonths(d('2025-03-01T00:00:00Z'), 3).toISOString()).toBe('2025-06-01T00:00:00.000Z');
    expect(addMonths(d('2025-01-31T10:00:00Z'), 1).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(addMonths(d('2024-01-31T10:00:00Z'), 1).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(addMonths(d('2025-11-15T00:00:00Z'), 3).toISOString()).toBe('2026-02-15T00:00:00.000Z');
  });
});

describe('nextAnniversary', () => {
  const start = d('2025-03-01T00:00:00Z');
  it('is the first period end strictly after now', () => {
    expect(nextAnniversary(start, 3, d('2026-11-24T00:00:00Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(nextAnniversary(start, 3, d('2025-03-02T00:00:00Z')).toISOString()).toBe('2025-06-01T00:00:00.000Z');
    // Exactly on a delivery day, the next one is the following period.
    expect(nextAnniversary(start, 3, d('2026-12-01T00:00:00Z')).toISOString()).toBe('2027-03-01T00:00:00.000Z');
    expect(nextAnniversary(start, 12, d('2026-11-24T00:00:00Z')).toISOString()).toBe('2027-03-01T00:00:00.000Z');
  });
  it('handles a start at a month end', () => {
    expect(nextAnniversary(d('2025-01-31T00:00:00Z'), 3, d('2025-04-10T00:00:00Z')).toISOString()).toBe(
      '2025-04-30T00:00:00.000Z',
    );
  });
  it('never answers a date before the start, even for a start in the future', () => {
    expect(nextAnniversary(start, 3, d('2025-01-01T00:00:00Z')).toISOString()).toBe('2025-06-01T00:00:00.000Z');
  });
});

describe('membershipSchedule', () => {
  const now = d('2026-11-24T00:00:00Z');
  const startedAt = d('2025-03-01T00:00:00Z');
  it('gives an active wine plan its next delivery and active Unlimited its renewal', () => {
    expect(membershipSchedule({ type: 'WINEPLAN', status: 'ACTIVE', startedAt }, now)).toEqual({
      nextDeliveryOn: d('2026-12-01T00:00:00Z'),
      renewsOn: null,
    });
    expect(membershipSchedule({ type: 'FREESHIP', status: 'ACTIVE', startedAt }, now)).toEqual({
      nextDeliveryOn: null,
      renewsOn: d('2027-03-01T00:00:00Z'),
    });
  });
  it('gives requested and suspended memberships no dates', () => {
    for (const status of ['REQUESTED', 'SUSPENDED'] as const)
      for (const type of ['WINEPLAN', 'FREESHIP'] as const)
        expect(membershipSchedule({ type, status, startedAt }, now)).toEqual({ nextDeliveryOn: null, renewsOn: null });
  });
});

describe('isWinePlanMember', () => {
  it('is ACTIVE or REQUESTED (SPEC §4)', () => {
    expect(isWinePlanMember('ACTIVE')).toBe(true);
    expect(isWinePlanMember('REQUESTED')).toBe(true);
    expect(isWinePlanMember('SUSPENDED')).toBe(false);
    expect(isWinePlanMember('CANCELLED')).toBe(false);
    expect(isWinePlanMember(null)).toBe(false);
  });
});
