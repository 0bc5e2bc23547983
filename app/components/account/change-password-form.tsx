import { useLingui } from '@lingui/react';
import { useId, useRef, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../domain/account-rules';
import { CURRENT_PASSWORD_WRONG } from '../../../domain/identity-rules';
import { ChangePasswordSchema } from '../../../domain/identity-schemas';
import { accountClient } from '../../lib/account-client';
import { ErrorList, Field } from '../forms';

/** Password change (PUT /api/user/password), checked with the same zod schema as the API. */
export function ChangePasswordForm() {
  const { i18n } = useLingui();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<{ field: 'current' | 'new' | null; message: string } | null>(null);
  const currentRef = useRef<HTMLInputElement>(null);
  const newRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const input = {
      currentPassword: String(data.get('currentPassword') ?? ''),
      newPassword: String(data.get('newPassword') ?? ''),
    };
    setStatus('');
    const parsed = ChangePasswordSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] === 'currentPassword' ? 'current' : 'new';
      setError({ field, message: i18n._(issue?.message ?? '') });
      (field === 'current' ? currentRef : newRef).current?.focus();
      return;
    }
    setBusy(true);
    const result = await accountClient.changePassword(parsed.data.currentPassword, parsed.data.newPassword);
    setBusy(false);
    if (result.ok) {
      setError(null);
      form.reset();
      setStatus(i18n._(ACCOUNT_MESSAGES.passwordChanged));
    } else {
      // The refusal's code, not its text, says which field it is about; any other 400 is the new password's.
      const field = result.code === CURRENT_PASSWORD_WRONG ? 'current' : result.status === 400 ? 'new' : null;
      setError({ field, message: i18n._(result.message) });
      if (field) (field === 'current' ? currentRef : newRef).current?.focus();
    }
  };

  const errorId = `${id}-error`;
  // The two inputs differ only in these; the new one is also described by the password rule.
  const passwordFields = [
    {
      field: 'current',
      label: i18n._('Current password'),
      ref: currentRef,
      name: 'currentPassword',
      autoComplete: 'current-password',
      help: null,
    },
    {
      field: 'new',
      label: i18n._('New password'),
      ref: newRef,
      name: 'newPassword',
      autoComplete: 'new-password',
      help: `${id}-rule`,
    },
  ] as const;
  return (
    <form className="account-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{i18n._('Change your password')}</h2>
      <p id={`${id}-rule`} className="help">
        {i18n._('Use 8-16 characters with at least one number, one lowercase and one uppercase letter.')}
      </p>
      {passwordFields.map((f) => (
        <Field
          key={f.field}
          label={f.label}
          inputProps={{
            ref: f.ref,
            id: `${id}-${f.field}`,
            name: f.name,
            type: 'password',
            autoComplete: f.autoComplete,
            required: true,
          }}
          invalid={error?.field === f.field}
          describedBy={[error?.field === f.field && errorId, f.help]}
        />
      ))}
      <ErrorList id={errorId} errors={error?.message} />
      <p role="status" className="form-status">
        {status}
      </p>
      <button className="button" type="submit" disabled={busy}>
        {busy ? i18n._('Changing password…') : i18n._('Change password')}
      </button>
    </form>
  );
}
