import { createHash } from 'node:crypto';
import type { Context, Next } from 'hono';
import type { Clock } from '../../domain/clock';
import { escapeHtml } from '../../domain/html';
import { FIRST_NAME_SLOT, PAGE_FILL_GLOBAL, type PageFill, SCRIPT_COOKIE } from '../../domain/page-fill';
import { scriptJson } from '../../http/script-json';
import { answerBytes, isWholeAnswer } from '../../http/whole-answer';
import { loadPageFill } from '../../services/personal/page-fill';
import type { Visitor } from '../../domain/identity-rules';
import { replaceAnswer } from './answer-header';
import {
  encodedAnswer,
  concurrentRenders,
  inlineScriptHashes,
  isSharedPage,
  keptHeaders,
  OLD_IE,
  type PageStore,
  PRODUCT_PATH,
  sharedPageKey,
  type StoredPage,
  shareableHtml,
} from './page-cache';
import { type DeflatedPart, deflatePart, gzipOf, storedPart } from './spliced-gzip';
import type { AppEnv } from '../types';

// Shared pages for customers (decision 036). The pages the page cache shares among Prospects are, for a logged-in
// customer, the same for everyone of their segment (site, tier, Unlimited status, age confirmed, a cart or not)
// but for a few things of their own: their email (page data), their first name (a remembered visitor's welcome)
// and their favourites. Such a page is rendered once per segment with none of those, stored compressed in parts,
// and each answer puts the visitor's own part between the parts: one inline script the page's scripts read, and
// the first name in its slot. A product page that would show the visitor more is rendered for them alone.

/** A stored segment page: the parts between its slots, compressed, and what goes in each slot. */
export interface SegmentPage extends StoredPage {
  parts: DeflatedPart[];
  slots: ('fill' | 'first-name')[];
  headers: [string, string][];
  scriptHashes: string[];
}

/** The visitor a segment's page is rendered for: their tier and Unlimited status, nobody's email nor name. */
function segmentVisitor(visitor: Visitor): Visitor {
  return { ...visitor, customerId: null, email: '', firstName: visitor.firstName ? FIRST_NAME_SLOT : '' };
}

const PAGE_DATA_SCRIPT = /<script\b[^>]*>window\.pageData=/;
const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;

/**
 * Where the visitor's part goes: the filled-in script right after the page data script (so the page data has the
 * visitor's email before any other script reads it), and the first name wherever the page's text has its slot
 * (never inside a script: the router's data keeps the slot, and the page's script reads the name from the fill).
 * Null when the page has no page data script (it is not one of ours to fill).
 */
export function slotsOf(html: string): { at: number; end: number; slot: 'fill' | 'first-name' }[] | null {
  const pageData = PAGE_DATA_SCRIPT.exec(html);
  if (!pageData) return null;
  const close = html.indexOf('</script>', pageData.index);
  if (close < 0) return null;
  const afterPageData = close + '</script>'.length;
  const scripts = [...html.matchAll(SCRIPT_ELEMENT)].map((m) => [m.index, m.index + m[0].length] as const);
  const slots: { at: number; end: number; slot: 'fill' | 'first-name' }[] = [
    { at: afterPageData, end: afterPageData, slot: 'fill' },
  ];
  for (let at = html.indexOf(FIRST_NAME_SLOT); at >= 0; at = html.indexOf(FIRST_NAME_SLOT, at + 1)) {
    if (scripts.some(([start, end]) => at > start && at < end)) continue;
    slots.push({ at, end: at + FIRST_NAME_SLOT.length, slot: 'first-name' });
  }
  return slots.sort((a, b) => a.at - b.at);
}

/** The filled-in script's text: the fill as a global, and the visitor's email put into the page data. */
export function fillScript(fill: PageFill): string {
  return `window.${PAGE_FILL_GLOBAL}=${scriptJson(fill)};window.pageData&&(window.pageData.email=window.${PAGE_FILL_GLOBAL}.email);`;
}

function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function filledAnswer(c: Context<AppEnv>, page: SegmentPage, fill: PageFill, state: 'hit' | 'miss'): Response {
  const script = fillScript(fill);
  const parts: DeflatedPart[] = [page.parts[0] as DeflatedPart];
  page.slots.forEach((slot, i) => {
    const text = slot === 'fill' ? `<script>${script}</script>` : escapeHtml(fill.firstName);
    parts.push(storedPart(Buffer.from(text, 'utf8')), page.parts[i + 1] as DeflatedPart);
  });
  c.set('cspScriptHashes', [...page.scriptHashes, sha256Source(script)]);
  const headers = new Headers(page.headers);
  headers.set('Vary', 'Accept-Encoding, Cookie');
  headers.set('X-Cache', state);
  // NOTE: the parts are gzip's; the few clients that take no gzip get the page uncompressed.
  return encodedAnswer(c, headers, { gzip: gzipOf(parts) });
}

