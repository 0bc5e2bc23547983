import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { noFill, pageFillNow, unchanging } from '../../lib/page-fill';
import { userListsClient } from '../../lib/user-lists-client';

// The favourite state every favourite control on the page shares (SPEC §4 Favourite): the codes the root
// loader read for a Current visitor, with the visitor's own changes on this page on top.

export type FavouriteState = 'off' | 'adding' | 'on' | 'removing';

interface FavouritesValue {
  stateOf(itemCode: string): FavouriteState;
  /** Adds or removes; resolves with an error message (English) when the change failed (state restored). */
  toggle(itemCode: string): Promise<string | null>;
}

const FavouritesContext = createContext<FavouritesValue | null>(null);

/** When the list service answered without a message; shown, like the service's own, through `i18n._`. */
export const FAVOURITE_FAILED = /*i18n*/ { id: 'Sorry, we could not update your favourites. Please try again.' };

export function FavouritesProvider({
  codes,
  filled,
  children,
}: {
  codes: readonly string[];
  /** The page is shared by the visitor's segment: their codes come with the answer, after hydration. */
  filled?: boolean;
  children: ReactNode;
}) {
  // The page's own changes sit on top of the codes the server sent; nothing needs copying into state.
  const [changed, setChanged] = useState<ReadonlyMap<string, FavouriteState>>(() => new Map());
  // A shared page's favourites come with the answer, once the page has hydrated (app/lib/page-fill.ts).
  const fill = useSyncExternalStore(unchanging, filled ? pageFillNow : noFill, noFill);
  const favourited = useMemo(() => new Set(fill ? fill.favourites : codes), [codes, fill]);
  const busy = useRef(new Set<string>());

  const set = useCallback((itemCode: string, state: FavouriteState) => {
    setChanged((prev) => new Map(prev).set(itemCode, state));
  }, []);

  const stateOf = useCallback(
    (itemCode: string) => changed.get(itemCode) ?? (favourited.has(itemCode) ? 'on' : 'off'),
    [changed, favourited],
  );

  const toggle = useCallback(
    async (itemCode: string) => {
      // An in-progress guard: a second click while adding or removing does nothing.
      if (busy.current.has(itemCode)) return null;
      busy.current.add(itemCode);
      const wasOn = stateOf(itemCode) === 'on';
      set(itemCode, wasOn ? 'removing' : 'adding');
      const result = wasOn
        ? await userListsClient.removeFavourite(itemCode)
        : await userListsClient.addFavourite(itemCode);
      busy.current.delete(itemCode);
      set(itemCode, result.ok ? (wasOn ? 'off' : 'on') : wasOn ? 'on' : 'off');
      return result.ok ? null : (result.message ?? FAVOURITE_FAILED.id);
    },
    [stateOf, set],
  );

  const value = useMemo(() => ({ stateOf, toggle }), [stateOf, toggle]);
  return <FavouritesContext.Provider value={value}>{children}</FavouritesContext.Provider>;
}

export function useFavourites(): FavouritesValue {
  const value = useContext(FavouritesContext);
  if (!value) throw new Error('useFavourites needs a FavouritesProvider');
  return value;
}
