import { useEffect, useMemo, useRef } from 'react';

export interface Debounced<Args extends unknown[]> {
  (...args: Args): void;
  /** Drops a pending call. */
  cancel(): void;
}

/**
 * `callback`, called `delay` ms after the last call (each call restarts the wait). The latest callback
 * runs, so it sees the latest props; a pending call is dropped when the component unmounts.
 */
export function useDebounce<Args extends unknown[]>(callback: (...args: Args) => void, delay: number): Debounced<Args> {
  const callbackRef = useRef(callback);
  useEffect(() => {
    callbackRef.current = callback;
  });

  const debounced = useMemo(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const call = (...args: Args) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        callbackRef.current(...args);
      }, delay);
    };
    return Object.assign(call, { cancel: () => clearTimeout(timer) });
  }, [delay]);

  useEffect(() => debounced.cancel, [debounced]);

  return debounced;
}
