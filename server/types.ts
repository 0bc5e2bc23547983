import type { Logger } from 'pino';
import type { StaffMember } from '../domain/staff';
import type { RequestContext } from '../services/platform/request-context';

export interface AppEnv {
  Variables: {
    ctx: RequestContext;
    log: Logger;
    requestId: string;
    /** This response's Content-Security-Policy nonce (server/content-security.ts). */
    cspNonce: string;
    /**
     * A page from the page cache (server/page-cache.ts): its inline scripts' sha256 sources, which the policy
     * allows instead of the nonce (a stored page cannot carry a fresh one).
     */
    cspScriptHashes?: string[];
    /** The page is rendered for every Prospect of its page-cache key (RequestContext.sharedRender). */
    sharedRender?: boolean;
    /** The signed-in staff member of a console request (server/pipeline/console.ts); absent when signed out. */
    staff?: StaffMember;
    /** The route id of the page that answered (server/pipeline/request-metrics.ts), for the metrics and traces. */
    pageRoute?: string;
  };
}
