import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contentPages, planMappings } from '../../db/schema';
import pino from 'pino';
import { testConfig } from '../../server/config';
import { readContentFiles } from '../../server/content-files';
import { importContentOnStart } from '../../server/start';
import {
  type ContentFile,
  ContentImportError,
  findCampaign,
  findInfoPage,
  importContent,
  listInfoPageLinks,
} from '../../services/content/content';
import { useTestApp } from '../support/test-app';

// The content source: operators' campaign files → one validated, all-or-nothing, idempotent import; the campaign
// landing page reads it (CONTRACT.md: summer-reds published, winter-preview a draft, unknown names 404).

const t = useTestApp();
const db = () => t.testDb.database.db;
const repoFiles = () => readContentFiles('content');
const summer = JSON.parse(readFileSync('content/campaigns/summer-reds.json', 'utf8'));
const file = (name: string, data: unknown): ContentFile => ({
  path: `campaigns/${name}.json`,
  text: typeof data === 'string' ? data : JSON.stringify(data),
});

async function stored() {
  const rows = await db().select().from(contentPages).where(eq(contentPages.kind, 'campaign'));
  return Object.fromEntries(rows.map((r) => [r.name, r]));
}

async function problemsOf(files: ContentFile[]): Promise<string[]> {
  try {
    await importContent(db(), files);
  } catch (error) {
    if (error instanceof ContentImportError) return error.problems.map((p) => `${p.path}: ${p.message}`);
    throw error;
  }
  throw new Error('the import was expected to fail');
}

describe('content import', () => {
  it('has the repository files in (as a started server does), and a second run changes nothing', async () => {
    const before = await stored();
    expect(Object.keys(before).sort()).toEqual(['summer-reds', 'vintage-release', 'winter-preview']);
    expect(before['summer-reds']?.status).toBe('published');
    expect(before['winter-preview']?.status).toBe('draft');
    const report = await importContent(db(), await repoFiles());
    expect(report).toEqual({
      imported: [],
      unchanged: [
        'summer-reds',
        'vintage-release',
        'winter-preview',
        'pages/delivery',
        'pages/returns',
        'pages/terms',
        'plan-mappings.json',
      ],
      removed: [],
      kept: [],
    });
    expect((await stored())['summer-reds']?.updatedAt).toEqual(before['summer-reds']?.updatedAt);
  });

  it.each([
    ['broken JSON', file('summer-reds', '{"name": "summer-reds",'), /campaigns\/summer-reds\.json: not valid JSON/],
    ['a missing field', file('summer-reds', { ...summer, title: undefined }), /title: title is required\./],
    [
      'a bad status',
      file('summer-reds', { ...summer, status: 'live' }),
      /status: status must be "draft" or "published"\./,
    ],
    [
      'an unknown product',
      file('summer-reds', { ...summer, products: ['D0001', 'ZZ999'] }),
      /products\.1: ZZ999 is not in the catalogue/,
    ],
    [
      'a link to another site',
      file('summer-reds', { ...summer, cta: { label: 'Go', href: '//evil.example/x' } }),
      /cta\.href: A link must be a path on this site/,
    ],
    ['an unknown field', file('summer-reds', { ...summer, colour: 'red' }), /colour/],
    [
      'a name unlike its file',
      file('summer-reds', { ...summer, name: 'summer-whites' }),
      /must match the file name "summer-reds"/,
    ],
    [
      'no products',
      file('summer-reds', { ...summer, products: [] }),
      /products: A campaign shows at least one product\./,
    ],
  ])('refuses %s, naming file and field, and writes nothing', async (_what, bad, message) => {
    const before = await stored();
    // A valid change beside the bad file must not go in either: all or nothing.
    const winter = (await repoFiles()).find((f) => f.path === 'campaigns/winter-preview.json');
    const changed = file('winter-preview', { ...JSON.parse(winter?.text ?? '{}'), title: 'Changed title' });
    const problems = await problemsOf([bad, changed]);
    expect(problems.join('\n')).toMatch(message);
    expect(await stored()).toEqual(before);
  });

  it('applies a change, then a removal, and can be put back', async () => {
    const files = (await repoFiles()).filter((f) => f.path.startsWith('campaigns/'));
    const edited = { ...summer, hero: { heading: 'Reds for the barbecue' } };
    const report = await importContent(db(), [file('summer-reds', edited), ...files.slice(1)]);
    expect(report.imported).toEqual(['summer-reds']);
    expect((await stored())['summer-reds']?.data).toMatchObject({ hero: { heading: 'Reds for the barbecue' } });
    expect((await findCampaign(db(), 'summer-reds', false))?.hero.heading).toBe('Reds for the barbecue');

    const removal = await importContent(db(), files.slice(1));
    expect(removal.removed).toEqual(['summer-reds']);
    expect(Object.keys(await stored()).sort()).toEqual(['vintage-release', 'winter-preview']);
    expect(await findCampaign(db(), 'summer-reds', true)).toBeNull();

    expect((await importContent(db(), files)).imported).toEqual(['summer-reds']);
  });
});

