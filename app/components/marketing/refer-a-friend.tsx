import { useLingui } from '@lingui/react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { HiddenWhenNotLoggedIn } from '../account/visibility';

const ReferAFriendModal = lazy(() => import('./refer-a-friend-modal').then((m) => ({ default: m.ReferAFriendModal })));

/**
 * SPEC §2 "Refer-a-friend popup on the home page": a Current customer opens their personal link to share. Only
 * Hard Logged-In customers see it (removed on the server for everyone else); the link is fetched on opening.
 */
export function ReferAFriend() {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const id = useId();
  return (
    <HiddenWhenNotLoggedIn>
      <section className="refer" aria-labelledby={id}>
        <h2 id={id}>{i18n._('Share the wine you love')}</h2>
        <p>{i18n._('Give a friend money off their first order with your personal link.')}</p>
        <button ref={opener} type="button" className="button" onClick={() => setOpen(true)}>
          {i18n._('Refer a friend')}
        </button>
      </section>
      {open ? (
        <Suspense fallback={null}>
          <ReferAFriendModal
            onClose={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </HiddenWhenNotLoggedIn>
  );
}
