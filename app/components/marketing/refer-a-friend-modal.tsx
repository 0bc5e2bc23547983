import { useLingui } from '@lingui/react';
import { useEffect, useId, useState } from 'react';
import { messageOf, requestApi, succeeded } from '../../lib/api-request';
import { Modal } from '../modal';

interface Referral {
  code: string;
  link: string;
  offerText: string;
}

/** The personal link, with a copy button and the device's share sheet where there is one. */
export function ReferAFriendModal({ onClose }: { onClose: () => void }) {
  const { i18n } = useLingui();
  const id = useId();
  const [referral, setReferral] = useState<Referral | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  useEffect(() => {
    let live = true;
    void requestApi<Referral>('GET', '/api/user/referral').then((reply) => {
      if (!live) return;
      if (succeeded(reply)) setReferral(reply.body.response);
      else {
        const message = messageOf(reply);
        setError(message ? i18n._(message) : i18n._('Something went wrong. Please try again later.'));
      }
    });
    return () => {
      live = false;
    };
  }, [i18n]);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    if (!referral) return;
    try {
      await navigator.clipboard.writeText(referral.link);
      setStatus(i18n._('Link copied.'));
    } catch {
      setStatus(i18n._('Select the link and copy it.'));
    }
  };

  return (
    <Modal
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={onClose}
      closeOnBackdrop
      className="refer-modal"
    >
      <h2 id={`${id}-title`}>{i18n._('Refer a friend')}</h2>
      {referral ? (
        <>
          <p id={`${id}-text`}>
            {i18n._('Your friends get {offer} on their first order. Share your link:', { offer: referral.offerText })}
          </p>
          <label htmlFor={`${id}-link`}>{i18n._('Your link')}</label>
          <input id={`${id}-link`} readOnly value={referral.link} onFocus={(e) => e.currentTarget.select()} />
          <p className="refer-modal__actions">
            <button type="button" className="button" onClick={() => void copy()}>
              {i18n._('Copy link')}
            </button>
            {canShare ? (
              <button
                type="button"
                className="button button--ghost"
                onClick={() =>
                  void navigator.share({ title: i18n._('A wine offer for you'), url: referral.link }).catch(() => {})
                }
              >
                {i18n._('Share')}
              </button>
            ) : null}
          </p>
          <p role="status">{status}</p>
        </>
      ) : (
        <p id={`${id}-text`} role={error ? 'alert' : 'status'}>
          {error || i18n._('Getting your link…')}
        </p>
      )}
      <button type="button" className="modal__close" onClick={onClose}>
        {i18n._('Close')}
      </button>
    </Modal>
  );
}
