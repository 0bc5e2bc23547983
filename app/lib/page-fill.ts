import { PAGE_FILL_GLOBAL, type PageFill } from '../../domain/page-fill';

// The visitor's own part of a page shared by their segment (domain/page-fill.ts, decision 036), read from the
// script the server put into this answer.

/** The fill of the page the browser loaded; null on the server and on pages rendered for the visitor alone. */
export function pageFillNow(): PageFill | null {
  return (globalThis as unknown as Record<string, PageFill | undefined>)[PAGE_FILL_GLOBAL] ?? null;
}

/** For `useSyncExternalStore`: the fill never changes while the page is open. */
export const unchanging = () => () => {};

/** For `useSyncExternalStore`: what the server rendered (and hydration must see) had no fill. */
export const noFill = () => null;

/**
 * The first name a page shows. A shared page's data holds the slot (domain/page-fill.ts), which the server
 * rendered and then replaced with the visitor's name; in the browser the name is the fill's. Only a remembered
 * visitor is greeted by name, and they cannot change it without logging in, so the fill's name is never older.
 */
export function shownFirstName(firstName: string): string {
  return pageFillNow()?.firstName ?? firstName;
}
