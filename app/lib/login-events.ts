// One way for any control (favourite buttons, login links) to ask for the login modal, without
// importing it: the modal listens for this event (SPEC §4 login modal, §6 favourites).

export const LOGIN_REQUEST_EVENT = 'storefront:login-request';

export interface LoginRequest {
  /** A prompt shown above the form, e.g. 'Log in to Favourite this wine'. */
  prompt?: string;
  /** 'favourites': after login go to the favourites section of the account lists page. */
  origin?: 'favourites' | 'link';
  /** Where to go after login instead of reloading. */
  redirectingURL?: string;
}

export function requestLogin(request: LoginRequest = {}): void {
  window.dispatchEvent(new CustomEvent<LoginRequest>(LOGIN_REQUEST_EVENT, { detail: request }));
}

export function onLoginRequest(handler: (request: LoginRequest) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<LoginRequest>).detail ?? {});
  window.addEventListener(LOGIN_REQUEST_EVENT, listener);
  return () => window.removeEventListener(LOGIN_REQUEST_EVENT, listener);
}
