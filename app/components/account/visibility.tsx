import { useVisitorData } from '../../lib/visitor-data';

// SPEC §6: elements marked hidden-when-not-logged-in are removed unless the visitor is Hard Logged-In;
// elements marked hidden-when-logged-in are removed for Hard Logged-In. Removed on the server, so no
// flash of the wrong state. They read root's data through useVisitorData, so the header can use them too.

export function useIsHardLoggedIn(): boolean {
  return useVisitorData().visitor.tier === 'Hard Logged-In';
}

export function HiddenWhenNotLoggedIn({ children }: { children: React.ReactNode }) {
  return useIsHardLoggedIn() ? children : null;
}

export function HiddenWhenLoggedIn({ children }: { children: React.ReactNode }) {
  return useIsHardLoggedIn() ? null : children;
}
