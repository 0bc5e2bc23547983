let pageHydrated = false;

/** The root calls this once the page has hydrated (an effect: it runs after every child's own mount effects). */
export function notePageHydrated() {
  pageHydrated = true;
}

/**
 * False while the server renders and while the browser hydrates what it rendered; true for whatever mounts later
 * (a modal opened, a carousel filled from the API, a page reached by a link). Read it in a state initialiser, so a
 * component's first render is the one the server made.
 */
export function isPageHydrated(): boolean {
  return pageHydrated;
}
