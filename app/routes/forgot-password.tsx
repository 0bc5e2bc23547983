import { Trans, useLingui } from '@lingui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { LOGIN_MESSAGES } from '../../domain/identity-rules';
import { LoginSchema } from '../../domain/identity-schemas';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/forgot-password';
import { WarningAlert } from '../components/account/alerts';
import { FORGOTTEN_PASSWORD_EMAIL_KEY } from '../components/account/login-form';
import { Field } from '../components/forms';
import { useRootData } from '../root';

export const handle = { pageType: 'customer_service' };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaI18n(matches)._('Forgot your password?') },
  { name: 'robots', content: 'noindex' },
];

/**
 * NOTE: there is no mail service yet, so no reset link can be emailed. The page says so plainly and sends the
 * shopper to customer service, with the email prefilled from the login form (SPEC §4 forgot-password link).
 * It never says whether an account exists for the address.
 */
export default function ForgotPassword() {
  const { i18n } = useLingui();
  const { site } = useRootData();
  const [email, setEmail] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  // Prefill from the login form's forgot-password link.
  useEffect(() => {
    try {
      const stored = window.localStorage.getItem(FORGOTTEN_PASSWORD_EMAIL_KEY);
      if (stored) setEmail(stored);
    } catch {
      // Storage switched off: start empty.
    }
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = LoginSchema.shape.email.safeParse(email);
    if (!parsed.success) {
      setWarning(LOGIN_MESSAGES.email);
      setSentTo(null);
      document.getElementById('forgot-email')?.focus();
      return;
    }
    setWarning(null);
    setSentTo(parsed.data);
  };

  return (
    <section className="account-page">
      <h1>{i18n._('Forgot your password?')}</h1>
      <p>{i18n._('Enter the email address of your account and we will tell you how to reset your password.')}</p>
      <form noValidate onSubmit={submit}>
        <WarningAlert id="forgot-warning" messages={warning ? [warning] : []} />
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
        <button type="submit" className="button">
          {i18n._('Reset my password')}
        </button>
      </form>
      <p role="status" className="forgot-password__sent">
        {sentTo ? (
          <Trans
            id="We cannot email reset links yet. Please call us on <0>{phone}</0> and we will reset the password for {email} with you."
            values={{ phone: site.supportPhone, email: sentTo }}
            components={{ 0: <a href={`tel:${site.supportPhone.replace(/[^+\d]/g, '')}`}>{site.supportPhone}</a> }}
          />
        ) : (
          ''
        )}
      </p>
    </section>
  );
}
