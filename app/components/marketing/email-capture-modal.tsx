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
  const [done, setDone] = useState<string | null>(null);
  if (done)
    return (
      <Modal labelledBy="email-followup-title" onClose={onClose} className="email-capture email-capture--followup">
        <h2 id="email-followup-title">{site.chinese ? '歡迎加入' : 'Welcome to the list'}</h2>
        <p role="status">{done}</p>
        <button type="button" className="button" onClick={onClose} data-autofocus>
          {site.chinese ? '繼續選購' : 'Start shopping'}
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
      <h2 id="email-capture-title">{site.chinese ? '訂閱電子報' : 'Be first to hear about our offers'}</h2>
      <p id="email-capture-text">
        {site.chinese
          ? '新酒、優惠與活動消息，第一時間送到你的信箱。'
          : `New releases, tastings and offers from ${site.brand.name}, straight to your inbox.`}
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
        {site.chinese ? '不用了，謝謝' : 'No thanks'}
      </button>
    </Modal>
  );
}
