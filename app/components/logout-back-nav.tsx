import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

function hasLogoutParam(search: string): boolean {
  return new URLSearchParams(search).has('Logout');
}

/**
 * The shopper who just logged out must not step back onto a page they saw logged in: the entry before this
 * `?Logout` page becomes the home page. This entry is rewritten to `/` and the `?Logout` page pushed after
 * it (React Router's own state keys kept, with the index moved on), once per entry.
 */
function guardBackToHome(): void {
  const state = (window.history.state ?? {}) as { idx?: number; logoutGuarded?: boolean };
  if (state.logoutGuarded) return;
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  const idx = typeof state.idx === 'number' ? state.idx : 0;
  window.history.replaceState({ usr: null, key: 'logout-home', idx }, '', '/');
  window.history.pushState({ ...state, idx: idx + 1, logoutGuarded: true }, '', here);
}

export function LogoutBackNav() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const firstRender = useRef(true);

  // Restored from the back/forward cache: no new load happens, only pageshow with persisted.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted && hasLogoutParam(window.location.search)) window.location.replace('/');
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  // Runs on every navigation (a new location object), not only when the query changes.
  useEffect(() => {
    const initial = firstRender.current;
    firstRender.current = false;
    if (!hasLogoutParam(location.search)) return;
    if (initial) {
      // A document load: was it a back/forward one?
      const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      if (entry?.type === 'back_forward') window.location.replace('/');
      else guardBackToHome();
    } else if (navigationType === 'POP') {
      // A client-side history step back (or forward) onto the ?Logout entry.
      window.location.replace('/');
    }
  }, [location, navigationType]);

  return null;
}
