// sessionStorage flags through which an open modal blocks the other automatic pop-ups (SPEC §4 login
// modal: while it is open the preference modal and the email capture are blocked). The email-capture
// and preference modals read these keys before they show.

/** 'true' while another modal forbids the wine-preference modal from showing. */
export const PREFERENCE_MODAL_BLOCKED_KEY = 'preferenceModalBlocked';
/** 'true' while the email-capture modal must not show (also set for good when the visitor closes it). */
export const EMAIL_CAPTURE_BLOCKED_KEY = 'emailCaptureBlocked';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Blocks both pop-ups; returns the function that restores them (email capture to its previous value). */
export function blockPopups(): () => void {
  const store = storage();
  if (!store) return () => {};
  const previousEmailCapture = store.getItem(EMAIL_CAPTURE_BLOCKED_KEY);
  store.setItem(PREFERENCE_MODAL_BLOCKED_KEY, 'true');
  store.setItem(EMAIL_CAPTURE_BLOCKED_KEY, 'true');
  return () => {
    if (previousEmailCapture === null) store.removeItem(EMAIL_CAPTURE_BLOCKED_KEY);
    else store.setItem(EMAIL_CAPTURE_BLOCKED_KEY, previousEmailCapture);
    store.setItem(PREFERENCE_MODAL_BLOCKED_KEY, 'false');
  };
}
