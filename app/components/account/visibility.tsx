import { useRootData } from '../../root';

// SPEC §6: elements marked hidden-when-not-logged-in are removed unless the visitor is Hard Logged-In;
// elements marked hidden-when-logged-in are removed for Hard Logged-In. Removed on the server, so no
// flash of the wrong state.

export function useIsHardLoggedIn(): boolean {
  return useRootData().visitor.tier === 'Hard Logged-In';
}

export function HiddenWhenNotLoggedIn({ children }: { children: React.ReactNode }) {
  return useIsHardLoggedIn() ? <>{children}</> : null;
}

export function HiddenWhenLoggedIn({ children }: { children: React.ReactNode }) {
  return useIsHardLoggedIn() ? null : <>{children}</>;
}
