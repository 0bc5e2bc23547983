import { createContext, useContext } from 'react';

/** The response's Content-Security-Policy nonce for the console's inline scripts (server render only). */
export const NonceContext = createContext('');

export function useNonce(): string {
  return useContext(NonceContext);
}