describe('findCampaign', () => {
  it('finds a published campaign, a draft only in preview, and nothing for an unknown name', async () => {
    expect((await findCampaign(db(), 'summer-reds', false))?.title).toBe('Summer reds');
    expect(await findCampaign(db(), 'winter-preview', false)).toBeNull();
    expect((await findCampaign(db(), 'winter-preview', true))?.status).toBe('draft');
    expect(await findCampaign(db(), 'no-such-campaign', true)).toBeNull();
  });
});

describe('plan mappings from content', () => {
  const mappingsFile = (data: unknown): ContentFile => ({
    path: 'plan-mappings.json',
    text: JSON.stringify(data),
  });
  const campaigns = async () => (await repoFiles()).filter((f) => f.path.startsWith('campaigns/'));
  const ss = { bomItemCode: 'D0003', bumpCode: 'D0003SS', rule: 'SUBSCRIBE_AND_SAVE_6', type: 'SS' };

  it('are the repository file’s, imported with the campaigns', async () => {
    const rows = await db().select().from(planMappings);
    expect(rows).toContainEqual(ss);
    expect(rows).toHaveLength(JSON.parse(readFileSync('content/plan-mappings.json', 'utf8')).length);
  });

  it.each([
    [[{ ...ss, bumpCode: 'NOPE1' }], /0\.bumpCode: NOPE1 is not a sku in the catalogue/],
    [[{ ...ss, bomItemCode: 'ZZ999' }], /0\.bomItemCode: ZZ999 is not in the catalogue/],
    [[{ ...ss, rule: 'D0003:6' }], /rule is SUBSCRIBE_AND_SAVE_\{bottles\} or WINEPLAN_\{NAME\}/],
    [{ not: 'a list' }, /expected array/i],
  ])('refuse a bad file (%j) and keep the mappings as they were', async (bad, message) => {
    const before = await db().select().from(planMappings);
    const problems = await problemsOf([...(await campaigns()), mappingsFile(bad)]);
    expect(problems.join('\n')).toMatch(message);
    expect(await db().select().from(planMappings)).toEqual(before);
  });

  it('replace the set when the file changes, and every bump item is a priced sku on AU and NZ sites', async () => {
    const original = JSON.parse(readFileSync('content/plan-mappings.json', 'utf8'));
    const report = await importContent(db(), [...(await campaigns()), mappingsFile([ss])]);
    expect(report.imported).toEqual(['plan-mappings.json']);
    expect(await db().select().from(planMappings)).toEqual([ss]);
    await importContent(db(), [...(await campaigns()), mappingsFile(original)]);
    for (const site of ['law-au', 'vir-au', 'law-nz'])
      for (const m of original as { bumpCode: string }[]) {
        const res = await t.app.request(`/api/product/item/${m.bumpCode}`, { headers: { host: `${site}.localhost` } });
        expect(res.status, `${site} ${m.bumpCode}`).toBe(200);
        const body = (await res.json()) as { response: { skus: { itemCode: string; salePrice: number }[] } };
        expect(body.response.skus.find((s) => s.itemCode === m.bumpCode)?.salePrice).toBeGreaterThan(0);
      }
  });
});

