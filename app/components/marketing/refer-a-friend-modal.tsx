import { useEffect, useId, useState } from 'react';
import { messageOf, requestApi, succeeded } from '../../lib/api-request';
import { Modal } from '../modal';

interface Referral {
  code: string;
  link: string;
  offerText: string;
}

const FAILED = 'Something went wrong. Please try again later.';

/** The personal link, with a copy button and the device's share sheet where there is one. */
export function ReferAFriendModal({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [referral, setReferral] = useState<Referral | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  useEffect(() => {
    let live = true;
    void requestApi<Referral>('GET', '/api/user/referral').then((reply) => {
      if (!live) return;
      if (succeeded(reply)) setReferral(reply.body.response);
      else setError(messageOf(reply) ?? FAILED);
    });
    return () => {
      live = false;
    };
  }, []);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    if (!referral) return;
    try {
      await navigator.clipboard.writeText(referral.link);
      setStatus('Link copied.');
    } catch {
      setStatus('Select the link and copy it.');
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
      <h2 id={`${id}-title`}>Refer a friend</h2>
      {referral ? (
        <>
          <p id={`${id}-text`}>Your friends get {referral.offerText} on their first order. Share your link:</p>
          <label htmlFor={`${id}-link`}>Your link</label>
          <input id={`${id}-link`} readOnly value={referral.link} onFocus={(e) => e.currentTarget.select()} />
          <p className="refer-modal__actions">
            <button type="button" className="button" onClick={() => void copy()}>
              Copy link
            </button>
            {canShare ? (
              <button
                type="button"
                className="button button--ghost"
                onClick={() =>
                  void navigator.share({ title: 'A wine offer for you', url: referral.link }).catch(() => {})
                }
              >
                Share
              </button>
            ) : null}
          </p>
          <p role="status">{status}</p>
        </>
      ) : (
        <p id={`${id}-text`} role={error ? 'alert' : 'status'}>
          {error || 'Getting your link…'}
        </p>
      )}
      <button type="button" className="modal__close" onClick={onClose}>
        Close
      </button>
    </Modal>
  );
}
