import { Hono } from 'hono';
import type { Database } from '../../db/client';
import { countUncapturedOrders } from '../../services/payments/capture';
import { countDeadJobs } from '../../services/platform/outbox';
import type { AppEnv } from '../types';

/**
 * `/healthz` while the process is up; `/readyz` when the database answers, with the outbox's dead jobs and the
 * orders whose payment is still only authorised past the capture's retry (nothing they bought has been given).
 * A process shutting down is not ready (503) from the moment it is told to stop, while it still answers.
 */
export function healthRoutes(database: Database, draining: () => boolean = () => false) {
  const routes = new Hono<AppEnv>();
  routes.get('/healthz', (c) => c.json({ status: 'ok' }));
  routes.get('/readyz', async (c) => {
    if (draining()) return c.json({ status: 'draining', database: database.kind }, 503);
    try {
      await database.ping();
      // Jobs the outbox gave up on (emails, list calls) and orders stuck uncaptured: an operator's signal, not a reason
      // to stop serving.
      return c.json({
        status: 'ready',
        database: database.kind,
        outbox: { dead: await countDeadJobs(database.db) },
        payments: { notCaptured: await countUncapturedOrders(database.db, new Date()) },
      });
    } catch {
      return c.json({ status: 'unavailable', database: database.kind }, 503);
    }
  });
  return routes;
}
