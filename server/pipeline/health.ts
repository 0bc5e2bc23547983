import { Hono } from 'hono';
import type { Database } from '../../db/client';
import { countDeadJobs } from '../../services/outbox';
import type { AppEnv } from '../types';

/** `/healthz` while the process is up; `/readyz` when the database answers, with the outbox's dead jobs. */
export function healthRoutes(database: Database) {
  const routes = new Hono<AppEnv>();
  routes.get('/healthz', (c) => c.json({ status: 'ok' }));
  routes.get('/readyz', async (c) => {
    try {
      await database.ping();
      // Jobs the outbox gave up on (emails, list calls): an operator's signal, not a reason to stop serving.
      return c.json({ status: 'ready', database: database.kind, outbox: { dead: await countDeadJobs(database.db) } });
    } catch {
      return c.json({ status: 'unavailable', database: database.kind }, 503);
    }
  });
  return routes;
}
