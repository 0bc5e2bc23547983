import { readFileSync } from 'node:fs';
import { and, asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appContext } from '../../app/context';
import { loader as campaignLoader } from '../../app/routes/campaign';
import { auditLog, contentPages } from '../../db/schema';
import { STAFF_TEXTS } from '../../domain/staff';
import type { App } from '../../server/app';
import { testConfig } from '../../server/config';
import { readContentFiles } from '../../server/content-files';
import { importContentOnStart } from '../../server/start';
import { type ContentFile, findCampaign, importContent } from '../../services/content/content';
import type { RequestContext } from '../../services/platform/request-context';
import { until } from '../support/cached-pages';
import { useConsoleApp } from '../support/staff-session';
import { createVisitor } from '../support/test-app';

// The console's campaigns (CONTRACT.md `/admin/content`) through /api/admin/content: the list with states, publish and
// unpublish (audited, on the storefront at once, through the rendered-page cache and on every process), the preview of
// a draft for signed-in staff only (the storefront's own campaign loader), and a console status that survives a
// re-import and a restart (decision 046).

const HTML = { 'Content-Type': 'text/html; charset=utf-8' };

/**
 * The storefront's campaign page behind GET /campaign, for an app made in API tests (they have no page build): its
 * own loader, answered as a small page with the hero's heading and whether it is a preview, or the loader's 404.
 */
async function renderPage(request: Request, ctx: RequestContext): Promise<Response> {
  // Another shared page, to see the cache at work while no campaign is published.
  if (new URL(request.url).pathname !== '/campaign') return new Response('<h1>About us</h1>', { headers: HTML });
  const context = new RouterContextProvider();
  context.set(appContext, ctx);
  try {
    const answer = (await campaignLoader({ request, context, params: {}, unstable_pattern: '/campaign' } as never)) as {
      data: { campaign: { hero: { heading: string } }; preview: boolean };
      init?: { headers?: Record<string, string> } | null;
    };
    const { campaign, preview } = answer.data;
    return new Response(`<h1>${campaign.hero.heading}</h1>${preview ? '<p>PREVIEW</p>' : ''}`, {
      headers: { ...HTML, ...(answer.init?.headers ?? {}) },
    });
  } catch (error) {
    const status = (error as { init?: { status?: number } }).init?.status;
    if (status === 404) return new Response('<h1>Not found</h1>', { status: 404 });
    throw error;
  }
}

const t = useConsoleApp({ renderPage });
const { db, signIn } = t;
const repoFiles = () => readContentFiles('content');
const VINTAGE = JSON.parse(readFileSync('content/campaigns/vintage-release.json', 'utf8'));
const SUMMER = JSON.parse(readFileSync('content/campaigns/summer-reds.json', 'utf8'));

type CampaignRowJson = { name: string; status: string; fileStatus: string; statusSetBy: string | null };

async function page(target: App, path: string, cookie?: string) {
  const res = await target.request(path, { headers: { host: 'law-au.localhost:3000', ...(cookie ? { cookie } : {}) } });
  return { status: res.status, text: await res.text(), cache: res.headers.get('x-cache'), headers: res.headers };
}

async function untilCaching(target: App) {
  await until(async () => (await page(target, '/about-us')).cache !== null, 'the page cache');
}

async function row(name: string) {
  const [found] = await db()
    .select()
    .from(contentPages)
    .where(and(eq(contentPages.kind, 'campaign'), eq(contentPages.name, name)));
  return found;
}

async function auditOf(name: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, 'campaign'), eq(auditLog.recordId, name)))
    .orderBy(asc(auditLog.id));
}

const setStatus = async (staff: Awaited<ReturnType<typeof signIn>>, name: string, status: string) =>
  staff.call<{ changed: boolean }>('POST', `/api/admin/content/${name}/status`, { status });

/** Puts the repository's files back in and the console's marks away, as a fresh import would find them. */
async function resetContent() {
  await db().update(contentPages).set({ statusSetBy: null, statusSetAt: null });
  await db().delete(contentPages).where(eq(contentPages.kind, 'campaign'));
  await importContent(db(), await repoFiles());
}

