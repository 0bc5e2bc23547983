import type { Page } from '@playwright/test';
import { expect, gotoHydrated, logIn, siteUrl, test } from './support/fixtures';

// CONTRACT.md "Languages": every page type of the Chinese sites reads in Chinese. What a shopper sees (the body's
// innerText: visible elements only) and the document's title may hold Latin-script words only where they are names
// — product names and the wines' own names (grapes, regions, producers), marked translate="no" on the page, and the
// brand's name — or one of the few words below that Chinese pages write in Latin letters too.

/** Words a Chinese page writes in Latin letters too (compared in lower case): card brands, units, codes. */
const ALLOWED = new Set([
  // Card brands and the card's own fields.
  'visa',
  'mastercard',
  'amex',
  'cvc',
  'mm',
  'yy',
  // The medium and the address the shopper gives.
  'email',
  'e',
  // Units.
  'ml',
  'l',
  // The sample e-gift card's amount before one is chosen (HK$XX, NT$XX).
  'xx',
]);

/** The money symbols and codes a page shows with digits (HK$1,234.00, NT$1,234, order numbers, item codes). */
const NOT_WORDS = [
  /HK\$|NT\$/g,
  /\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b/g, // email addresses
  /\b[A-Za-z]*-?\d[\w-]*/g, // anything with a digit: item codes, order numbers (LAW-100231), 4242, 750ml
  /\b[AZ]\s*[–-]\s*[AZ]\b/g, // a name sort: A–Z, Z–A
];

const LATIN_WORD = /\p{Script=Latin}+(?:['’]\p{Script=Latin}+)*/gu;

const SITES = [
  { site: 'law-hk', brand: 'Laithwaites' },
  { site: 'hlw-hk', brand: 'Hong Kong Laithwaites' },
  { site: 'law-tw', brand: 'Laithwaites' },
] as const;

/**
 * The Latin words on the page outside names: its title (which may name what the page shows), then what the body
 * shows. The words of the names the page marks translate="no" are names wherever they show; `own` are words the
 * shopper gave (a search term, their name).
 */
async function latinWords(page: Page, brand: string, own: readonly string[] = []): Promise<string[]> {
  const { body, title, names } = await page.evaluate(() => {
    // Names stay as they are (translate="no"): left out while the text is read.
    const names = [...document.querySelectorAll<HTMLElement>('[translate="no"]')].map((e) => e.innerText).join(' ');
    const style = document.createElement('style');
    style.textContent = '[translate="no"] { display: none !important; }';
    document.head.append(style);
    const text = { body: document.body.innerText, title: document.title, names };
    style.remove();
    return text;
  });
  const nameWords = new Set([...own, ...(names.match(LATIN_WORD) ?? [])].map((w) => w.toLowerCase()));
  const brandWords = new Set(brand.toLowerCase().split(/\s+/));
  const initials = brand
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .toLowerCase();
  const words = (text: string) => {
    let rest = text;
    for (const pattern of NOT_WORDS) rest = rest.replace(pattern, ' ');
    return (rest.match(LATIN_WORD) ?? []).filter((word) => {
      const w = word.toLowerCase();
      return !ALLOWED.has(w) && !brandWords.has(w) && w !== initials;
    });
  };
  const titleWords = words(title).filter((w) => !nameWords.has(w.toLowerCase()));
  // A product name may be part of a sentence too ('Quantity of {name}'): its words are names wherever they show.
  const bodyWords = words(body).filter((w) => !nameWords.has(w.toLowerCase()));
  return [...new Set([...titleWords.map((w) => `title: ${w}`), ...bodyWords])];
}

const PUBLIC_PAGES = [
  ['home', '/'],
  ['listing', '/wines?name=red-wine'],
  ['search', '/wines?Ntt=shiraz&Nty=1'],
  ['product', '/product/D0001'],
  ['mixed case product', '/product/M0001'],
  ['login', '/login'],
  ['registration', '/registration'],
  ['gift vouchers', '/gift-vouchers'],
  ['content page', '/about-us'],
] as const;

const ACCOUNT_PAGES = [
  '/account',
  '/account/personal-details',
  '/account/payment-methods',
  '/account/settings',
  '/account/purchased',
  '/account/wine-cellar',
  '/account/preferences',
  '/account/memberships',
  '/account/gift-cards-and-vouchers',
  '/account/favourites',
  '/account/top-rated',
  '/account/not-for-me',
  '/account/recommendations',
] as const;

for (const { site, brand } of SITES) {
  test.describe(`${site}: no English outside names`, () => {
    test('on the public pages and the 404 page', async ({ page, allowConsoleErrors }) => {
      allowConsoleErrors(/Failed to load resource: .* 404 .*\/no-such-page\)$/);
      const found: Record<string, string[]> = {};
      for (const [label, path] of PUBLIC_PAGES) {
        await gotoHydrated(page, siteUrl(site, path));
        // The search term is the shopper's own.
        found[label] = await latinWords(page, brand, label === 'search' ? ['shiraz'] : []);
      }
      await page.goto(siteUrl(site, '/no-such-page'));
      found['404'] = await latinWords(page, brand);
      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
    });

    test('on the cart with a line and the checkout', async ({ page, cart }) => {
      await page.goto(siteUrl(site, '/robots.txt'));
      await cart.addItem('D0001', 1);
      const found: Record<string, string[]> = {};
      await gotoHydrated(page, siteUrl(site, '/cart'));
      found.cart = await latinWords(page, brand);
      await gotoHydrated(page, siteUrl(site, '/checkout'));
      found.checkout = await latinWords(page, brand);
      expect(found).toEqual({ cart: [], checkout: [] });
    });

    test('on the account pages of the demo customer', async ({ page }) => {
      await logIn(page, 'shopper@example.com', { site });
      const found: Record<string, string[]> = {};
      for (const path of ACCOUNT_PAGES) {
        await gotoHydrated(page, siteUrl(site, path));
        // The demo customer's own name (the greeting names them).
        found[path] = await latinWords(page, brand, ['olivia', 'bennett']);
      }
      expect(found).toEqual(Object.fromEntries(ACCOUNT_PAGES.map((p) => [p, []])));
    });
  });
}
