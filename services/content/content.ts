import { createHash } from 'node:crypto';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, inTransaction } from '../../db/client';
import { contentPages, planMappings, products, skus } from '../../db/schema';
import {
  type Campaign,
  CampaignSchema,
  type CampaignStatus,
  describeIssue,
  INFO_PAGE_NAMES,
  type InfoPageLanguage,
  type InfoPageName,
  InfoPageSchema,
  type InfoPageText,
  isCampaignVisible,
} from '../../domain/content';
import { type PlanMapping, PlanMappingsFileSchema } from '../../domain/plans';
import { ServiceError } from '../platform/service-error';
import { GENERIC_ERRORS } from '../../domain/errors';
import { announcePageChange } from '../platform/page-changes';

// The content source (SPEC §7 content service): operators' files under content/ → validated → content_pages.
// All or nothing: one bad file leaves the database exactly as it was, with a report naming file and field.

export interface ContentFile {
  /** Path relative to the content folder, e.g. campaigns/summer-reds.json. */
  path: string;
  text: string;
}

export interface ContentProblem {
  path: string;
  message: string;
}

export interface ContentReport {
  imported: string[];
  unchanged: string[];
  removed: string[];
  /**
   * Campaigns whose status a staff member set in the console and the file does not say yet: the console's status
   * is kept (its file's other changes are imported), and the import says so.
   */
  kept: KeptStatus[];
}

export interface KeptStatus {
  name: string;
  status: CampaignStatus;
  fileStatus: CampaignStatus;
  setBy: string;
  setAt: Date | null;
}

/** One line for an operator about a status kept over the file's. */
export function describeKept(k: KeptStatus): string {
  const when = k.setAt ? ` on ${k.setAt.toISOString()}` : '';
  return (
    `${k.name}: kept "${k.status}" set in the console by ${k.setBy}${when}; the file says "${k.fileStatus}" ` +
    `(change the file's status to "${k.status}", or set it in the console, to make them agree)`
  );
}

export class ContentImportError extends ServiceError {
  constructor(readonly problems: ContentProblem[]) {
    super(GENERIC_ERRORS.invalid, problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  }
}

const CAMPAIGN = 'campaign';
/** Information pages (delivery, returns, terms), stored as `pages/{name}` in reports. */
const INFO_PAGE = 'page';
/** The plan mappings file (SPEC §3 wine-plan mapping; the offers and the cart's check read the table it fills). */
export const PLAN_MAPPINGS_FILE = 'plan-mappings.json';

/** The mappings file, checked against the catalogue: the wine must be a product and the bump item a sku. */
async function parsePlanMappings(db: Db, files: readonly ContentFile[]) {
  const file = files.find((f) => f.path === PLAN_MAPPINGS_FILE);
  if (!file) return { mappings: null, problems: [] as ContentProblem[] };
  let json: unknown;
  try {
    json = JSON.parse(file.text);
  } catch (error) {
    return { mappings: null, problems: [{ path: file.path, message: `not valid JSON (${(error as Error).message})` }] };
  }
  const parsed = PlanMappingsFileSchema.safeParse(json);
  if (!parsed.success) return { mappings: null, problems: [{ path: file.path, message: describeIssue(parsed.error) }] };
  const mappings = parsed.data;
  const boms = mappings.map((m) => m.bomItemCode);
  const bumps = mappings.map((m) => m.bumpCode);
  const knownProducts = new Set(
    boms.length
      ? (await db.select({ c: products.itemCode }).from(products).where(inArray(products.itemCode, boms))).map(
          (r) => r.c,
        )
      : [],
  );
  const knownSkus = new Set(
    bumps.length
      ? (await db.select({ c: skus.itemCode }).from(skus).where(inArray(skus.itemCode, bumps))).map((r) => r.c)
      : [],
  );
  const problems: ContentProblem[] = [];
  mappings.forEach((m, i) => {
    if (!knownProducts.has(m.bomItemCode))
      problems.push({ path: file.path, message: `${i}.bomItemCode: ${m.bomItemCode} is not in the catalogue` });
    if (!knownSkus.has(m.bumpCode))
      problems.push({ path: file.path, message: `${i}.bumpCode: ${m.bumpCode} is not a sku in the catalogue` });
  });
  return { mappings, problems };
}

const mappingKey = (m: PlanMapping) => `${m.bomItemCode}|${m.bumpCode}|${m.rule}|${m.type}`;

function checksumOf(data: unknown): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('hex');
}

