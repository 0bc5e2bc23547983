import type { Logger } from 'pino';
import type { RequestContext } from '../services/request-context';

export interface AppEnv {
  Variables: {
    ctx: RequestContext;
    log: Logger;
    requestId: string;
  };
}
