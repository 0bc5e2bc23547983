import { useSyncExternalStore } from 'react';
import { FIRST_NAME_SLOT, PAGE_FILL_GLOBAL, type PageFill } from '../../domain/page-fill';

// The visitor's own part of a page shared by their segment (http/page-fill.ts, decision 036), read from the
// script the server put into this answer.

/** The fill of the page the browser loaded; null on the server and on pages rendered for the visitor alone. */
export function pageFillNow(): PageFill | null {
  return (globalThis as unknown as Record<string, PageFill | undefined>)[PAGE_FILL_GLOBAL] ?? null;
}

const unchanging = () => () => {};
const none = () => null;

/**
 * The fill, once the page has hydrated (the server rendered the page without it, and hydration must see what
 * the server rendered); null while `filled` (the root data's `pageFill`) is false.
 */
export function usePageFill(filled: boolean | undefined): PageFill | null {
  return useSyncExternalStore(unchanging, filled ? pageFillNow : none, none);
}

/** The first name a page shows: on a shared page the server put the visitor's in place of the slot. */
export function shownFirstName(firstName: string): string {
  if (firstName !== FIRST_NAME_SLOT) return firstName;
  return pageFillNow()?.firstName ?? firstName;
}
