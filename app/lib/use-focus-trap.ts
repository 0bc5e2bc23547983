import { type RefObject, useLayoutEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps keyboard focus inside an open dialog, focuses it on open and gives focus back to what had it
 * on close (WCAG 2.4.3). Escape calls onEscape when given.
 *
 * NOTE: onEscape is read when Escape is pressed, not a reason to set the trap again: callers pass a new closure on each
 * render, and setting it again gave focus back to the opener and moved it to the first control — a late re-render
 * (the router learning the "View cart" link's route) took focus off the item-added modal's heading.
 *
 * NOTE: a layout effect, so the dialog takes focus and keys in the same commit that shows it. A passive effect can
 * run a moment after the dialog is on screen (an update from an answer, not an input, on a busy page): an Escape in
 * between did nothing, and the mini cart stayed open over the page.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean, onEscape?: () => void): void {
  const latestOnEscape = useRef(onEscape);
  useLayoutEffect(() => {
    latestOnEscape.current = onEscape;
  });
  useLayoutEffect(() => {
    const root = ref.current;
    if (!active || !root) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = root.querySelector<HTMLElement>('[data-autofocus]') ?? root.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? root).focus();
    const onKey = (event: KeyboardEvent) => {
      const onEscape = latestOnEscape.current;
      if (event.key === 'Escape' && onEscape) {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [ref, active]);
}