/** Parses every campaign file; problems are collected for all files before anything is written. */
/**
 * The files of one folder (`{folder}/{name}.json`), each parsed as JSON, checked by `schema` and named as its file;
 * a file that is not is a problem of its own, and the others go on.
 */
function parseContentFiles<S extends z.ZodType<{ name: string }>>(
  files: readonly ContentFile[],
  folder: string,
  schema: S,
): { parsed: { path: string; data: z.infer<S> }[]; problems: ContentProblem[] } {
  const pattern = new RegExp(`^${folder}/([^/]+)\\.json$`);
  const problems: ContentProblem[] = [];
  const parsed: { path: string; data: z.infer<S> }[] = [];
  for (const file of files) {
    const match = pattern.exec(file.path);
    if (!match) continue;
    let json: unknown;
    try {
      json = JSON.parse(file.text);
    } catch (error) {
      problems.push({ path: file.path, message: `not valid JSON (${(error as Error).message})` });
      continue;
    }
    const checked = schema.safeParse(json);
    if (!checked.success) problems.push({ path: file.path, message: describeIssue(checked.error) });
    else if (checked.data.name !== match[1])
      problems.push({ path: file.path, message: `name "${checked.data.name}" must match the file name "${match[1]}"` });
    else parsed.push({ path: file.path, data: checked.data });
  }
  return { parsed, problems };
}

async function parseCampaigns(db: Db, files: readonly ContentFile[]) {
  const { parsed: campaigns, problems } = parseContentFiles(files, 'campaigns', CampaignSchema);
  const codes = [...new Set(campaigns.flatMap((c) => c.data.products))];
  const known = new Set(
    codes.length === 0
      ? []
      : (await db.select({ code: products.itemCode }).from(products).where(inArray(products.itemCode, codes))).map(
          (r) => r.code,
        ),
  );
  for (const { path, data: campaign } of campaigns) {
    const index = campaign.products.findIndex((code) => !known.has(code));
    if (index >= 0)
      problems.push({ path, message: `products.${index}: ${campaign.products[index]} is not in the catalogue` });
  }
  return { campaigns: campaigns.map((c) => c.data), problems };
}

/** Parses every information page file (`pages/{name}.json`); problems are collected as for campaigns. */
function parseInfoPages(files: readonly ContentFile[]) {
  const { parsed, problems } = parseContentFiles(files, 'pages', InfoPageSchema);
  return { pages: parsed.map((p) => ({ name: p.data.name, data: p.data as unknown })), problems };
}

/**
 * Makes the rows of one kind exactly the given set: changed ones written, unchanged skipped, the rest removed. A
 * status set in the console (status_set_by) wins over the file's while the two differ, and is reported as kept;
 * once the file says the same, the file is the source again.
 */
