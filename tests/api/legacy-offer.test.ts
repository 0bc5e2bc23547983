import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';

const t = useTestApp();

function get(path: string, host = 'law-au.localhost:3000') {
  return t.app.request(path, { headers: { host } });
}

const THIRTY_DAYS = 30 * 24 * 60 * 60;

function cookies(res: Response): string[] {
  return res.headers.getSetCookie();
}

/** The one Set-Cookie for a name, split into its value and attributes. */
function cookie(res: Response, name: string) {
  const found = cookies(res).filter((c) => c.startsWith(`${name}=`));
  expect(found).toHaveLength(1);
  const [pair, ...attrs] = found[0]!.split(';').map((s) => s.trim());
  return { value: pair!.slice(name.length + 1), attrs: attrs.map((a) => a.toLowerCase()) };
}

function expectCodeCookie(res: Response, name: string, value: string) {
  const c = cookie(res, name);
  expect(c.value).toBe(value);
  expect(c.attrs).toContain(`max-age=${THIRTY_DAYS}`);
  expect(c.attrs).toContain('path=/');
  expect(c.attrs).toContain('samesite=lax');
  // The page reads the code, so the cookie is not HttpOnly; on http it is not Secure either.
  expect(c.attrs).not.toContain('httponly');
  expect(c.attrs).not.toContain('secure');
}

async function expectRedirect(res: Response, location: string) {
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe(location);
  // A redirect, never a page that could echo the input.
  expect(await res.text()).not.toMatch(/<|script/i);
}

describe('GET /jsp/offer/common/offer.jsp', () => {
  it('sends name=fill-the-box-{n}btl to /wines?fillTheBox={n} for n from 1 to 14', async () => {
    for (const n of [1, 2, 9, 10, 13, 14]) {
      const res = await get(`/jsp/offer/common/offer.jsp?name=fill-the-box-${n}btl`);
      await expectRedirect(res, `/wines?fillTheBox=${n}`);
      expect(cookies(res)).toEqual([]);
    }
  });

  it('ignores fill-the-box names out of range or of the wrong shape', async () => {
    for (const name of [
      'fill-the-box-0btl',
      'fill-the-box-15btl',
      'fill-the-box-01btl',
      'fill-the-box-btl',
      'fill-the-box-3',
      'Fill-The-Box-3btl',
      'fill-the-box-3btl<script>',
      'other',
    ]) {
      const res = await get(`/jsp/offer/common/offer.jsp?name=${encodeURIComponent(name)}`);
      await expectRedirect(res, '/');
      expect(cookies(res)).toEqual([]);
    }
  });

  it('saves code= as the voucher cookie for 30 days and goes to the cart', async () => {
    const res = await get('/jsp/offer/common/offer.jsp?code=WELCOME20');
    await expectRedirect(res, '/cart');
    expectCodeCookie(res, 'voucher_code', 'WELCOME20');
  });

  it('saves promoCode= the same way', async () => {
    const res = await get('/jsp/offer/common/offer.jsp?promoCode=SPRING-24');
    await expectRedirect(res, '/cart');
    expectCodeCookie(res, 'voucher_code', 'SPRING-24');
  });

  it('keeps the code and still sends a fill-the-box link to the catalogue', async () => {
    const res = await get('/jsp/offer/common/offer.jsp?name=fill-the-box-3btl&code=WELCOME20');
    await expectRedirect(res, '/wines?fillTheBox=3');
    expectCodeCookie(res, 'voucher_code', 'WELCOME20');
  });

  it('ignores codes that are not 1-32 letters, digits or dashes: no cookie, home page', async () => {
    for (const bad of ['', 'WELCOME 20', 'WELCOME20;path=/x', '<b>x</b>', 'A'.repeat(33), 'ÜBER10', 'a_b']) {
      for (const key of ['code', 'promoCode']) {
        const res = await get(`/jsp/offer/common/offer.jsp?${key}=${encodeURIComponent(bad)}`);
        await expectRedirect(res, '/');
        expect(cookies(res)).toEqual([]);
      }
    }
  });

  it('sends a bare visit to the home page', async () => {
    const res = await get('/jsp/offer/common/offer.jsp');
    await expectRedirect(res, '/');
    expect(cookies(res)).toEqual([]);
  });

  it('marks the cookie Secure on https', async () => {
    const res = await t.app.request('https://law-au.localhost/jsp/offer/common/offer.jsp?code=WELCOME20', {
      headers: { host: 'law-au.localhost' },
    });
    await expectRedirect(res, '/cart');
    expect(cookie(res, 'voucher_code').attrs).toContain('secure');
  });
});

describe('GET /offer', () => {
  // The landing page itself is React (tests/e2e/referrals.spec.ts); here: what the server saves before it.
  it('saves code= as the referral cookie for 30 days and lets the landing page answer', async () => {
    const res = await get('/offer?code=FRIEND-42');
    expect(res.status).not.toBe(302);
    expectCodeCookie(res, 'referral_code', 'FRIEND-42');
    // Not a customer's referral code: nothing for the cart.
    expect(cookies(res).some((c) => c.startsWith('voucher_code='))).toBe(false);
  });

  it('saves no cookie when the code is missing or malformed', async () => {
    for (const query of ['', '?code=', '?code=%3Cscript%3E', `?code=${'B'.repeat(33)}`, '?promoCode=WELCOME20']) {
      const res = await get(`/offer${query}`);
      expect(res.status).not.toBe(302);
      expect(cookies(res)).toEqual([]);
    }
  });
});
