import type { Db } from '../db/client';
import type { Clock } from '../domain/clock';
import type { Site } from '../domain/sites';
import type { ReadCache } from './read-cache';

/** What every loader and handler receives about the request it serves. */
export interface RequestContext {
  db: Db;
  clock: Clock;
  site: Site;
  isTestHost: boolean;
  requestId: string;
  /** Scheme and host the visitor used, e.g. http://vir-au.localhost:3000 */
  origin: string;
  cookies: Readonly<Record<string, string>>;
  /** Read-mostly catalogue data shared by every request of this process. */
  cache: ReadCache;
}
