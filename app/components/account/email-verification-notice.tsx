import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { accountClient } from '../../lib/account-client';

/**
 * Says that the account's email address is not confirmed yet (guest orders placed with it show once it is), with a
 * control that sends the link again (the server budgets it per account and address).
 */
export function EmailVerificationNotice({ email }: { email: string }) {
  const { i18n } = useLingui();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<{ ok: boolean; message: string } | null>(null);

  const resend = async () => {
    setBusy(true);
    const result = await accountClient.resendVerification();
    setBusy(false);
    setReply(result.ok ? { ok: true, message: result.response.message } : { ok: false, message: result.message });
  };

  return (
    <section className="account-card account-verify" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{i18n._('Please confirm your email address')}</h2>
      <p>
        {i18n._(
          'We sent a link to {email}. Once you open it, orders you placed as a guest with this address show in your account.',
          { email },
        )}
      </p>
      <button
        type="button"
        className="button button--secondary"
        onClick={resend}
        disabled={busy}
        aria-describedby={`${id}-status`}
      >
        {i18n._('Send the link again')}
      </button>
      <p id={`${id}-status`} role="status" className={reply && !reply.ok ? 'field-error' : undefined}>
        {reply ? i18n._(reply.message) : ''}
      </p>
    </section>
  );
}
