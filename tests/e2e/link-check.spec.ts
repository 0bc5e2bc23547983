import { SITE_IDS } from '../../domain/sites';
import { type Answer, DEMO_PASSWORD, expect, PORT, siteRequest as get, test } from './support/fixtures';

// Every internal link a shopper can reach from the home page, a listing, a product page, the cart and (for a
// customer) the account area answers — on every site, as a prospect and as a customer. A 404 fails the test.

/** Follows same-site redirects (up to 5) to the page's answer. */
async function follow(site: string, path: string, cookie: string): Promise<Answer & { path: string }> {
  let current = path;
  for (let hop = 0; hop < 5; hop++) {
    const answer = await get(site, current, cookie);
    if (answer.status < 300 || answer.status >= 400 || !answer.location) return { ...answer, path: current };
    const next = new URL(answer.location, `http://${site}.localhost:${PORT}`);
    if (next.hostname !== `${site}.localhost`) return { ...answer, path: current };
    current = `${next.pathname}${next.search}`;
  }
  throw new Error(`${site}${path}: too many redirects`);
}

/** Internal page links of a server-rendered page (not assets, images, tel:/mailto: or other hosts). */
function linksOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)) {
    const href = (match[1] ?? '').replaceAll('&amp;', '&');
    if (!href.startsWith('/') || href.startsWith('//')) continue;
    const path = href.split('#')[0] ?? '';
    if (!path || /^\/(assets|images)\//.test(path)) continue;
    found.add(path);
  }
  return [...found];
}

async function logInCookie(site: string): Promise<string> {
  const res = await get(
    site,
    '/api/authentication/login',
    '',
    'POST',
    JSON.stringify({ email: 'shopper@example.com', password: DEMO_PASSWORD }),
  );
  expect(res.status, `log in on ${site}`).toBe(200);
  return res.cookies.join('; ');
}

const START = ['/', '/wines', '/product/D0001', '/cart'];
const ACCOUNT = ['/account', '/account/purchased', '/account/memberships', '/account/favourites'];

for (const site of SITE_IDS) {
  test(`no internal link is a 404 on ${site}, for a prospect or a customer`, async () => {
    test.setTimeout(120_000);
    const broken: string[] = [];
    // A link is followed once per site, by the first visitor whose pages show it: whether a path exists does not
    // depend on who asks, and the customer's own pages (the account area) are only linked for the customer.
    const followed = new Set<string>();
    for (const who of ['prospect', 'customer'] as const) {
      const cookie = who === 'customer' ? await logInCookie(site) : '';
      const starts = who === 'customer' ? [...START, ...ACCOUNT] : START;
      const links = new Set<string>();
      for (const start of starts) {
        const page = await follow(site, start, cookie);
        expect(page.status, `${site}${start} (${who})`).toBe(200);
        for (const link of linksOf(page.body)) links.add(link);
      }
      for (const link of links) {
        if (followed.has(link)) continue;
        followed.add(link);
        const answer = await follow(site, link, cookie);
        if (answer.status >= 400) broken.push(`${who}: ${link} → ${answer.status}`);
      }
    }
    expect(broken, `broken links on ${site}`).toEqual([]);
  });
}
