import { useCallback, useEffect, useState } from 'react';
import { type LoginRequest, onLoginRequest } from '../../lib/login-events';
import { blockPopups } from '../../lib/modal-flags';
import { Modal } from '../modal';
import { LoginForm } from './login-form';

/** Fired on window when the login modal hides (the favourites popover goes with it). */
export const LOGIN_MODAL_HIDDEN_EVENT = 'storefront:login-modal-hidden';

/** SPEC §4: a link named Favorites starts a login that ends on the favourites list. */
export function isFavoritesLink(link: HTMLElement): boolean {
  return link.textContent?.trim() === 'Favorites';
}

/**
 * The one login modal of the page (SPEC §4). Opens on requestLogin() events and on clicks of login
 * links (`a[data-login-link]`); the link's href stays a real /login URL so it works without script.
 */
export function LoginModal() {
  const [request, setRequest] = useState<LoginRequest | null>(null);

  useEffect(() => onLoginRequest((next) => setRequest({ ...next })), []);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-login-link]');
      if (!link) return;
      event.preventDefault();
      setRequest({
        origin: isFavoritesLink(link) ? 'favourites' : 'link',
        prompt: link.dataset.loginPrompt || undefined,
        redirectingURL: link.dataset.redirectingUrl || undefined,
      });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  // While open the preference modal and email capture are blocked; on hide the flags are restored.
  const open = request !== null;
  useEffect(() => (open ? blockPopups() : undefined), [open]);

  const hide = useCallback(() => {
    setRequest(null);
    window.dispatchEvent(new Event(LOGIN_MODAL_HIDDEN_EVENT));
  }, []);

  if (!request) return null;
  return (
    <Modal labelledBy="login-modal-title" onClose={hide} closeOnBackdrop className="login-modal">
      <div className="login-modal__head">
        <h2 id="login-modal-title">Log in</h2>
        <button type="button" className="login-modal__close" aria-label="Close" onClick={hide}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {request.prompt ? <p className="login-modal__prompt">{request.prompt}</p> : null}
      {/* Unmounted on hide, so alerts go and fields are cleared for the next opening. */}
      <LoginForm origin={request.origin} redirectingURL={request.redirectingURL} onSuccess={hide} />
      <p className="login-modal__register">
        New here? <a href="/registration">Create an account</a>
      </p>
    </Modal>
  );
}
