import { z } from 'zod';
import { ITEM_CODE_PATTERN } from './item-code';
import { type StateMachine, stateMachine } from './state-machine';

// Content operators edit as files (SPEC §7 "a content service query for campaign pages"; issue: campaign pages
// are versioned files under content/, validated by one schema each). Pure: the import reads files elsewhere.

/** A campaign's name is its URL (`/campaign?name=summer-reds`). */
export const CampaignNameSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A campaign name is lower-case words joined by dashes, e.g. summer-reds.')
  .max(60, 'A campaign name is at most 60 characters.');

/** A link inside the shop: a path on this site, never another host. */
const InternalHref = z
  .string()
  .regex(/^\/(?!\/)[^\s\\]*$/, 'A link must be a path on this site, starting with a single /.')
  .max(300);

const Text = (what: string, max: number) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} must not be empty.`)
    .max(max, `${what} is at most ${max} characters.`);

/** A campaign is a draft (seen only in preview) or published; either may become the other. */
export const CAMPAIGN_STATUS = stateMachine({ draft: ['published'], published: ['draft'] });
export type CampaignStatus = typeof CAMPAIGN_STATUS extends StateMachine<infer S> ? S : never;

export const CampaignSchema = z.strictObject({
  name: CampaignNameSchema,
  status: z.enum(CAMPAIGN_STATUS.states, { error: 'status must be "draft" or "published".' }),
  title: Text('title', 120),
  description: Text('description', 300),
  hero: z.strictObject({ heading: Text('hero.heading', 120), subheading: Text('hero.subheading', 300).optional() }),
  body: z.array(Text('a body paragraph', 2_000)).max(20, 'At most 20 body paragraphs.'),
  products: z
    .array(z.string().regex(ITEM_CODE_PATTERN, 'A product is an item code such as D0001.'))
    .min(1, 'A campaign shows at least one product.')
    .max(24, 'A campaign shows at most 24 products.'),
  cta: z.strictObject({ label: Text('cta.label', 60), href: InternalHref }),
});

export type Campaign = z.infer<typeof CampaignSchema>;

/** What a shopper may see: published campaigns, and drafts only in preview. */
export function isCampaignVisible(campaign: Pick<Campaign, 'status'>, preview: boolean): boolean {
  return campaign.status === 'published' || preview;
}

/** The first problem of a failed parse, with the field path an operator can find in the file. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The file is not valid.';
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

/** The shop's information pages, each at its own path (`/delivery`, `/returns`, `/terms`). */
export const INFO_PAGE_NAMES = ['delivery', 'returns', 'terms'] as const;
export type InfoPageName = (typeof INFO_PAGE_NAMES)[number];

/** The languages of the sites' pages: English, and traditional Chinese for Hong Kong and for Taiwan. */
export const INFO_PAGE_LANGUAGES = ['en', 'zh-HK', 'zh-TW'] as const;
export type InfoPageLanguage = (typeof INFO_PAGE_LANGUAGES)[number];

const InfoPageText = z.strictObject({
  /** Also the page's link text in every footer: keep it short. */
  title: Text('title', 40),
  description: Text('description', 300),
  sections: z
    .array(
      z.strictObject({
        heading: Text('a section heading', 120),
        paragraphs: z.array(Text('a paragraph', 2_000)).min(1, 'A section has at least one paragraph.').max(20),
      }),
    )
    .min(1, 'A page has at least one section.')
    .max(20, 'At most 20 sections.'),
});

export type InfoPageText = z.infer<typeof InfoPageText>;

/** An information page (`content/pages/{name}.json`): its text in every site language. */
export const InfoPageSchema = z.strictObject({
  name: z.enum(INFO_PAGE_NAMES, { error: `name must be one of ${INFO_PAGE_NAMES.join(', ')}.` }),
  languages: z.strictObject({ en: InfoPageText, 'zh-HK': InfoPageText, 'zh-TW': InfoPageText }),
});

export type InfoPage = z.infer<typeof InfoPageSchema>;

/** The language of a site's pages, from its Intl locale (en-AU, en-NZ, en-US: English). */
export function infoPageLanguage(intlLocale: string): InfoPageLanguage {
  return intlLocale === 'zh-HK' || intlLocale === 'zh-TW' ? intlLocale : 'en';
}