/**
 * The page made from a segment's render, or null when the answer is not a page to fill in. `personal`: it holds
 * `email` (the rendering visitor's), so something of theirs went into it: it is served, never stored.
 */
async function segmentPageOf(
  res: Response,
  key: string,
  expires: number,
  email: string,
): Promise<{ page: SegmentPage; personal: boolean } | null> {
  if (!shareableHtml(res)) return null;
  const bytes = await answerBytes(res);
  if (!bytes) return null;
  const html = bytes.toString('utf8');
  const slots = slotsOf(html);
  if (!slots) return null;
  const parts: DeflatedPart[] = [];
  let from = 0;
  for (const { at, end } of slots) {
    parts.push(deflatePart(Buffer.from(html.slice(from, at), 'utf8')));
    from = end;
  }
  parts.push(deflatePart(Buffer.from(html.slice(from), 'utf8')));
  const page: SegmentPage = {
    parts,
    slots: slots.map((s) => s.slot),
    headers: keptHeaders(res),
    scriptHashes: inlineScriptHashes(html),
    bytes: parts.reduce((sum, p) => sum + p.deflated.byteLength, 0) + key.length + 512,
    expires,
  };
  return { page, personal: email !== '' && html.toLowerCase().includes(email.toLowerCase()) };
}

/**
 * A request a shared customer page may answer: a GET or HEAD of a shared page from a browser that runs the page's
 * scripts (SCRIPT_COOKIE). The request context keeps the login of such a request (services/identity/visitor-cache.ts).
 */
export function mayShareWithCustomer(method: string, url: URL, cookies: Record<string, string>): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    cookies[SCRIPT_COOKIE] === '1' &&
    isSharedPage(url.pathname, url.searchParams)
  );
}

/**
 * Serves the shared pages to logged-in customers whose browser runs the page's scripts (SCRIPT_COOKIE); others
 * (no scripts: nothing would fill the page in) get pages rendered for them alone, as before. Runs after the
 * request's context is made (the visitor decides the segment) and before the read limits, so a stored search
 * costs no search budget, as for a Prospect.
 */
export function segmentPages(options: {
  store: PageStore<SegmentPage>;
  active: () => boolean;
  clock: Clock;
  ttlMs: number;
}) {
  const { store } = options;
  const renders = concurrentRenders<SegmentPage>();
  return async (c: Context<AppEnv>, next: Next) => {
    const method = c.req.method;
    const ctx = c.var.ctx;
    const url = new URL(c.req.url);
    if (ctx.visitor.tier === 'Prospect' || !options.active() || !mayShareWithCustomer(method, url, ctx.cookies))
      return next();
    // An ended login's cookies are being cleared on this answer: it goes as rendered.
    if (c.res.headers.has('set-cookie') || OLD_IE.test(c.req.header('user-agent') ?? '')) return next();
    const visitor = ctx.visitor;
    const key = [
      sharedPageKey(ctx.origin, url, ctx.cookies),
      visitor.tier,
      visitor.unlimitedStatus ?? '-',
      visitor.firstName ? 'named' : '-',
    ].join('|');
    const productCode = PRODUCT_PATH.test(url.pathname)
      ? decodeURIComponent(url.pathname.slice(url.pathname.lastIndexOf('/') + 1))
      : null;
    const { fill, own } = await loadPageFill(ctx, productCode);
    if (own) return next();
    // NOTE: no await before the claim below unless a render is under way (the check and claim in one turn).
    const pending = renders.pending(key);
    const cached = store.get(key) ?? (pending ? await pending : undefined);
    if (cached) {
      store.count(true);
      return filledAnswer(c, cached, fill, 'hit');
    }
    store.count(false);
    const generation = store.generation();
    const claim = renders.claim(key, method);
    const favourites = ctx.favourites;
    try {
      try {
        ctx.visitor = segmentVisitor(visitor);
        ctx.favourites = [];
        ctx.sharedRender = true;
        ctx.pageFill = true;
        await next();
      } finally {
        ctx.visitor = visitor;
        ctx.favourites = favourites;
        ctx.sharedRender = false;
        ctx.pageFill = false;
      }
      // NOTE: only a whole answer (a page of ours) is read: its bytes stay beside it, so one not shared still goes.
      const made =
        method === 'GET' && isWholeAnswer(c.res)
          ? await segmentPageOf(c.res, key, options.clock.now().getTime() + options.ttlMs, visitor.email)
          : null;
      if (!made) return;
      const { page, personal } = made;
      if (!personal) store.set(key, page, generation);
      claim.settle(generation === store.generation() && store.get(key) === page ? page : null);
      replaceAnswer(c, filledAnswer(c, page, fill, 'miss'));
    } finally {
      claim.done();
    }
  };
}
