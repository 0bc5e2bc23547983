import { useState } from 'react';
import { AGE_COOKIE_MAX_AGE_SECONDS, AGE_COOKIE_NAME } from '../../domain/age-gate';
import { setSiteCookie } from '../lib/cookies';
import type { PublicSite } from '../lib/site';
import { Modal } from './modal';

/** SPEC §4: shown until the visitor confirms their age; confirming sets a cookie for 7 days. */
export function AgeGate({ site, legalAge }: { site: PublicSite; legalAge: number }) {
  const [open, setOpen] = useState(true);
  const [refused, setRefused] = useState(false);
  if (!open) return null;

  const confirm = () => {
    setSiteCookie(AGE_COOKIE_NAME, '1', AGE_COOKIE_MAX_AGE_SECONDS);
    setOpen(false);
  };

  return (
    <Modal labelledBy="age-gate-title" describedBy="age-gate-text" className="age-gate">
      <h2 id="age-gate-title">Welcome to {site.brand.name}</h2>
      {refused ? (
        <p id="age-gate-text" role="alert">
          Sorry, you must be {legalAge} or over to visit this site.
        </p>
      ) : (
        <p id="age-gate-text">You must be of legal drinking age to enter. Are you {legalAge} or over?</p>
      )}
      <div className="modal__actions">
        <button type="button" className="button" onClick={confirm} data-autofocus>
          Yes, I am {legalAge} or over
        </button>
        <button type="button" className="button button--secondary" onClick={() => setRefused(true)}>
          No
        </button>
      </div>
    </Modal>
  );
}
