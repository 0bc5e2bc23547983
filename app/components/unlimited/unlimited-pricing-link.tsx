import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { UnlimitedState } from '../../../services/memberships/unlimited';

const JoinUnlimitedModal = lazy(() =>
  import('./join-unlimited-modal').then((m) => ({ default: m.JoinUnlimitedModal })),
);

/** SPEC §4: the Join Unlimited modal is shown once per session from the product pricing link. */
export const UNLIMITED_MODAL_SESSION_KEY = 'unlimitedModalShown';

function seenThisSession(): boolean {
  try {
    return sessionStorage.getItem(UNLIMITED_MODAL_SESSION_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The buy box's member-savings prompt: what Unlimited members pay (its text from the product page's loader). The
 * first click in a session opens the Join Unlimited modal; later clicks follow the link to /unlimited.
 */
export function UnlimitedPricingLink({ unlimited, text }: { unlimited: UnlimitedState; text: string }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLAnchorElement>(null);
  return (
    <p className="unlimited-pricing">
      <Link
        ref={opener}
        to="/unlimited"
        className="unlimited-pricing__link"
        onClick={(event) => {
          if (seenThisSession()) return;
          event.preventDefault();
          try {
            sessionStorage.setItem(UNLIMITED_MODAL_SESSION_KEY, '1');
          } catch {
            // Storage off: the modal still opens; it may open again next time.
          }
          setOpen(true);
        }}
      >
        {text}
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <JoinUnlimitedModal
            unlimited={unlimited}
            onClose={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </p>
  );
}