async function syncKind(
  tx: Db,
  kind: string,
  items: readonly { name: string; status: CampaignStatus; data: unknown }[],
  report: ContentReport,
  label: (name: string) => string,
): Promise<void> {
  const existing = new Map(
    (
      await tx
        .select({
          name: contentPages.name,
          checksum: contentPages.checksum,
          status: contentPages.status,
          statusSetBy: contentPages.statusSetBy,
          statusSetAt: contentPages.statusSetAt,
        })
        .from(contentPages)
        .where(eq(contentPages.kind, kind))
    ).map((r) => [r.name, r] as const),
  );
  for (const item of items) {
    const checksum = checksumOf(item.data);
    const before = existing.get(item.name);
    const setBy = before?.statusSetBy ?? null;
    const consoleWins = before !== undefined && setBy !== null && before.status !== item.status;
    if (consoleWins)
      report.kept.push({
        name: label(item.name),
        status: before.status,
        fileStatus: item.status,
        setBy,
        setAt: before.statusSetAt,
      });
    const agreesNow = before !== undefined && setBy !== null && !consoleWins;
    if (before?.checksum === checksum) {
      // NOTE: the status is the same either way: the mark goes without a page change.
      if (agreesNow)
        await tx
          .update(contentPages)
          .set({ statusSetBy: null, statusSetAt: null })
          .where(and(eq(contentPages.kind, kind), eq(contentPages.name, item.name)));
      report.unchanged.push(label(item.name));
      continue;
    }
    const row = {
      status: consoleWins ? before.status : item.status,
      data: item.data,
      checksum,
      updatedAt: new Date(),
      ...(consoleWins ? {} : { statusSetBy: null, statusSetAt: null }),
    };
    await tx
      .insert(contentPages)
      .values({ kind, name: item.name, ...row })
      .onConflictDoUpdate({ target: [contentPages.kind, contentPages.name], set: row });
    report.imported.push(label(item.name));
  }
  const keep = items.map((c) => c.name);
  const gone = [...existing.keys()].filter((name) => !keep.includes(name));
  if (gone.length > 0) {
    await tx
      .delete(contentPages)
      .where(and(eq(contentPages.kind, kind), keep.length > 0 ? notInArray(contentPages.name, keep) : undefined));
    report.removed.push(...gone.map(label));
  }
}

/**
 * Imports the content files: new and changed campaigns are written, unchanged ones skipped, campaigns whose file
 * is gone removed. Throws ContentImportError (nothing written) when any file is invalid.
 */
export async function importContent(db: Db, files: readonly ContentFile[]): Promise<ContentReport> {
  const { campaigns, problems } = await parseCampaigns(db, files);
  const plans = await parsePlanMappings(db, files);
  const info = parseInfoPages(files);
  if (problems.length + plans.problems.length + info.problems.length > 0)
    throw new ContentImportError([...problems, ...plans.problems, ...info.problems]);
  return inTransaction(db, async (tx) => {
    const planReport = plans.mappings ? await replacePlanMappings(tx, plans.mappings) : null;
    const report: ContentReport = { imported: [], unchanged: [], removed: [], kept: [] };
    const asItem = (c: Campaign) => ({ name: c.name, status: c.status, data: c });
    await syncKind(tx, CAMPAIGN, campaigns.map(asItem), report, (name) => name);
    const pageItems = info.pages.map((p) => ({ ...p, status: 'published' as const }));
    await syncKind(tx, INFO_PAGE, pageItems, report, (name) => `pages/${name}`);
    if (planReport) report[planReport].push(PLAN_MAPPINGS_FILE);
    if (report.imported.length + report.removed.length > 0 || planReport === 'imported') await announcePageChange(tx);
    return report;
  });
}

/** Makes plan_mappings exactly the file's set; 'unchanged' when it already was. */
async function replacePlanMappings(tx: Db, mappings: readonly PlanMapping[]): Promise<'imported' | 'unchanged'> {
  const current = await tx.select().from(planMappings);
  const same =
    current.length === mappings.length &&
    new Set(current.map(mappingKey)).size === new Set([...current, ...mappings].map(mappingKey)).size;
  if (same) return 'unchanged';
  await tx.delete(planMappings);
  if (mappings.length > 0) await tx.insert(planMappings).values([...mappings]);
  return 'imported';
}

/**
 * A campaign a shopper may see: published, or a draft in preview; null otherwise. Its status is the row's (the
 * file's, or the console's when one was set there), not the one inside the file's data.
 */
export async function findCampaign(db: Db, name: string, preview: boolean): Promise<Campaign | null> {
  const [row] = await db
    .select({ data: contentPages.data, status: contentPages.status })
    .from(contentPages)
    .where(and(eq(contentPages.kind, CAMPAIGN), eq(contentPages.name, name)));
  if (!row) return null;
  const campaign = { ...CampaignSchema.parse(row.data), status: row.status };
  return isCampaignVisible(campaign, preview) ? campaign : null;
}

