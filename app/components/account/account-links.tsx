import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { withoutTrackingParams } from '../../../domain/tracking-params';
import { loginPath } from '../../../domain/identity-rules';
import { authClient } from '../../lib/auth-client';
import { requestLogin } from '../../lib/login-events';
import { shownFirstName } from '../../lib/page-fill';
import { useVisitorData } from '../../lib/visitor-data';
import { DangerAlert } from './alerts';
import { HiddenWhenLoggedIn, HiddenWhenNotLoggedIn } from './visibility';
import { LOGIN_MODAL_HIDDEN_EVENT } from './login-modal';

/** The page the logout lands on; `?Logout` makes back navigation go home (SPEC §2). */
export const AFTER_LOGOUT_PATH = '/?Logout';

function LogoutButton() {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const logOut = async () => {
    setBusy(true);
    setError(null);
    const result = await authClient.logout();
    if (result.ok) {
      window.location.assign(AFTER_LOGOUT_PATH);
      return;
    }
    setBusy(false);
    setError(result.message);
  };
  return (
    <>
      {/* Without script the form posts to /logout (server/api/authentication.ts formRoutes). */}
      <form
        method="post"
        action="/logout"
        className="account-links__logout-form"
        onSubmit={(event) => {
          event.preventDefault();
          void logOut();
        }}
      >
        <button type="submit" className="account-links__logout" disabled={busy}>
          {i18n._('Log out')}
        </button>
      </form>
      <DangerAlert message={error} />
    </>
  );
}

/** Favorites for a visitor who is not Hard Logged-In: a popover note and the login modal (SPEC §4). */
function FavoritesLoginLink({ href }: { href: string }) {
  const { i18n } = useLingui();
  const [popover, setPopover] = useState(false);
  useEffect(() => {
    const hide = () => setPopover(false);
    window.addEventListener(LOGIN_MODAL_HIDDEN_EVENT, hide);
    return () => window.removeEventListener(LOGIN_MODAL_HIDDEN_EVENT, hide);
  }, []);
  return (
    <span className="favourites-popover-anchor">
      <a
        href={href}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          setPopover(true);
          requestLogin({ origin: 'favourites' });
        }}
      >
        {i18n._('Favorites')}
      </a>
      <span className="favourites-popover" role="status" hidden={!popover}>
        {popover ? i18n._('Log in to see your favourites') : ''}
      </span>
    </span>
  );
}

/** Header account links by visitor tier (SPEC §4, §6). */
export function AccountLinks() {
  const { i18n } = useLingui();
  const { visitor, site } = useVisitorData();
  const location = useLocation();
  const here = `${location.pathname}${withoutTrackingParams(location.search)}`;
  const loginHref = loginPath(here, site.brand.name);
  return (
    <nav aria-label={i18n._('Your account')} className="account-links">
      <ul>
        <HiddenWhenLoggedIn>
          {visitor.tier === 'Soft Logged-In' && visitor.firstName ? (
            <li className="account-links__welcome">
              {i18n._('Welcome back, {firstName}', { firstName: shownFirstName(visitor.firstName) })}
            </li>
          ) : null}
          <li>
            <a href={loginHref} data-login-link="">
              {i18n._('Log in')}
            </a>
          </li>
          <li>
            <FavoritesLoginLink href={loginPath('/account/favourites', site.brand.name)} />
          </li>
        </HiddenWhenLoggedIn>
        <HiddenWhenNotLoggedIn>
          <li>
            <a href="/account">{i18n._('My account')}</a>
          </li>
          <li>
            <a href="/account/favourites">{i18n._('Favorites')}</a>
          </li>
          <li>
            <LogoutButton />
          </li>
        </HiddenWhenNotLoggedIn>
      </ul>
    </nav>
  );
}
