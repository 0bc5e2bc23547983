import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUS } from './content';
import { MEMBERSHIP_STATUS } from './memberships';
import { ORDER_STATUS } from './orders';
import { AUTHORISATION_STATUS, PAYMENT_STATUS } from './payment';
import { REVIEW_STATUS } from './reviews';
import { canMove, isOneOf, type StateMachine, stateMachine } from './state-machine';

// Every state set's moves as a table: each row a state, each "x" a move allowed to the column's state. A move added
// or taken away in a set fails here until the table says so too.
const TABLES: [string, StateMachine<string>, string][] = [
  [
    'orders',
    ORDER_STATUS,
    `            PROCESSING SHIPPED DELIVERED CANCELLED REFUNDED
     PROCESSING  .          x       .         x         .
     SHIPPED     .          .       x         .         x
     DELIVERED   .          .       .         .         x
     CANCELLED   .          .       .         .         .
     REFUNDED    .          .       .         .         .`,
  ],
  [
    'memberships',
    MEMBERSHIP_STATUS,
    `            ACTIVE REQUESTED SUSPENDED CANCELLED
     ACTIVE      .      .         x         x
     REQUESTED   x      .         .         x
     SUSPENDED   x      .         .         x
     CANCELLED   .      .         .         .`,
  ],
  [
    'reviews',
    REVIEW_STATUS,
    `            pending published rejected
     pending     .       x         x
     published   x       .         x
     rejected    x       x         .`,
  ],
  [
    'campaigns',
    CAMPAIGN_STATUS,
    `            draft published
     draft       .     x
     published   x     .`,
  ],
  [
    'order payments',
    PAYMENT_STATUS,
    `            AUTHORISED CAPTURED RELEASED
     AUTHORISED  .          x        x
     CAPTURED    .          .        .
     RELEASED    .          .        .`,
  ],
  [
    'test provider authorisations',
    AUTHORISATION_STATUS,
    `            AUTHORISED CAPTURED RELEASED
     AUTHORISED  .          x        x
     RELEASED    x          .        .
     CAPTURED    .          .        .`,
  ],
];

describe.each(TABLES)('the %s state set', (_name, machine, table) => {
  const [header = [], ...rows] = table.split('\n').map((line) => line.trim().split(/\s+/));
  it('has exactly the table’s states', () => {
    expect([...machine.states].sort()).toEqual([...header].sort());
    expect(rows.map((row) => row[0]).sort()).toEqual([...header].sort());
  });
  it('allows exactly the table’s moves', () => {
    for (const [from = '', ...cells] of rows) {
      header.forEach((to, i) => {
        expect(canMove(machine, from, to), `${from} → ${to}`).toBe(cells[i] === 'x');
      });
    }
  });
});

describe('a state set', () => {
  it('knows its own states and no other value', () => {
    expect(isOneOf(ORDER_STATUS.states, 'SHIPPED')).toBe(true);
    expect(isOneOf(ORDER_STATUS.states, 'shipped')).toBe(false);
    expect(isOneOf(ORDER_STATUS.states, null)).toBe(false);
  });
  it('refuses a move to a state it does not have, or to the state itself', () => {
    expect(() => stateMachine({ A: ['B'] } as never)).toThrow('A moves to B, which is not a state');
    expect(() => stateMachine({ A: ['A'] })).toThrow('A moves to itself');
  });
});
