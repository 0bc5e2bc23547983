import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

function hasLogoutParam(search: string): boolean {
  return new URLSearchParams(search).has('Logout');
}

/**
 * SPEC §2 query parameter Logout: coming back to a `?Logout` page with the back/forward buttons goes
 * to the home page instead (the page showed a state that no longer holds). A normal load keeps the URL.
 */
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
    } else if (navigationType === 'POP') {
      // A client-side history step back (or forward) onto the ?Logout entry.
      window.location.replace('/');
    }
  }, [location, navigationType]);

  return null;
}
