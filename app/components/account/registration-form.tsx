import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { type FormEvent, useId, useState } from 'react';
import { RegistrationSchema } from '../../../domain/identity-schemas';
import { authClient } from '../../lib/auth-client';
import { Field } from '../forms';
import { DangerAlert, WarningAlert } from './alerts';

/** Where a new customer goes once the account exists (registration logs them in). */
export const AFTER_REGISTRATION_PATH = '/account';

type FieldName = 'firstName' | 'lastName' | 'email' | 'password';
const FIELDS: { name: FieldName; label: MessageDescriptor; type: string; autoComplete: string }[] = [
  { name: 'firstName', label: /*i18n*/ { id: 'First name' }, type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: /*i18n*/ { id: 'Last name' }, type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: /*i18n*/ { id: 'Email address' }, type: 'email', autoComplete: 'email' },
  { name: 'password', label: /*i18n*/ { id: 'Password' }, type: 'password', autoComplete: 'new-password' },
];

/**
 * The name messages of RegistrationSchema (built by nameRequiredMessage and the length rule), shown through
 * `i18n._` like the schema's other messages, so each must be in the catalogues (tests/api/i18n-account.test.ts
 * checks this list against the schema).
 */
export const REGISTRATION_NAME_MESSAGES = [
  /*i18n*/ { id: 'Please enter your first name.' },
  /*i18n*/ { id: 'Please enter your last name.' },
  /*i18n*/ { id: 'Your first name can be at most 60 characters.' },
  /*i18n*/ { id: 'Your last name can be at most 60 characters.' },
];

/** 'Create an account' (and the registration password page's 'Create your password'): SPEC §5 password rule applies. */
export function RegistrationForm({
  submitLabel,
  action,
  initialFailure = null,
}: {
  submitLabel: string;
  /** The page's own path: without script the form posts there (server/api/authentication.ts formRoutes). */
  action: string;
  /** A failure to show from the start (the page after a form post without script). */
  initialFailure?: string | null;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const [values, setValues] = useState<Record<FieldName, string>>({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
  });
  const [warnings, setWarnings] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(initialFailure);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const parsed = RegistrationSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as FieldName] ??= issue.message;
      setWarnings(next);
      const first = FIELDS.find((f) => next[f.name]);
      if (first) document.getElementById(`${id}-${first.name}`)?.focus();
      return;
    }
    setWarnings({});
    setBusy(true);
    const result = await authClient.register(parsed.data);
    if (result.ok) {
      window.location.assign(AFTER_REGISTRATION_PATH);
      return;
    }
    setBusy(false);
    setFailure(result.message);
  };

  const messages = FIELDS.map((f) => warnings[f.name]).filter((m): m is string => Boolean(m));
  return (
    <form
      className="registration-form"
      method="post"
      action={action}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={busy}
    >
      <WarningAlert id={`${id}-warning`} messages={messages} />
      <DangerAlert message={failure} />
      {FIELDS.map((field) => (
        <Field
          key={field.name}
          label={i18n._(field.label)}
          inputProps={{
            id: `${id}-${field.name}`,
            name: field.name,
            type: field.type,
            autoComplete: field.autoComplete,
            value: values[field.name],
            onKeyDown: (event) => {
              if (field.name === 'email' && event.key === ' ') event.preventDefault();
            },
            onChange: (event) => {
              const value = field.name === 'email' ? event.target.value.replace(/\s+/g, '') : event.target.value;
              setValues((current) => ({ ...current, [field.name]: value }));
            },
          }}
          invalid={Boolean(warnings[field.name])}
          describedBy={[warnings[field.name] && `${id}-warning`, field.name === 'password' && `${id}-password-help`]}
        >
          {field.name === 'password' ? (
            <p id={`${id}-password-help`} className="help">
              {i18n._('8-16 characters with at least one number, one lowercase and one uppercase letter.')}
            </p>
          ) : null}
        </Field>
      ))}
      <button type="submit" className="button" disabled={busy}>
        {busy ? i18n._('Creating your account…') : submitLabel}
      </button>
    </form>
  );
}
