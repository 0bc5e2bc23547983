import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { CAMPAIGN_STATUS } from '../../domain/content';
import { CampaignParamSchema, CampaignStatusSchema, campaignPreviewPath } from '../../domain/staff-moderation';
import type { CampaignRow } from '../../services/content/content';
import { staffCampaign, staffListCampaigns, staffSetCampaignStatus } from '../../services/staff/content';
import { ok } from '../envelope';
import { staffRequestOf } from './admin';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';

// The console's campaigns as JSON calls (CONTRACT.md `/admin/content`): the list with their state, one campaign, and
// publish or unpublish. The files under content/ say what a campaign is; a status set here is kept over the file's
// while the two differ (decision 046).

const CampaignRowSchema = z.object({
  name: z.string(),
  title: z.string(),
  status: z.enum(CAMPAIGN_STATUS.states),
  fileStatus: z.enum(CAMPAIGN_STATUS.states).describe('What its file says; differs while the console’s is kept.'),
  statusSetBy: z.string().nullable().describe('Who set the status in the console (null: the file’s).'),
  statusSetAt: z.string().nullable(),
  updatedAt: z.string(),
  previewPath: z.string().describe('The storefront page; a draft shows there only to signed-in staff.'),
});

function rowJson(row: CampaignRow) {
  return {
    name: row.name,
    title: row.title,
    status: row.status,
    fileStatus: row.fileStatus,
    statusSetBy: row.statusSetBy,
    statusSetAt: row.statusSetAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    previewPath: campaignPreviewPath(row.name),
  };
}

export const adminContentApi = createApiRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      summary: 'The campaigns, by name, with their state',
      description: 'Roles: owner, manager.',
      responses: responses(z.object({ campaigns: z.array(CampaignRowSchema) }), 'The campaigns.', [401, 403]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const rows = await staffListCampaigns(ctx.db, ctx.clock, staffRequestOf(c));
      return ok(c, { campaigns: rows.map(rowJson) });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{name}',
      summary: 'A campaign: its state and what its file says',
      description: 'Roles: owner, manager.',
      request: { params: CampaignParamSchema },
      responses: responses(
        CampaignRowSchema.extend({ campaign: z.record(z.string(), z.unknown()).describe('The file’s content.') }),
        'The campaign.',
        [400, 401, 403, 404],
      ),
    }),
    async (c) => {
      const { ctx } = c.var;
      const row = await staffCampaign(ctx.db, ctx.clock, staffRequestOf(c), c.req.valid('param').name);
      return ok(c, { ...rowJson(row), campaign: row.campaign });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{name}/status',
      summary: 'Publish (`published`) or unpublish (`draft`) a campaign; audited',
      description:
        'Shows on (or goes from) the storefront at once, on every process. Kept over its file’s status at a re-import ' +
        'or a restart while the two differ; the import says so. Roles: owner, manager.',
      middleware: [readJsonBody] as const,
      request: { params: CampaignParamSchema, body: jsonBody(CampaignStatusSchema) },
      responses: responses(
        z.object({ changed: z.boolean().describe('False when it had that status already.') }),
        'Done.',
        [400, 401, 403, 404],
      ),
    }),
    async (c) => {
      const { ctx } = c.var;
      const { name } = c.req.valid('param');
      return ok(
        c,
        await staffSetCampaignStatus(ctx.db, ctx.clock, staffRequestOf(c), name, c.req.valid('json').status),
      );
    },
  );
