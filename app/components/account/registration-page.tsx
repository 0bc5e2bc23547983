import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { formErrorMessage, REGISTRATION_FORM_ERRORS } from '../../../domain/identity-form-errors';
import { LoginForm } from './login-form';
import { RegistrationForm } from './registration-form';

/** ?error={code}: the registration form was posted without script and came back (SPEC §5 messages). */
export function registrationFailure(request: Request): string | null {
  return formErrorMessage(REGISTRATION_FORM_ERRORS, new URL(request.url).searchParams.get('error'));
}

/** The registration pages (/registration and the registration password page): create an account, or log in. */
export function RegistrationPage({
  title,
  intro,
  submitLabel,
  action,
  failure,
}: {
  title: string;
  intro?: ReactNode;
  submitLabel: string;
  /** The page's own path, where the form posts without script. */
  action: string;
  failure: string | null;
}) {
  const { i18n } = useLingui();
  return (
    <div className="registration-page">
      <section aria-labelledby="registration-title">
        <h1 id="registration-title">{title}</h1>
        {intro}
        <RegistrationForm submitLabel={submitLabel} action={action} initialFailure={failure} />
      </section>
      <section aria-labelledby="registration-login-title">
        <h2 id="registration-login-title">{i18n._('Already have an account?')}</h2>
        <LoginForm />
      </section>
    </div>
  );
}