describe('the campaigns', () => {
  it('are listed with their state (no-store), and one campaign with what its file says', async () => {
    const manager = await signIn('manager@staff.example');
    const res = await manager.call<{ campaigns: CampaignRowJson[] }>('GET', '/api/admin/content');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.response.campaigns.map((c) => [c.name, c.status])).toEqual([
      ['summer-reds', 'published'],
      ['vintage-release', 'draft'],
      ['winter-preview', 'draft'],
    ]);
    const one = await manager.call<CampaignRowJson & { campaign: { title: string } }>(
      'GET',
      '/api/admin/content/vintage-release',
    );
    expect(one.body.response).toMatchObject({ status: 'draft', fileStatus: 'draft', statusSetBy: null });
    expect(one.body.response.campaign.title).toBe(VINTAGE.title);
    expect((await manager.call('GET', '/api/admin/content/no-such-campaign')).status).toBe(404);
  });

  it('are refused to support and fulfilment: 403, audited, nothing changed', async () => {
    for (const email of ['support@staff.example', 'fulfilment@staff.example']) {
      const staff = await signIn(email);
      const list = await staff.call('GET', '/api/admin/content');
      expect(list.status).toBe(403);
      expect(list.body.statusMessage).toBe(STAFF_TEXTS.forbidden);
      const res = await setStatus(staff, 'vintage-release', 'published');
      expect(res.status).toBe(403);
      expect(res.body.statusMessage).toBe(STAFF_TEXTS.forbidden);
    }
    expect((await row('vintage-release'))?.status).toBe('draft');
    expect((await auditOf('vintage-release')).map((a) => [a.actor, a.action, a.outcome])).toEqual([
      ['support@staff.example', 'campaign.publish', 'refused'],
      ['fulfilment@staff.example', 'campaign.publish', 'refused'],
    ]);
  });

  it('refuses a publish posted from another origin', async () => {
    const manager = await signIn('manager@staff.example');
    const res = await manager.call(
      'POST',
      '/api/admin/content/vintage-release/status',
      { status: 'published' },
      undefined,
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect((await row('vintage-release'))?.status).toBe('draft');
  });
});

describe('preview', () => {
  const PREVIEW = '/campaign?name=vintage-release&preview=true';

  it('shows a draft to a signed-in manager through the storefront’s own page, never stored', async () => {
    const manager = await signIn('manager@staff.example');
    const res = await manager.call('GET', PREVIEW);
    expect(res.status).toBe(200);
    expect(res.body.statusMessage).toContain(VINTAGE.hero.heading);
    expect(res.body.statusMessage).toContain('PREVIEW');
    expect(res.headers.get('cache-control')).toBe('no-store');
    // What the manager saw is not what anyone else gets afterwards.
    expect((await page(t.app, PREVIEW)).status).toBe(404);
  });

  it('is refused to signed-out visitors, shoppers, and staff whose role may not change content', async () => {
    expect((await page(t.app, PREVIEW)).status).toBe(404);
    expect((await page(t.app, '/campaign?name=vintage-release')).status).toBe(404);
    const shopper = createVisitor(() => t.app, 'law-au');
    expect((await shopper.login('shopper@example.com')).status).toBe(200);
    expect((await shopper.call('GET', PREVIEW)).status).toBe(404);
    const support = await signIn('support@staff.example');
    expect((await support.call('GET', PREVIEW)).status).toBe(404);
    // A made-up staff cookie is a signed-out visitor.
    expect((await page(t.app, PREVIEW, `staff_session=${'a'.repeat(43)}`)).status).toBe(404);
  });
});

