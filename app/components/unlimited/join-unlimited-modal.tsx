import { Trans, useLingui } from '@lingui/react';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../domain/money';
import type { UnlimitedState } from '../../../services/memberships/unlimited';
import { useRootData } from '../../root';
import { Modal } from '../modal';
import { JoinUnlimitedButton } from './join-unlimited-button';

/** SPEC §2 Join Unlimited modal: the price, what it gives, and a join button that adds it to the cart. */
export function JoinUnlimitedModal({ unlimited, onClose }: { unlimited: UnlimitedState; onClose: () => void }) {
  const { i18n } = useLingui();
  const id = useId();
  const { site } = useRootData();
  return (
    <Modal
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={onClose}
      closeOnBackdrop
      className="join-unlimited-modal"
    >
      <h2 id={`${id}-title`}>{i18n._('Join Unlimited')}</h2>
      <p id={`${id}-text`}>
        <Trans
          id="Free delivery on every order for 12 months, and member prices, for <0>{price}</0>."
          values={{ price: formatMoney(unlimited.priceCents ?? 0, site) }}
          components={{ 0: <strong /> }}
        />
      </p>
      <JoinUnlimitedButton itemCode={unlimited.itemCode} onJoined={onClose} />
      <p>
        <Link to="/unlimited" onClick={onClose}>
          {i18n._('More about Unlimited')}
        </Link>
      </p>
      <button type="button" className="modal__close" onClick={onClose}>
        {i18n._('Close')}
      </button>
    </Modal>
  );
}
