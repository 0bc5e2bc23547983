import { isPlainClick } from '../plain-link';
import { useLingui } from '@lingui/react';
import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { type LoginRequest, onLoginRequest } from '../../lib/login-events';
import { loginPath } from '../../../domain/identity-rules';
import { loadOnce } from '../../lib/load-once';
import { blockPopups } from '../../lib/modal-flags';
import { useVisitorData } from '../../lib/visitor-data';
import { Modal } from '../modal';
import type { LoginForm as LoginFormComponent } from './login-form';

// NOTE: the form (and zod with it) loads on the first opening, not with every page. The modal opens once
// it is there (no Suspense fallback: focus must land in the form, and React's fallback timers would stall
// under a paused test clock).
const loadLoginForm = loadOnce(() => import('./login-form'));

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
  const { i18n } = useLingui();
  const brandName = useVisitorData().site.brand.name;
  const [request, setRequestNow] = useState<LoginRequest | null>(null);
  const [LoginForm, setLoginForm] = useState<ComponentType<Parameters<typeof LoginFormComponent>[0]> | null>(null);

  const setRequest = useCallback(
    (next: LoginRequest) => {
      loadLoginForm()
        .then((m) => {
          setLoginForm(() => m.LoginForm);
          setRequestNow({ ...next });
        })
        .catch(() => {
          // The form could not load (offline, a new release): the login page does the same job.
          window.location.assign(loginPath(next.redirectingURL ?? `${location.pathname}${location.search}`, brandName));
        });
    },
    [brandName],
  );

  useEffect(() => onLoginRequest((next) => setRequest(next)), [setRequest]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!isPlainClick(event)) return;
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
  }, [setRequest]);

  // While open the preference modal and email capture are blocked; on hide the flags are restored.
  const open = request !== null;
  useEffect(() => (open ? blockPopups() : undefined), [open]);

  const hide = useCallback(() => {
    setRequestNow(null);
    window.dispatchEvent(new Event(LOGIN_MODAL_HIDDEN_EVENT));
  }, []);

  if (!request || !LoginForm) return null;
  return (
    <Modal labelledBy="login-modal-title" onClose={hide} closeOnBackdrop className="login-modal">
      <div className="login-modal__head">
        <h2 id="login-modal-title">{i18n._('Log in')}</h2>
        <button type="button" className="login-modal__close" aria-label={i18n._('Close')} onClick={hide}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {/* The prompt is English (favouriteLoginPrompt, a link's data-login-prompt). */}
      {request.prompt ? <p className="login-modal__prompt">{i18n._(request.prompt)}</p> : null}
      {/* Unmounted on hide, so alerts go and fields are cleared for the next opening. */}
      <LoginForm origin={request.origin} redirectingURL={request.redirectingURL} onSuccess={hide} />
      <p className="login-modal__register">
        {i18n._('New here?')} <a href="/registration">{i18n._('Create an account')}</a>
      </p>
    </Modal>
  );
}
