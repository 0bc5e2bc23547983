import type { Context } from 'hono';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { ITEM_CODE_MESSAGES, itemCodeText } from '../domain/catalogue-inputs';
import { ITEM_CODE_PATTERN } from '../domain/item-code';
import { OFFER_CODE_PATTERN } from '../domain/offer-codes';
import { cookieHeader, SHOP_COOKIES, type ShopCookie, secureOrigin } from '../http/cookies';
import { readJsonBody } from './api/router';
import { spendCodeTry } from './budget-guards';
import { failInput, ok } from './envelope';
import { findReferral } from '../services/vouchers/referrals';
import type { AppEnv } from './types';

/** SPEC §2: name=fill-the-box-{n}btl, n from 1 to 14 (at 15 the box is full). */
const FILL_THE_BOX = /^fill-the-box-([1-9]|1[0-4])btl$/;

/** A code from a link, or undefined when it is missing or not one of ours: ignored, never echoed. */
const LinkCode = z.string().trim().regex(OFFER_CODE_PATTERN).optional().catch(undefined);

const OfferLinkQuerySchema = z.object({
  code: LinkCode,
  promoCode: LinkCode,
  name: z.string().optional().catch(undefined),
});

const offerLinkQuery = validator('query', (value) => OfferLinkQuerySchema.parse(value));

/**
 * Kept 30 days (SPEC §9 "Timings"; the referral code of /offer as long). Not HttpOnly on purpose: the page
 * reads the voucher code to show and apply it.
 */
function saveCode(c: Context<AppEnv>, cookie: ShopCookie, code: string): void {
  c.header('Set-Cookie', cookieHeader(cookie, code, secureOrigin(c.var.ctx.origin)), { append: true });
}

/**
 * SPEC §7: the add-on success modal's content. The image must be one of our own image paths: no scheme,
 * no host (`//`), no `..` and no backslash, so the modal can never be made to load from another site.
 */
const AddOnSuccessBodySchema = z.object(
  {
    itemCode: itemCodeText(ITEM_CODE_MESSAGES.give, 'itemCode is required.'),
    name: z
      .string({ error: 'name is required.' })
      .trim()
      .min(1, 'Please give the name of the item.')
      .max(200, 'The item name must be 200 characters or fewer.'),
    image: z
      .string({ error: 'image is required.' })
      .trim()
      .max(300, 'The image path is too long.')
      .regex(
        /^\/images\/(?!.*\/\/)(?!.*\.\.)[A-Za-z0-9/_.-]+$/,
        'The image must be a path on this site under /images/.',
      ),
  },
  { error: 'The request body must be a JSON object with itemCode, name and image.' },
);

// Legacy /jsp/* paths kept for old links and bookmarks (CONTRACT.md "Legacy paths").
export const legacyRoutes = new Hono<AppEnv>()
  .get('/jsp/content/au/vws/privacy_policy.jsp', (c) => c.redirect('/privacy-policy', 301))
  .get('/jsp/cart/shopping_cart.jsp', (c) => {
    const query = new URL(c.req.url).search;
    return c.redirect(`/cart${query}`, 301);
  })
  // SPEC §2: the e-gift card link (test hosts link it; every host answers it) opens the gift voucher form
  // with that card chosen. Only an item code is passed on; anything else opens the form with none chosen.
  .get('/jsp/product/purchaseVoucher.jsp', (c) => {
    const itemCode = c.req.query('itemCode')?.trim() ?? '';
    return c.redirect(
      ITEM_CODE_PATTERN.test(itemCode) ? `/gift-vouchers?itemCode=${encodeURIComponent(itemCode)}` : '/gift-vouchers',
      301,
    );
  })
  // SPEC §2: the offer page saves voucher codes, and name=fill-the-box-{n}btl sends to the catalogue.
  .get('/jsp/offer/common/offer.jsp', offerLinkQuery, (c) => {
    const query = c.req.valid('query');
    const code = query.code ?? query.promoCode;
    if (code) saveCode(c, SHOP_COOKIES.voucher, code);
    const fill = FILL_THE_BOX.exec(query.name ?? '');
    if (fill) return c.redirect(`/wines?fillTheBox=${fill[1]}`, 302);
    return c.redirect(code ? '/cart' : '/', 302);
  })
  // SPEC §2: /offer saves a code parameter as a referral code; the landing page (app/routes/offer.tsx) then shows
  // the offer. A customer's referral code is also a voucher for the friend: it is saved for the cart as well.
  .get('/offer', offerLinkQuery, async (c, next) => {
    const code = c.req.valid('query').code;
    // A code tried spends from the client's budget: the page names a valid code's owner (an oracle to guess with).
    if (code) await spendCodeTry(c, c.var.ctx.cookies.cart_id ?? null);
    await next();
    if (!code) return;
    saveCode(c, SHOP_COOKIES.referral, code);
    if (await findReferral(c.var.ctx.db, c.var.ctx.site, code)) saveCode(c, SHOP_COOKIES.voucher, code.toUpperCase());
  })
  // SPEC §7: the add-on success modal. Answers JSON the modal renders as text (never HTML), so nothing here is escaped.
  .post(
    '/jsp/templates/page_elements/au/common/cart_addon_success_modal.jsp',
    readJsonBody,
    validator('json', (value, c) => {
      const parsed = AddOnSuccessBodySchema.safeParse(value);
      return parsed.success ? parsed.data : failInput(c, parsed.error.issues);
    }),
    (c) => {
      const { itemCode, name, image } = c.req.valid('json');
      return ok(c, {
        title: /*i18n*/ 'Added to your cart',
        itemCode,
        name,
        image,
        message: `${name} has been added to your cart.`,
      });
    },
  );
