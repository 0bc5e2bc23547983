import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ITEM_CODE_PATTERN } from '../../domain/item-code';
import { CURRENCY_CODES, SITE_IDS, type SiteId } from '../../domain/sites';
import { ServiceError } from '../../services/platform/service-error';
import { PRICE_FILE_COLUMNS, PRICE_FILE_MAX_BYTES, PRODUCT_ERRORS } from '../../domain/staff-products';
import {
  applyPriceFile,
  changeProduct,
  loadStaffProduct,
  previewPriceFile,
  searchProducts,
  setProductHidden,
} from '../../services/staff/products';
import { priceFileOf } from '../catalogue-file';
import { ok } from '../envelope';
import { staffRequestOf } from './admin';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';

// The console's products as JSON calls (CONTRACT.md `/admin/products`): search, a product's page, price and stock
// changes, hide and publish, and a price file's preview and apply. Who may is asked of services/staff/products.ts.
// Roles: owner, manager.

const SiteSchema = z
  .enum(SITE_IDS as [SiteId, ...SiteId[]], { message: 'A site is a site id such as law-au.' })
  .describe('The site whose currency the prices are in; a price holds on every site of that currency.');

const ItemCodeParamSchema = z.object({
  itemCode: z.string().regex(ITEM_CODE_PATTERN, 'An item code such as D0001.'),
});

const SearchQuerySchema = z.object({
  q: z.string().trim().max(200).optional().describe('An item code (a product’s or a pack’s), or a part of the name.'),
  site: SiteSchema.default('law-au'),
  after: z.string().regex(ITEM_CODE_PATTERN, 'after is the next value of the page before.').optional(),
});

const SiteQuerySchema = z.object({ site: SiteSchema.default('law-au') });

const cents = z.number().int().nullable();

const ProductRowSchema = z.object({
  itemCode: z.string(),
  name: z.string(),
  vintage: z.number().int().nullable(),
  hidden: z.boolean(),
  stockBottles: z.number().int().nullable(),
  listPriceCents: cents,
  salePriceCents: cents,
});

const StaffProductSchema = z.object({
  itemCode: z.string(),
  name: z.string(),
  vintage: z.number().int().nullable(),
  producer: z.string(),
  productType: z.string(),
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  stockBottles: z.number().int().nullable().describe('Bottles in stock; null: not counted.'),
  availability: z.string(),
  path: z.string().describe('The storefront page (404 to shoppers while hidden).'),
  site: z.string(),
  currency: z.enum(CURRENCY_CODES),
  sharedWith: z.array(z.string()).describe('Every site the prices of this currency hold on.'),
  skus: z.array(
    z.object({
      itemCode: z.string(),
      bottles: z.number().int(),
      listPriceCents: cents,
      salePriceCents: cents,
      vppPriceCents: cents.describe('The volume price per bottle, where the pack has one.'),
      vppApplier: z.boolean(),
      memberPriceCents: cents.describe('An Unlimited member’s price, where it has one.'),
    }),
  ),
});

/** An amount as typed or sent: `24.99`, or a number. */
const Amount = z
  .union([z.string().max(20), z.number()])
  .transform(String)
  .describe('In the currency’s units: 24.99 (AUD), 890 (TWD has no cents).');

const ChangeSchema = z.object({
  site: SiteSchema,
  prices: z
    .array(
      z.object({
        sku: z.string().regex(ITEM_CODE_PATTERN),
        listPrice: Amount.optional(),
        salePrice: Amount.optional(),
      }),
    )
    .max(20)
    .optional()
    .describe('New prices of the product’s packs; a pack left out keeps its prices.'),
  stockBottles: z
    .union([z.string().max(20), z.number()])
    .transform(String)
    .optional(),
});

const HideSchema = z.object({ site: SiteSchema.default('law-au') });

const FileSchema = z.object({
  file: z
    .any()
    .describe(`A CSV file with the columns ${PRICE_FILE_COLUMNS.join(', ')}; at most ${PRICE_FILE_MAX_BYTES} bytes.`),
  token: z.string().max(200).optional().describe('apply: the token of the preview this file was shown with.'),
});

const PreviewSchema = z.object({
  rows: z.array(
    z.object({
      line: z.number().int(),
      sku: z.string(),
      productItemCode: z.string(),
      currency: z.string(),
      oldListCents: z.number().int(),
      oldSaleCents: z.number().int(),
      newListCents: z.number().int(),
      newSaleCents: z.number().int(),
      changed: z.boolean(),
    }),
  ),
  problems: z.array(z.object({ line: z.number().int(), message: z.string() })),
  changes: z.number().int(),
  products: z.number().int(),
  token: z.string(),
});

