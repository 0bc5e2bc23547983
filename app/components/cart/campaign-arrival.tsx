import { type ComponentType, useEffect, useState } from 'react';
import { hasCampaignParams } from './campaign-params';

/**
 * The campaign prefill (./campaign-prefill.tsx: its cart request, modal and texts) loads only for a visitor who
 * arrives with a campaign or voucher parameter in the URL, not with every page. Only the URL of arrival
 * counts: later navigations never add again.
 */
export function CampaignArrival() {
  const [Prefill, setPrefill] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!hasCampaignParams(new URLSearchParams(window.location.search))) return;
    let live = true;
    import('./campaign-prefill').then(
      (m) => {
        if (live) setPrefill(() => m.CampaignPrefill);
      },
      // NOTE: the page works without it (the items can be added by hand); a new release's chunk may be gone.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return Prefill ? <Prefill /> : null;
}
