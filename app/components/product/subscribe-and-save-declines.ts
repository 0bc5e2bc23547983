/** The Subscribe and Save offer's session state, shared by the product page gate and the lazy modal. */

/** SPEC §4/§9: declines are counted per session. */
export const SS_DECLINES_KEY = 'subscribeAndSaveDeclines';

export interface SubscribeAndSaveOffer {
  bumpCode: string;
  rule: string;
  type: string;
}

export function declinesThisSession(): number {
  try {
    return Number(sessionStorage.getItem(SS_DECLINES_KEY)) || 0;
  } catch {
    return 0;
  }
}

export function recordDecline(): void {
  try {
    sessionStorage.setItem(SS_DECLINES_KEY, String(declinesThisSession() + 1));
  } catch {
    // Storage off: the offer may come back; nothing else depends on it.
  }
}
