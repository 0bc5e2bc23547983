import type { Logger } from 'pino';
import type { RequestContext } from '../services/request-context';

export interface AppEnv {
  Variables: {
    ctx: RequestContext;
    log: Logger;
    requestId: string;
    /** This response's Content-Security-Policy nonce (server/content-security.ts). */
    cspNonce: string;
  };
}
