import { useEffect } from 'react';
import { installClickTracking } from '../lib/ecommerce';

/** SPEC §1 click tracking: one delegated listener for the whole page (data-track-* and product tiles). */
export function ClickTracking({ currency }: { currency: string }) {
  useEffect(() => installClickTracking(currency), [currency]);
  return null;
}
