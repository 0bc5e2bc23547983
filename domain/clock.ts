// Time is passed in (DESIGN.md convention 4) so rules with 2 s, 30 s or 7 days can be tested without sleeping.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export type FixedClock = Clock & { advance(ms: number): void; set(at: Date): void };

export function fixedClock(at: Date): FixedClock {
  let current = at.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(next) {
      current = next.getTime();
    },
  };
}