export interface CampaignRow {
  name: string;
  title: string;
  status: CampaignStatus;
  /** The status the file says (differs from `status` while the console's is kept). */
  fileStatus: CampaignStatus;
  statusSetBy: string | null;
  statusSetAt: Date | null;
  updatedAt: Date;
}

const CAMPAIGN_ROW = {
  name: contentPages.name,
  status: contentPages.status,
  data: contentPages.data,
  statusSetBy: contentPages.statusSetBy,
  statusSetAt: contentPages.statusSetAt,
  updatedAt: contentPages.updatedAt,
};

function campaignRowOf(row: { data: unknown } & Omit<CampaignRow, 'title' | 'fileStatus'>) {
  const campaign = CampaignSchema.parse(row.data);
  const { data: _data, ...rest } = row;
  return { ...rest, title: campaign.title, fileStatus: campaign.status, campaign };
}

/** Every campaign, by name, with its state. */
export async function listCampaigns(db: Db): Promise<CampaignRow[]> {
  const rows = await db
    .select(CAMPAIGN_ROW)
    .from(contentPages)
    .where(eq(contentPages.kind, CAMPAIGN))
    .orderBy(contentPages.name);
  return rows.map((r) => {
    const { campaign: _campaign, ...row } = campaignRowOf(r);
    return row;
  });
}

/** One campaign with its state and content (any status), or null. */
export async function findCampaignRow(db: Db, name: string): Promise<(CampaignRow & { campaign: Campaign }) | null> {
  const [row] = await db
    .select(CAMPAIGN_ROW)
    .from(contentPages)
    .where(and(eq(contentPages.kind, CAMPAIGN), eq(contentPages.name, name)));
  return row ? campaignRowOf(row) : null;
}

/**
 * Sets a campaign's status from the console (inside the caller's transaction, row locked): kept over the file's
 * at the next import while they differ (syncKind), and the storefront's pages are told. Null when there is no such
 * campaign; `changed` false when it had that status already.
 */
export async function setCampaignStatus(
  tx: Db,
  name: string,
  status: CampaignStatus,
  by: { email: string; at: Date },
): Promise<{ before: Pick<CampaignRow, 'status' | 'statusSetBy' | 'statusSetAt'>; changed: boolean } | null> {
  const [row] = await tx
    .select({
      status: contentPages.status,
      statusSetBy: contentPages.statusSetBy,
      statusSetAt: contentPages.statusSetAt,
    })
    .from(contentPages)
    .where(and(eq(contentPages.kind, CAMPAIGN), eq(contentPages.name, name)))
    .for('update');
  if (!row) return null;
  if (row.status === status) return { before: row, changed: false };
  await tx
    .update(contentPages)
    .set({ status, statusSetBy: by.email, statusSetAt: by.at })
    .where(and(eq(contentPages.kind, CAMPAIGN), eq(contentPages.name, name)));
  await announcePageChange(tx);
  return { before: row, changed: true };
}

/** An information page in one language, or null when its file is not imported. */
export async function findInfoPage(
  db: Db,
  name: InfoPageName,
  language: InfoPageLanguage,
): Promise<InfoPageText | null> {
  const [row] = await db
    .select({ data: contentPages.data })
    .from(contentPages)
    .where(and(eq(contentPages.kind, INFO_PAGE), eq(contentPages.name, name)));
  return row ? InfoPageSchema.parse(row.data).languages[language] : null;
}

/** The footer's links to the information pages there are, in the site's language (each page's own title). */
export async function listInfoPageLinks(
  db: Db,
  language: InfoPageLanguage,
): Promise<{ href: string; label: string }[]> {
  const rows = await db
    .select({ name: contentPages.name, data: contentPages.data })
    .from(contentPages)
    .where(eq(contentPages.kind, INFO_PAGE));
  const byName = new Map(rows.map((r) => [r.name, InfoPageSchema.parse(r.data)] as const));
  return INFO_PAGE_NAMES.flatMap((name) => {
    const page = byName.get(name);
    return page ? [{ href: `/${name}`, label: page.languages[language].title }] : [];
  });
}
