import { useLingui } from '@lingui/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { LOGIN_MESSAGES, normaliseEmail } from '../../../domain/identity-rules';
import { LoginSchema } from '../../../domain/identity-schemas';
import type { PageData } from '../../../domain/page-types';
import { safeRedirectTarget } from '../../../domain/safe-redirect';
import { track } from '../../lib/analytics';
import { authClient } from '../../lib/auth-client';
import { useDebounce } from '../../lib/use-debounce';
import { pageFillNow } from '../../lib/page-fill';
import { useVisitorData } from '../../lib/visitor-data';
import { Field } from '../forms';
import { DangerAlert, WarningAlert } from './alerts';

/** SPEC §9: the login request is sent 2000 ms after submit. */
export const LOGIN_SUBMIT_DELAY_MS = 2_000;
/** localStorage key under which the forgot-password link keeps the typed email for the reset form. */
export const FORGOTTEN_PASSWORD_EMAIL_KEY = 'forgottenPasswordEmail';
/** SPEC §2: after a login started from Favorites. */
export const FAVOURITES_AFTER_LOGIN_PATH = '/jsp/account/common/account_lists.jsp#/favorites';

export interface LoginFormProps {
  /** 'favourites' when the login was started from a Favorites link. */
  origin?: 'favourites' | 'link';
  /** Where to go after login; defaults to the page's redirectingURL query parameter. */
  redirectingURL?: string;
  /** Called once the login succeeded, before navigating (the modal hides). */
  onSuccess?: () => void;
  /** A failure to show from the start (the login page after a form post without script). */
  initialFailure?: string | null;
}

function currentPageType(): string | undefined {
  return (window as unknown as { pageData?: PageData }).pageData?.pageType;
}

/** SPEC §4: where a successful login goes. A full navigation, so every part of the page sees the new visitor. */
function navigateAfterLogin(origin: LoginFormProps['origin'], country: string, redirectingURL: string | undefined) {
  if (origin === 'favourites') {
    window.location.assign(FAVOURITES_AFTER_LOGIN_PATH);
    return;
  }
  if (currentPageType() === 'registration' && (country === 'au' || country === 'nz')) {
    window.location.assign('/');
    return;
  }
  const requested = redirectingURL ?? new URLSearchParams(window.location.search).get('redirectingURL');
  const target = safeRedirectTarget(requested, window.location.origin);
  if (target) window.location.assign(target);
  else window.location.reload();
}

/** Spaces cannot be typed in the email field (SPEC §5); pasted ones are stripped. */
function withoutSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}

export function LoginForm({ origin, redirectingURL, onSuccess, initialFailure = null }: LoginFormProps) {
  const { i18n } = useLingui();
  const { visitor, site } = useVisitorData();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [warnings, setWarnings] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(initialFailure);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const progressRef = useRef<HTMLParagraphElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const sentOnce = useRef(false);
  // The submit button is swapped for the progress note and back: keep keyboard focus on whichever shows.
  useEffect(() => {
    if (busy) {
      sentOnce.current = true;
      progressRef.current?.focus();
    } else if (sentOnce.current) submitRef.current?.focus();
  }, [busy]);

  const fail = (message: string) => {
    setBusy(false);
    setFailure(message);
    track({ event: 'gaEvent', eventCategory: 'Login', eventAction: 'Login Error', eventLabel: message });
  };

  const send = async (input: { email: string; password: string }) => {
    // SPEC §4: a Soft Logged-In visitor, or one known by another email, is logged out first.
    // A shared page's visitor is in its fill (app/lib/page-fill.ts), not in the root's data.
    const known = visitor.email || pageFillNow()?.email || '';
    const other = known !== '' && normaliseEmail(known) !== normaliseEmail(input.email);
    if (visitor.tier === 'Soft Logged-In' || other) {
      const out = await authClient.logout();
      if (!out.ok) return fail(out.message);
    }
    const result = await authClient.login(input);
    if (!result.ok) return fail(result.message);
    onSuccess?.();
    navigateAfterLogin(origin, site.country, redirectingURL);
  };

  // SPEC §9: the request goes after a pause; leaving the page drops it.
  const sendLater = useDebounce(
    (input: { email: string; password: string }) => void send(input),
    LOGIN_SUBMIT_DELAY_MS,
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const parsed = LoginSchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: { email?: string; password?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'password' ? 'password' : 'email';
        next[field] ??= field === 'email' ? LOGIN_MESSAGES.email : issue.message;
      }
      setWarnings(next);
      (next.email ? emailRef.current : document.getElementById(`${id}-password`))?.focus();
      return;
    }
    setWarnings({});
    setBusy(true);
    sendLater(parsed.data);
  };

  const rememberEmail = () => {
    try {
      window.localStorage.setItem(FORGOTTEN_PASSWORD_EMAIL_KEY, email);
    } catch {
      // Storage can be switched off; the reset form then starts empty.
    }
  };

  const warningList = [warnings.email, warnings.password].filter((m): m is string => Boolean(m));
  return (
    // NOTE: without script the form posts to /login (server/api/authentication.ts loginFormRoute).
    <form className="login-form" method="post" action="/login" noValidate onSubmit={submit} aria-busy={busy}>
      {redirectingURL ? <input type="hidden" name="redirectingURL" value={redirectingURL} /> : null}
      <WarningAlert id={`${id}-warning`} messages={warningList} />
      <DangerAlert id={`${id}-danger`} message={failure} />
      <Field
        label={i18n._('Email address')}
        inputProps={{
          ref: emailRef,
          id: `${id}-email`,
          name: 'email',
          type: 'email',
          inputMode: 'email',
          autoComplete: 'email',
          spellCheck: false,
          value: email,
          'data-autofocus': true,
          onKeyDown: (event) => {
            if (event.key === ' ') event.preventDefault();
          },
          onChange: (event) => setEmail(withoutSpaces(event.target.value)),
        }}
        invalid={Boolean(warnings.email)}
        describedBy={[warnings.email && `${id}-warning`]}
      />
      <Field
        label={i18n._('Password')}
        inputProps={{
          id: `${id}-password`,
          name: 'password',
          type: 'password',
          autoComplete: 'current-password',
          value: password,
          onChange: (event) => setPassword(event.target.value),
        }}
        invalid={Boolean(warnings.password)}
        describedBy={[warnings.password && `${id}-warning`]}
      />
      <p className="login-form__forgot">
        <a href="/forgot-password" onClick={rememberEmail}>
          {i18n._('Forgot your password?')}
        </a>
      </p>
      {busy ? (
        <p ref={progressRef} tabIndex={-1} className="login-form__progress" role="status">
          <span className="spinner" aria-hidden="true" /> {i18n._('Logging you in…')}
        </p>
      ) : (
        <button ref={submitRef} type="submit" className="button login-form__submit">
          {i18n._('Log in')}
        </button>
      )}
    </form>
  );
}
