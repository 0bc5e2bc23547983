import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../domain/account-rules';
import { accountClient } from '../../lib/account-client';
import { CheckboxField, ErrorList } from '../forms';

/** SPEC §7 PUT /api/user/preferences/contact: the email opt-in, saved as soon as it is toggled. */
export function EmailOptInForm({ initial }: { initial: boolean }) {
  const { i18n } = useLingui();
  const id = useId();
  const [checked, setChecked] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');

  const onChange = async (next: boolean) => {
    setChecked(next);
    setBusy(true);
    setStatus('');
    setError('');
    const result = await accountClient.setEmailOptIn(next);
    setBusy(false);
    if (result.ok) {
      setChecked(result.response.emailOptIn);
      setStatus(i18n._(result.response.emailOptIn ? ACCOUNT_MESSAGES.optedIn : ACCOUNT_MESSAGES.optedOut));
    } else {
      // Nothing changed on the server: show the box as it was.
      setChecked(!next);
      setError(i18n._(result.message));
    }
  };

  return (
    <form className="account-form" onSubmit={(e) => e.preventDefault()} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{i18n._('Email settings')}</h2>
      <CheckboxField
        label={i18n._('Email me offers, new releases and tasting notes')}
        inputProps={{
          id: `${id}-optin`,
          checked,
          disabled: busy,
          onChange: (e) => void onChange(e.currentTarget.checked),
        }}
      />
      <p role="status" className="form-status">
        {status}
      </p>
      <ErrorList errors={error} />
    </form>
  );
}
