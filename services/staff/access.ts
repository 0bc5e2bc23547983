import type { Db } from '../../db/client';
import type { Clock } from '../../domain/clock';
import { STAFF_ERRORS, type StaffMember, type StaffPermission, staffMay, staffSeesSite } from '../../domain/staff';
import { inTransaction } from '../../db/client';
import { retryDeadJob } from '../platform/outbox';
import { ServiceError } from '../platform/service-error';
import { type Actor, writeAudit } from './audit';

// The one place a console page or call asks whether its staff member may act (CONTRACT.md roles and site limits).
// A refusal is audited and thrown: 403 for what the role may not do, 404 for a record of a site the account does not
// see (it does not exist for them). Nothing is changed by a refused request.

export interface StaffRequest {
  member: StaffMember;
  /** The client address; null for a command run on the server. */
  address: string | null;
}

export function actorOf(request: StaffRequest): Actor {
  return { staffId: request.member.id, actor: request.member.email, address: request.address };
}

export interface Target {
  action: string;
  recordType?: string;
  recordId?: string;
  /** The site the record belongs to, when it belongs to one. */
  siteId?: string;
}

/** Throws (after auditing the refusal) unless `request`'s staff member may take `permission` on `target`. */
export async function requireStaffPermission(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  permission: StaffPermission,
  target: Target,
): Promise<Actor> {
  const by = actorOf(request);
  const refusal = !staffMay(request.member, permission)
    ? STAFF_ERRORS.forbidden
    : target.siteId !== undefined && !staffSeesSite(request.member, target.siteId)
      ? STAFF_ERRORS.notFound
      : null;
  if (refusal) {
    await writeAudit(db, clock.now(), by, {
      action: target.action,
      recordType: target.recordType,
      recordId: target.recordId,
      outcome: 'refused',
      after: { permission, ...(refusal === STAFF_ERRORS.notFound ? { site: target.siteId } : {}) },
    });
    throw new ServiceError(refusal);
  }
  return by;
}

/** The work queue's retry of an email the outbox gave up on (not for site-limited staff: jobs belong to no site). */
export async function retryFailedEmail(db: Db, clock: Clock, request: StaffRequest, jobId: number): Promise<void> {
  const target = { action: 'outbox.retry', recordType: 'outbox', recordId: String(jobId) };
  const by = await requireStaffPermission(db, clock, request, 'outbox.retry', target);
  if (request.member.sites.length > 0) {
    await writeAudit(db, clock.now(), by, { ...target, outcome: 'refused' });
    throw new ServiceError(STAFF_ERRORS.forbidden);
  }
  const now = clock.now();
  await inTransaction(db, async (tx) => {
    if (!(await retryDeadJob(tx, jobId, now))) throw new ServiceError(STAFF_ERRORS.notFound);
    await writeAudit(tx, now, by, { ...target, outcome: 'done', after: { attempts: 0 } });
  });
}
