import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of this response, for inline scripts. Only the server render has it;
 * in the browser it is '' (browsers hide nonce attributes from scripts, and hydration leaves them as the
 * server wrote them).
 */
export const NonceContext = createContext('');

export function useNonce(): string {
  return useContext(NonceContext);
}
