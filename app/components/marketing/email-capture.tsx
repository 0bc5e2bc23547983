import { lazy, Suspense, useEffect, useState } from 'react';
import { EMAIL_CAPTURE_COOKIE, EMAIL_CAPTURE_COOKIE_DAYS, EMAIL_CAPTURE_DELAY_MS } from '../../../domain/email-signup';
import { setSiteCookie } from '../../lib/cookies';
import { EMAIL_CAPTURE_BLOCKED_KEY } from '../../lib/modal-flags';
import type { PublicSite } from '../../lib/site';

const EmailCaptureModal = lazy(() => import('./email-capture-modal').then((m) => ({ default: m.EmailCaptureModal })));

function blocked(): boolean {
  try {
    if (window.sessionStorage.getItem(EMAIL_CAPTURE_BLOCKED_KEY) === 'true') return true;
  } catch {}
  if (document.cookie.split('; ').some((c) => c.startsWith(`${EMAIL_CAPTURE_COOKIE}=`))) return true;
  // The age gate, the login modal or any other dialog is up: not now.
  return document.querySelector('[data-modal-open]') !== null;
}

/** Closing (or subscribing) blocks the capture for the session and, by cookie, for 10 days (SPEC §4, §9). */
function blockForGood(): void {
  try {
    window.sessionStorage.setItem(EMAIL_CAPTURE_BLOCKED_KEY, 'true');
  } catch {}
  setSiteCookie(EMAIL_CAPTURE_COOKIE, '1', EMAIL_CAPTURE_COOKIE_DAYS * 24 * 60 * 60);
}

/**
 * The email-capture modal (SPEC §4): after 30 s on the site's pages, unless its session flag or cookie blocks
 * it or another modal is open then. Its code loads only when it opens.
 */
export function EmailCapture({ site, ageVerified }: { site: PublicSite; ageVerified: boolean }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!ageVerified || blocked()) return;
    const timer = setTimeout(() => {
      if (!blocked()) setOpen(true);
    }, EMAIL_CAPTURE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ageVerified]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <EmailCaptureModal
        site={site}
        onClose={() => {
          blockForGood();
          setOpen(false);
        }}
        onSubscribed={blockForGood}
      />
    </Suspense>
  );
}
