import { z } from 'zod';
import { CAMPAIGN_STATUS, CampaignNameSchema } from './content';

// What the console's review moderation and campaign pages take (CONTRACT.md `/admin/reviews`, `/admin/content`):
// one schema each for the form and the JSON call, with messages a person can act on.

export const MODERATION_TEXTS = {
  chooseReviews: 'Choose at least one review: tick its box, or use the button beside it.',
  tooMany: 'Decide on at most 100 reviews at once.',
  decision: 'Choose Approve or Reject.',
  reviewId: 'A review is named by its number, such as 12.',
  status: 'A campaign is published or draft.',
} as const;

/** At most this many reviews in one decision (a queue page is 20). */
export const MODERATE_MAX = 100;

const ReviewIdSchema = z.coerce
  .number({ error: MODERATION_TEXTS.reviewId })
  .int(MODERATION_TEXTS.reviewId)
  .positive(MODERATION_TEXTS.reviewId)
  .max(2_147_483_647, MODERATION_TEXTS.reviewId);

export const ModerateReviewsSchema = z.object({
  ids: z
    .array(ReviewIdSchema, { error: MODERATION_TEXTS.chooseReviews })
    .min(1, MODERATION_TEXTS.chooseReviews)
    .max(MODERATE_MAX, MODERATION_TEXTS.tooMany),
  decision: z.enum(['approve', 'reject'], { error: MODERATION_TEXTS.decision }),
});

export const ReviewQueueQuerySchema = z.object({
  after: ReviewIdSchema.optional().describe('The `next` of the page before.'),
});

export const CampaignParamSchema = z.object({ name: CampaignNameSchema });

export const CampaignStatusSchema = z.object({
  status: z.enum(CAMPAIGN_STATUS.states, { error: MODERATION_TEXTS.status }),
});

/** The storefront's campaign page in preview (a draft shows there to a signed-in staff member who may change content). */
export function campaignPreviewPath(name: string): string {
  return `/campaign?${new URLSearchParams({ name, preview: 'true' })}`;
}
