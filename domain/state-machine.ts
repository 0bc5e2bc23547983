// A set of states and the moves allowed between them, declared once per set (orders, memberships, reviews,
// campaigns, payments) and used by the schema's check constraints, the input schemas, the queries and the UI.

export interface StateMachine<S extends string> {
  /** Every state, in the order the set is usually read. */
  readonly states: readonly [S, ...S[]];
  /** The states each state may move to (a state is not a move to itself). */
  readonly moves: Readonly<Record<S, readonly S[]>>;
}

/** The set's states are the keys of `moves` (the values may name only those). */
export function stateMachine<S extends string>(moves: { readonly [K in S]: readonly NoInfer<S>[] }): StateMachine<S> {
  const states = Object.keys(moves) as S[];
  if (states.length === 0) throw new Error('a state machine needs a state');
  for (const [from, targets] of Object.entries(moves) as [S, readonly S[]][]) {
    for (const to of targets) {
      if (!(to in moves)) throw new Error(`${from} moves to ${to}, which is not a state`);
      if (to === from) throw new Error(`${from} moves to itself`);
    }
  }
  return { states: states as [S, ...S[]], moves };
}

/** Whether `from` may move to `to`. */
export function canMove<S extends string>(machine: StateMachine<S>, from: S, to: S): boolean {
  return machine.moves[from].includes(to);
}

/** Whether a value is one of the given states (a set's, or a list such as the member states). */
export function isOneOf<S extends string>(states: readonly S[], value: unknown): value is S {
  return typeof value === 'string' && (states as readonly string[]).includes(value);
}
