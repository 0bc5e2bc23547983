import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { AGE_COOKIE_MAX_AGE_SECONDS, AGE_COOKIE_NAME } from '../../domain/age-gate';
import { setSiteCookie } from '../lib/cookies';
import type { PublicSite } from '../lib/site';
import { Modal } from './modal';

/** SPEC §4: shown until the visitor confirms their age; confirming sets a cookie for 7 days. */
export function AgeGate({
  site,
  legalAge,
  onConfirm,
}: {
  site: PublicSite;
  legalAge: number;
  /** Called once the visitor confirms (the page stays: what waited for the confirmation starts). */
  onConfirm?: () => void;
}) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(true);
  const [refused, setRefused] = useState(false);
  if (!open) return null;

  const confirm = () => {
    setSiteCookie(AGE_COOKIE_NAME, '1', AGE_COOKIE_MAX_AGE_SECONDS);
    setOpen(false);
    onConfirm?.();
  };

  return (
    <Modal labelledBy="age-gate-title" describedBy="age-gate-text" className="age-gate">
      <h2 id="age-gate-title">{i18n._('Welcome to {brand}', { brand: site.brand.name })}</h2>
      {refused ? (
        <p id="age-gate-text" role="alert">
          {i18n._('Sorry, you must be {age} or over to visit this site.', { age: legalAge })}
        </p>
      ) : (
        <p id="age-gate-text">
          {i18n._('You must be of legal drinking age to enter. Are you {age} or over?', { age: legalAge })}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="button" onClick={confirm} data-autofocus>
          {i18n._('Yes, I am {age} or over', { age: legalAge })}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setRefused(true)}>
          {i18n._('No')}
        </button>
      </div>
    </Modal>
  );
}