// server/start.ts imports the content files on every start; a file broken since the last start must not keep the
// shop closed or half-change it: the start goes on with the last good content and logs what is wrong.
describe('content import on server start', () => {
  it('keeps the last good content when a file is broken, logs the problems, and takes the fixed files', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'content-'));
    try {
      cpSync('content', dir, { recursive: true });
      await importContent(db(), await readContentFiles(dir));
      const lastGood = await stored();
      const logged: { level: number; msg: string; problems?: { path: string; message: string }[] }[] = [];
      const log = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
      // One file broken and one changed correctly: all or nothing, so neither goes in.
      writeFileSync(path.join(dir, 'campaigns/summer-reds.json'), '{"name": "summer-reds",');
      const winter = JSON.parse(readFileSync(path.join(dir, 'campaigns/winter-preview.json'), 'utf8'));
      writeFileSync(
        path.join(dir, 'campaigns/winter-preview.json'),
        JSON.stringify({ ...winter, title: 'Winter preview, changed' }),
      );
      const config = testConfig({ CONTENT_DIR: dir });

      await importContentOnStart(t.testDb.database, config, log);
      expect(await stored()).toEqual(lastGood);
      expect((await findCampaign(db(), 'summer-reds', false))?.title).toBe(summer.title);
      expect((await findCampaign(db(), 'winter-preview', true))?.title).toBe(winter.title);
      const error = logged.find((l) => l.msg === 'content not imported: the last good content stays');
      expect(error?.level).toBe(50);
      expect(error?.problems?.map((p) => p.path)).toEqual(['campaigns/summer-reds.json']);
      expect(error?.problems?.[0]?.message).toMatch(/not valid JSON/);

      // Fixed by the next start.
      cpSync('content/campaigns/summer-reds.json', path.join(dir, 'campaigns/summer-reds.json'));
      logged.length = 0;
      await importContentOnStart(t.testDb.database, config, log);
      expect((await findCampaign(db(), 'winter-preview', true))?.title).toBe('Winter preview, changed');
      expect(logged.map((l) => l.msg)).toEqual(['content imported']);
    } finally {
      await importContent(db(), await repoFiles());
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('information pages (content/pages)', () => {
  const delivery = JSON.parse(readFileSync('content/pages/delivery.json', 'utf8'));
  const page = (name: string, data: unknown): ContentFile => ({
    path: `pages/${name}.json`,
    text: JSON.stringify(data),
  });
  const others = async () => (await repoFiles()).filter((f) => f.path !== 'pages/delivery.json');

  it('are imported in every site language, and the footer links name each in its language', async () => {
    expect((await findInfoPage(db(), 'delivery', 'en'))?.title).toBe('Delivery');
    expect((await findInfoPage(db(), 'returns', 'zh-HK'))?.title).toBe('退貨');
    expect((await findInfoPage(db(), 'terms', 'zh-TW'))?.title).toBe('條款及細則');
    expect(await listInfoPageLinks(db(), 'zh-HK')).toEqual([
      { href: '/delivery', label: '送貨' },
      { href: '/returns', label: '退貨' },
      { href: '/terms', label: '條款及細則' },
    ]);
  });

  it('refuse a page without one of the languages, or under another name, and write nothing', async () => {
    const { 'zh-TW': _gone, ...twoLanguages } = delivery.languages;
    expect(await problemsOf([...(await others()), page('delivery', { ...delivery, languages: twoLanguages })])).toEqual(
      [expect.stringMatching(/^pages\/delivery\.json: languages\.zh-TW: /)],
    );
    expect(await problemsOf([...(await others()), page('delivery', { ...delivery, name: 'returns' })])).toEqual([
      'pages/delivery.json: name "returns" must match the file name "delivery"',
    ]);
    expect((await findInfoPage(db(), 'delivery', 'zh-TW'))?.title).toBe('配送');
  });

  it('are removed with their file, and come back with it', async () => {
    const report = await importContent(db(), await others());
    expect(report.removed).toEqual(['pages/delivery']);
    expect(await findInfoPage(db(), 'delivery', 'en')).toBeNull();
    expect((await listInfoPageLinks(db(), 'en')).map((l) => l.href)).toEqual(['/returns', '/terms']);
    expect((await importContent(db(), await repoFiles())).imported).toEqual(['pages/delivery']);
  });
});
