import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A value shown for a while: `show(value, ms)` shows it and hides it after `ms` (replacing any running
 * timer), `clear()` hides it at once. The timer is cleared when the component unmounts.
 *
 *   const [error, showError, clearError] = useTimedMessage<string>();
 *   showError('Something went wrong', 3_000);
 */
export function useTimedMessage<T>(): [T | null, (value: T, ms: number) => void, () => void] {
  const [message, setMessage] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setMessage(null);
  }, []);

  const show = useCallback((value: T, ms: number) => {
    clearTimeout(timer.current);
    // A function value would otherwise be taken for an updater.
    setMessage(() => value);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setMessage(null);
    }, ms);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return [message, show, clear];
}