describe('publish and unpublish', () => {
  it('publishes a draft: audited, and shoppers see it at once', async () => {
    await untilCaching(t.app);
    const manager = await signIn('manager@staff.example');
    const res = await setStatus(manager, 'vintage-release', 'published');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response).toEqual({ changed: true });
    expect(await row('vintage-release')).toMatchObject({ status: 'published', statusSetBy: 'manager@staff.example' });
    const [audit] = await auditOf('vintage-release').then((a) => a.filter((e) => e.outcome === 'done'));
    expect(audit).toMatchObject({
      actor: 'manager@staff.example',
      action: 'campaign.publish',
      before: { status: 'draft', statusSetBy: null, statusSetAt: null },
      after: { status: 'published', statusSetBy: 'manager@staff.example' },
    });
    await until(async () => (await page(t.app, '/campaign?name=vintage-release')).status === 200, 'the page to show');
    expect((await page(t.app, '/campaign?name=vintage-release')).text).toContain(VINTAGE.hero.heading);
    // Publishing again changes nothing and is not audited again.
    expect((await setStatus(manager, 'vintage-release', 'published')).body.response).toEqual({ changed: false });
    expect((await auditOf('vintage-release')).filter((e) => e.outcome === 'done')).toHaveLength(1);
    await resetContent();
  });

  it('unpublishes a cached campaign: it is the 404 page at once', async () => {
    await untilCaching(t.app);
    await page(t.app, '/campaign?name=summer-reds');
    const cached = await page(t.app, '/campaign?name=summer-reds');
    expect(cached).toMatchObject({ status: 200, cache: 'hit' });
    const manager = await signIn('manager@staff.example');
    expect((await setStatus(manager, 'summer-reds', 'draft')).status).toBe(200);
    await until(async () => (await page(t.app, '/campaign?name=summer-reds')).status === 404, 'the page to go');
    await resetContent();
  });
});

describe('the console’s status and the files', () => {
  it('survives a re-import and a restart, said so, until the file agrees; then the file leads again', async () => {
    const manager = await signIn('manager@staff.example');
    expect((await setStatus(manager, 'summer-reds', 'draft')).status).toBe(200);

    // A re-import of the unchanged files keeps it, and says so.
    const report = await importContent(db(), await repoFiles());
    expect(report.kept).toEqual([
      expect.objectContaining({
        name: 'summer-reds',
        status: 'draft',
        fileStatus: 'published',
        setBy: 'manager@staff.example',
      }),
    ]);
    expect(await findCampaign(db(), 'summer-reds', false)).toBeNull();

    // The file edited (not its status): the edit goes in, the console's status stays.
    const edited: ContentFile = {
      path: 'campaigns/summer-reds.json',
      text: JSON.stringify({ ...SUMMER, title: 'Summer reds, edited' }),
    };
    const others = (await repoFiles()).filter((f) => f.path !== edited.path);
    const editReport = await importContent(db(), [...others, edited]);
    expect(editReport.imported).toEqual(['summer-reds']);
    expect(editReport.kept.map((k) => k.name)).toEqual(['summer-reds']);
    expect(await row('summer-reds')).toMatchObject({ status: 'draft', statusSetBy: 'manager@staff.example' });
    expect((await findCampaign(db(), 'summer-reds', true))?.title).toBe('Summer reds, edited');

    // A restart: a new app on the same database imports the files on start, and logs what it kept.
    const logged: { level: number; msg: string }[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    await importContentOnStart(t.testDb.database, testConfig(), log);
    const restarted = t.appOn(t.testDb.database);
    await untilCaching(restarted);
    expect((await page(restarted, '/campaign?name=summer-reds')).status).toBe(404);
    const warning = logged.find((l) => l.msg.includes('summer-reds: kept "draft"'));
    expect(warning?.level).toBe(40);

    // The file comes to agree: the mark goes, and the file is the source again.
    const agreeing = { path: edited.path, text: JSON.stringify({ ...SUMMER, status: 'draft' }) };
    expect((await importContent(db(), [...others, agreeing])).kept).toEqual([]);
    expect(await row('summer-reds')).toMatchObject({ status: 'draft', statusSetBy: null, statusSetAt: null });
    await importContent(db(), await repoFiles());
    expect((await row('summer-reds'))?.status).toBe('published');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, across processes', () => {
  it('an unpublish and a publish through one process show on the page another process cached', async () => {
    const second = await t.anotherProcess();
    await untilCaching(second);
    await page(second, '/campaign?name=summer-reds');
    expect((await page(second, '/campaign?name=summer-reds')).cache).toBe('hit');
    const manager = await signIn('manager@staff.example');
    expect((await setStatus(manager, 'summer-reds', 'draft')).status).toBe(200);
    await until(async () => (await page(second, '/campaign?name=summer-reds')).status === 404, 'the other process');
    expect((await setStatus(manager, 'summer-reds', 'published')).status).toBe(200);
    await until(async () => (await page(second, '/campaign?name=summer-reds')).status === 200, 'the other process');
    await resetContent();
  });
});