const multipart = (description: string) =>
  ({ required: true, description, content: { 'multipart/form-data': { schema: FileSchema } } }) as const;

export const adminProductsApi = createApiRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      summary: 'Search products by item code or name, hidden ones too; by item code, paged',
      description:
        '`after`: the `next` of the previous page. Prices are the single bottle’s in the site’s currency. ' +
        'Roles: owner, manager.',
      request: { query: SearchQuerySchema },
      responses: responses(
        z.object({
          products: z.array(ProductRowSchema),
          next: z.string().nullable(),
          currency: z.enum(CURRENCY_CODES),
          sharedWith: z.array(z.string()),
        }),
        'One page of products.',
        [400, 401, 403, 404],
      ),
    }),
    async (c) => {
      const { ctx } = c.var;
      return ok(c, await searchProducts(ctx.db, ctx.clock, staffRequestOf(c), c.req.valid('query')));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/prices/preview',
      summary: 'Preview a price file (CSV upload): old and new price per row, refused rows by line; changes nothing',
      request: { body: multipart('The price file.') },
      responses: responses(PreviewSchema, 'The preview.', [400, 401, 403]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const request = staffRequestOf(c);
      const file = await priceFileOf(c.req.valid('form').file);
      return ok(c, await previewPriceFile(ctx.db, ctx.clock, request, file));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/prices/apply',
      summary: 'Apply a previewed price file in one transaction (one audit entry per product changed)',
      description:
        'Send the same file with the preview’s `token`. Refused rows: 400, nothing changes. Prices changed since the ' +
        'preview: 409, nothing changes; preview the file again.',
      request: { body: multipart('The price file and its preview’s token.') },
      responses: responses(
        z.object({ applied: z.literal(true), changes: z.number().int(), products: z.number().int() }),
        'Applied.',
        [400, 401, 403, 409],
      ),
    }),
    async (c) => {
      const { ctx } = c.var;
      const request = staffRequestOf(c);
      const form = c.req.valid('form');
      const file = await priceFileOf(form.file);
      const result = await applyPriceFile(ctx.db, ctx.clock, request, file, form.token ?? '');
      if (!result.applied) throw new ServiceError(PRODUCT_ERRORS.stale);
      return ok(c, result);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{itemCode}',
      summary: 'A product: prices per pack size in the site’s currency, volume and member prices, stock, hidden or not',
      request: { params: ItemCodeParamSchema, query: SiteQuerySchema },
      responses: responses(StaffProductSchema, 'The product.', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const { site } = c.req.valid('query');
      return ok(c, await loadStaffProduct(ctx.db, ctx.clock, staffRequestOf(c), c.req.valid('param').itemCode, site));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{itemCode}',
      summary: 'Change a product’s prices (in the site’s currency, on every site of it) and stock; audited',
      description:
        'Checked as the catalogue file is: a sale price above its list price, a pack dearer than as many single ' +
        'bottles, an amount the currency cannot hold (TWD has no cents) or a negative stock is refused and nothing ' +
        'changes. The storefront shows the change at once.',
      middleware: [readJsonBody] as const,
      request: { params: ItemCodeParamSchema, body: jsonBody(ChangeSchema) },
      responses: responses(StaffProductSchema, 'Changed.', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const body = c.req.valid('json');
      const prices = Object.fromEntries(
        (body.prices ?? []).map((p) => [p.sku.toUpperCase(), { list: p.listPrice, sale: p.salePrice }]),
      );
      return ok(
        c,
        await changeProduct(ctx.db, ctx.clock, staffRequestOf(c), c.req.valid('param').itemCode, {
          site: body.site,
          prices,
          stock: body.stockBottles,
        }),
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{itemCode}/hide',
      summary:
        'Hide a product from shoppers: out of listings, search and suggestions, its page 404, not addable to a cart',
      middleware: [readJsonBody] as const,
      request: { params: ItemCodeParamSchema, body: jsonBody(HideSchema) },
      responses: responses(StaffProductSchema, 'Hidden.', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const { itemCode } = c.req.valid('param');
      return ok(
        c,
        await setProductHidden(ctx.db, ctx.clock, staffRequestOf(c), itemCode, true, c.req.valid('json').site),
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{itemCode}/publish',
      summary: 'Publish a hidden product again',
      middleware: [readJsonBody] as const,
      request: { params: ItemCodeParamSchema, body: jsonBody(HideSchema) },
      responses: responses(StaffProductSchema, 'Published.', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const { itemCode } = c.req.valid('param');
      return ok(
        c,
        await setProductHidden(ctx.db, ctx.clock, staffRequestOf(c), itemCode, false, c.req.valid('json').site),
      );
    },
  );
