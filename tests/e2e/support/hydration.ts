import type { BrowserContext, Page } from '@playwright/test';

// When is a server-rendered page interactive? Not at `load`, and not at `networkidle` (a guess: on a busy
// machine hydration can start after 500 ms of quiet, and a page's own fetches reset the count). React says
// so itself: it reports every commit to the DevTools hook, and `onPostCommitFiberRoot` comes after that
// commit's effects ran. A stand-in hook, installed before any page script, turns that into a flag.

declare global {
  interface Window {
    /** Set by the hydration probe once React has committed the page and run its effects. */
    __e2eHydrated?: boolean;
  }
}

function hydrationProbe() {
  const w = window as unknown as Record<string, unknown>;
  if (w.__REACT_DEVTOOLS_GLOBAL_HOOK__) return;
  let nextId = 1;
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    isDisabled: false,
    inject: (renderer: unknown) => {
      const id = nextId++;
      (w.__REACT_DEVTOOLS_GLOBAL_HOOK__ as { renderers: Map<number, unknown> }).renderers.set(id, renderer);
      return id;
    },
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {
      window.__e2eHydrated = true;
    },
  };
}

/** Installs the probe in every page the context opens (the test fixture does this for each test). */
export async function installHydrationProbe(context: BrowserContext) {
  await context.addInitScript(hydrationProbe);
}

/** Waits until React has hydrated the current document and run its effects. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => window.__e2eHydrated === true);
}

/** Opens a page and waits until it is interactive: a click or key before that goes to the bare HTML. */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/** Reloads and waits until the new document is interactive. */
export async function reloadHydrated(page: Page) {
  const response = await page.reload();
  await waitForHydration(page);
  return response;
}
