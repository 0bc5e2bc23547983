import { Trans } from '@lingui/react';
import { lazy, Suspense, useState } from 'react';
import { SUBSCRIBE_AND_SAVE_MAX_DECLINES, SUBSCRIBE_AND_SAVE_MIN_QUANTITY } from '../../../domain/plans';
import { declinesThisSession, type SubscribeAndSaveOffer } from './subscribe-and-save-declines';

export type { SubscribeAndSaveOffer } from './subscribe-and-save-declines';

const SubscribeAndSaveModal = lazy(() =>
  import('./subscribe-and-save-modal').then((m) => ({ default: m.SubscribeAndSaveModal })),
);

/** The product page's Subscribe and Save banner (SPEC §2, §4: when the product matches a plan mapping). */
export function SubscribeAndSaveBanner() {
  return (
    <p className="ss-banner" data-testid="ss-banner">
      <Trans
        id="<0>Subscribe and Save:</0> $30 off when you choose 6 or more bottles and have them delivered regularly."
        components={{ 0: <strong /> }}
      />
    </p>
  );
}

/**
 * The buy box's gate: with 6 or more bottles of a qualifying wine, Add to cart offers Subscribe and Save first,
 * until the shopper has declined it 3 times this session.
 */
export function useSubscribeAndSaveGate(
  offer: SubscribeAndSaveOffer | null,
  bottles: number,
  pack: { itemCode: string; quantity: number },
) {
  const [open, setOpen] = useState(false);
  const intercept = () => {
    if (!offer || bottles < SUBSCRIBE_AND_SAVE_MIN_QUANTITY) return false;
    if (declinesThisSession() >= SUBSCRIBE_AND_SAVE_MAX_DECLINES) return false;
    setOpen(true);
    return true;
  };
  const modal =
    open && offer ? (
      <Suspense fallback={null}>
        <SubscribeAndSaveModal offer={offer} pack={pack} onClose={() => setOpen(false)} />
      </Suspense>
    ) : null;
  return { intercept, modal };
}
