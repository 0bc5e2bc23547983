import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { userListsClient } from '../../lib/user-lists-client';

// The favourite state every favourite control on the page shares (SPEC §4 Favourite). Starts from the
// codes the root loader read for a Current visitor, then follows the visitor's own changes.

export type FavouriteState = 'off' | 'adding' | 'on' | 'removing';

interface FavouritesValue {
  stateOf(itemCode: string): FavouriteState;
  /** Adds or removes; resolves with an error message when the change failed (state restored). */
  toggle(itemCode: string): Promise<string | null>;
}

const FavouritesContext = createContext<FavouritesValue | null>(null);

export const FAVOURITE_FAILED = 'Sorry, we could not update your favourites. Please try again.';

export function FavouritesProvider({ codes, children }: { codes: readonly string[]; children: ReactNode }) {
  const [states, setStates] = useState<Map<string, FavouriteState>>(() => new Map(codes.map((c) => [c, 'on'])));
  const busy = useRef(new Set<string>());
  const key = codes.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined key stands for the codes
  useEffect(() => {
    setStates(new Map(codes.map((c) => [c, 'on'])));
  }, [key]);

  const set = useCallback((itemCode: string, state: FavouriteState) => {
    setStates((prev) => new Map(prev).set(itemCode, state));
  }, []);

  const stateOf = useCallback((itemCode: string) => states.get(itemCode) ?? 'off', [states]);

  const toggle = useCallback(
    async (itemCode: string) => {
      // An in-progress guard: a second click while adding or removing does nothing.
      if (busy.current.has(itemCode)) return null;
      busy.current.add(itemCode);
      const wasOn = (states.get(itemCode) ?? 'off') === 'on';
      set(itemCode, wasOn ? 'removing' : 'adding');
      const result = wasOn ? await userListsClient.removeFavourite(itemCode) : await userListsClient.addFavourite(itemCode);
      busy.current.delete(itemCode);
      set(itemCode, result.ok ? (wasOn ? 'off' : 'on') : wasOn ? 'on' : 'off');
      return result.ok ? null : (result.message ?? FAVOURITE_FAILED);
    },
    [states, set],
  );

  const value = useMemo(() => ({ stateOf, toggle }), [stateOf, toggle]);
  return <FavouritesContext.Provider value={value}>{children}</FavouritesContext.Provider>;
}

export function useFavourites(): FavouritesValue {
  const value = useContext(FavouritesContext);
  if (!value) throw new Error('useFavourites needs a FavouritesProvider');
  return value;
}
