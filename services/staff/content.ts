import { type Db, inTransaction } from '../../db/client';
import type { Clock } from '../../domain/clock';
import type { CampaignStatus } from '../../domain/content';
import { STAFF_ERRORS } from '../../domain/staff';
import { type CampaignRow, findCampaignRow, listCampaigns, setCampaignStatus } from '../content/content';
import { ServiceError } from '../platform/service-error';
import { requireStaffPermission, type StaffRequest } from './access';
import { writeAudit } from './audit';

// The console's campaigns (CONTRACT.md `/admin/content`): the campaigns with their state, one campaign's page, and
// publish or unpublish. The files under content/ stay the source of what a campaign says; a status set here is kept
// over the file's while they differ (services/content/content.ts). Campaigns belong to no site.

const RECORD_TYPE = 'campaign';

export async function staffListCampaigns(db: Db, clock: Clock, request: StaffRequest): Promise<CampaignRow[]> {
  await requireStaffPermission(db, clock, request, 'content.write', { action: 'content.read' });
  return listCampaigns(db);
}

export async function staffCampaign(db: Db, clock: Clock, request: StaffRequest, name: string) {
  await requireStaffPermission(db, clock, request, 'content.write', {
    action: 'content.read',
    recordType: RECORD_TYPE,
    recordId: name,
  });
  const row = await findCampaignRow(db, name);
  if (!row) throw new ServiceError(STAFF_ERRORS.notFound);
  return row;
}

/** Publishes (`published`) or unpublishes (`draft`) a campaign; audited with its status before and after. */
export async function staffSetCampaignStatus(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  name: string,
  status: CampaignStatus,
): Promise<{ changed: boolean }> {
  const target = {
    action: status === 'published' ? 'campaign.publish' : 'campaign.unpublish',
    recordType: RECORD_TYPE,
    recordId: name,
  };
  const by = await requireStaffPermission(db, clock, request, 'content.write', target);
  const now = clock.now();
  return inTransaction(db, async (tx) => {
    const result = await setCampaignStatus(tx, name, status, { email: request.member.email, at: now });
    if (!result) throw new ServiceError(STAFF_ERRORS.notFound);
    if (result.changed)
      await writeAudit(tx, now, by, {
        ...target,
        outcome: 'done',
        before: {
          status: result.before.status,
          statusSetBy: result.before.statusSetBy,
          statusSetAt: result.before.statusSetAt?.toISOString() ?? null,
        },
        after: { status, statusSetBy: request.member.email, statusSetAt: now.toISOString() },
      });
    return { changed: result.changed };
  });
}
