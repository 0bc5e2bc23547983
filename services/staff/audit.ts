import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

// The console's audit log (CONTRACT.md): who, when, from which address, what, on which record, the values before
// and after. Written in the transaction of the change it records, so the two are kept or lost together; a refused
// attempt is written on its own. Append-only: migration 0031's trigger refuses any update, delete or truncate.

/** Who acts: a signed-in staff member, or a command run on the server (`staffId` null, `actor` `command:{user}`). */
export interface Actor {
  staffId: number | null;
  actor: string;
  address: string | null;
}

export interface AuditEntry {
  action: string;
  recordType?: string | undefined;
  recordId?: string | undefined;
  outcome: 'done' | 'refused';
  before?: unknown;
  after?: unknown;
}

export async function writeAudit(db: Db, at: Date, by: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    at,
    staffId: by.staffId,
    actor: by.actor,
    address: by.address,
    action: entry.action,
    recordType: entry.recordType ?? null,
    recordId: entry.recordId ?? null,
    outcome: entry.outcome,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export interface AuditFilters {
  /** The staff email (or command actor) exactly. */
  actor?: string | undefined;
  recordType?: string | undefined;
  recordId?: string | undefined;
  /** From this moment on, and before `until`. */
  from?: Date | undefined;
  until?: Date | undefined;
  /** Paging: entries older than this id. */
  beforeId?: number | undefined;
}

export const AUDIT_PAGE_SIZE = 50;

/** The newest entries first, one page of them, and the id the next page starts before (null at the end). */
export async function listAudit(db: Db, filters: AuditFilters, limit = AUDIT_PAGE_SIZE) {
  const where: SQL[] = [];
  if (filters.actor) where.push(eq(auditLog.actor, filters.actor));
  if (filters.recordType) where.push(eq(auditLog.recordType, filters.recordType));
  if (filters.recordId) where.push(eq(auditLog.recordId, filters.recordId));
  if (filters.from) where.push(gte(auditLog.at, filters.from));
  if (filters.until) where.push(lt(auditLog.at, filters.until));
  if (filters.beforeId) where.push(lt(auditLog.id, filters.beforeId));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { entries: page, nextBeforeId: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}
