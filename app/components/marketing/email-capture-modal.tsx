import { useLingui } from '@lingui/react';
import { useState } from 'react';
import type { PublicSite } from '../../lib/site';
import { Modal } from '../modal';
import { EmailSignup } from './email-signup';

/** The capture modal with the modal signup variant; a signup closes it and opens the follow-up modal. */
export function EmailCaptureModal({
  site,
  onClose,
  onSubscribed,
}: {
  site: PublicSite;
  onClose: () => void;
  onSubscribed: () => void;
}) {
  const { i18n } = useLingui();
  const [done, setDone] = useState<string | null>(null);
  if (done)
    return (
      <Modal labelledBy="email-followup-title" onClose={onClose} className="email-capture email-capture--followup">
        <h2 id="email-followup-title">{i18n._('Welcome to the list')}</h2>
        <p role="status">{done}</p>
        <button type="button" className="button" onClick={onClose} data-autofocus>
          {i18n._('Start shopping')}
        </button>
      </Modal>
    );
  return (
    <Modal
      labelledBy="email-capture-title"
      describedBy="email-capture-text"
      onClose={onClose}
      className="email-capture"
    >
      <h2 id="email-capture-title">{i18n._('Be first to hear about our offers')}</h2>
      <p id="email-capture-text">
        {i18n._('New releases, tastings and offers from {brand}, straight to your inbox.', { brand: site.brand.name })}
      </p>
      <EmailSignup
        site={site}
        variant="modal"
        onSubscribed={(message) => {
          onSubscribed();
          setDone(message);
        }}
      />
      <button type="button" className="modal__close" onClick={onClose}>
        {i18n._('No thanks')}
      </button>
    </Modal>
  );
}
