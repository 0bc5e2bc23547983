import { useLingui } from '@lingui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { ACCOUNT_EMAIL_MESSAGES, LOGIN_MESSAGES } from '../../domain/identity-rules';
import { authClient } from '../lib/auth-client';
import { LoginSchema } from '../../domain/identity-schemas';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/forgot-password';
import { WarningAlert } from '../components/account/alerts';
import { FORGOTTEN_PASSWORD_EMAIL_KEY } from '../components/account/login-form';
import { Field } from '../components/forms';

export const handle = { pageType: 'customer_service' };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaI18n(matches)._('Forgot your password?') },
  { name: 'robots', content: 'noindex' },
];

/**
 * Emails a link to choose a new password (POST /api/authentication/forgot-password), with the email prefilled from
 * the login form (SPEC §4 forgot-password link). It never says whether an account exists for the address.
 */
export default function ForgotPassword() {
  const { i18n } = useLingui();
  const [email, setEmail] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Prefill from the login form's forgot-password link.
  useEffect(() => {
    try {
      const stored = window.localStorage.getItem(FORGOTTEN_PASSWORD_EMAIL_KEY);
      if (stored) setEmail(stored);
    } catch {
      // Storage switched off: start empty.
    }
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = LoginSchema.shape.email.safeParse(email);
    if (!parsed.success) {
      setWarning(LOGIN_MESSAGES.email);
      setSent(null);
      document.getElementById('forgot-email')?.focus();
      return;
    }
    setWarning(null);
    setBusy(true);
    const result = await authClient.forgotPassword(parsed.data);
    setBusy(false);
    if (result.ok) setSent(ACCOUNT_EMAIL_MESSAGES.resetSent);
    else {
      setSent(null);
      setWarning(result.message);
    }
  };

  return (
    <section className="account-page">
      <h1>{i18n._('Forgot your password?')}</h1>
      <p>{i18n._('Enter the email address of your account and we will tell you how to reset your password.')}</p>
      <form noValidate onSubmit={submit}>
        <WarningAlert id="forgot-warning" messages={warning ? [i18n._(warning)] : []} />
        <Field
          label={i18n._('Email address')}
          inputProps={{
            id: 'forgot-email',
            name: 'email',
            type: 'email',
            autoComplete: 'email',
            value: email,
            onChange: (event) => setEmail(event.target.value.replace(/\s+/g, '')),
          }}
          invalid={Boolean(warning)}
          describedBy={[warning && 'forgot-warning']}
        />
        <button type="submit" className="button" disabled={busy}>
          {i18n._('Reset my password')}
        </button>
      </form>
      <p role="status" className="forgot-password__sent">
        {sent ? i18n._(sent) : ''}
      </p>
    </section>
  );
}
