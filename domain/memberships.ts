// The schedule of a membership as the account's memberships page tells it (SPEC §4 "Wine plan member",
// "Unlimited member"): when the next wine-plan case ships, when Unlimited renews, and what a change means.
// Pure: dates in, dates out (UTC calendar months), the clock's "now" passed in.

import { isOneOf, type StateMachine, stateMachine } from './state-machine';

/** A membership's (Unlimited's or a wine plan's) states and moves: requested at checkout, then run by the retailer. */
export const MEMBERSHIP_STATUS = stateMachine({
  ACTIVE: ['SUSPENDED', 'CANCELLED'],
  REQUESTED: ['ACTIVE', 'CANCELLED'],
  SUSPENDED: ['ACTIVE', 'CANCELLED'],
  CANCELLED: [],
});
export type MembershipStatus = typeof MEMBERSHIP_STATUS extends StateMachine<infer S> ? S : never;

/** SPEC §4: "Wine plan member: ACTIVE or REQUESTED." */
export const MEMBER_STATES = ['ACTIVE', 'REQUESTED'] as const satisfies readonly MembershipStatus[];

export function isWinePlanMember(status: MembershipStatus | null | undefined): boolean {
  return isOneOf(MEMBER_STATES, status);
}

/** Unlimited is sold as a 12-month membership (CONTRACT: UL0001 "Unlimited membership, 12 months"). */
export const UNLIMITED_TERM_MONTHS = 12;
/** The demo wine plans ship a case every three months. */
export const WINE_PLAN_EVERY_MONTHS = 3;

/** `date` plus whole calendar months, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      y,
      m,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
}

/** The first date `startedAt + k × everyMonths` (k ≥ 1) strictly after `now`. */
export function nextAnniversary(startedAt: Date, everyMonths: number, now: Date): Date {
  const monthsSince =
    (now.getUTCFullYear() - startedAt.getUTCFullYear()) * 12 + (now.getUTCMonth() - startedAt.getUTCMonth());
  // Whole periods before now's month all fall before now, so the search starts at the last of them.
  let k = Math.max(1, Math.floor(monthsSince / everyMonths));
  let next = addMonths(startedAt, k * everyMonths);
  while (next.getTime() <= now.getTime()) next = addMonths(startedAt, ++k * everyMonths);
  return next;
}

export interface MembershipSchedule {
  /** Wine plan: when the next case ships; null while it is being set up or is paused. */
  nextDeliveryOn: Date | null;
  /** Unlimited: when the membership renews; null while requested or suspended. */
  renewsOn: Date | null;
}

export function membershipSchedule(
  sub: { type: 'FREESHIP' | 'WINEPLAN'; status: MembershipStatus; startedAt: Date },
  now: Date,
): MembershipSchedule {
  if (sub.status !== 'ACTIVE') return { nextDeliveryOn: null, renewsOn: null };
  return sub.type === 'WINEPLAN'
    ? { nextDeliveryOn: nextAnniversary(sub.startedAt, WINE_PLAN_EVERY_MONTHS, now), renewsOn: null }
    : { nextDeliveryOn: null, renewsOn: nextAnniversary(sub.startedAt, UNLIMITED_TERM_MONTHS, now) };
}
