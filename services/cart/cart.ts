import { createHash } from 'node:crypto';
import { randomToken } from '../platform/random-token';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CHECK_VIOLATION, type Db, databaseErrorCode } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { cartLines, carts, products, skuPrices, skus, vouchers } from '../../db/schema';
import type { LinePriceTable } from '../../domain/cart-pricing';
import { CART_RULE_ERRORS, isCartId, LineQuantitySchema } from '../../domain/cart-rules';
import { NOT_FOUND_MESSAGES } from '../../domain/catalogue-inputs';
import { type AttachedVoucher, type CartLineInput, calculateCartTotals } from '../../domain/cart-totals';
import { type Clock, systemClock } from '../../domain/clock';
import { hasMemberPricing, isCurrent } from '../../domain/identity-rules';
import { EGIFT_ITEM_CODES } from '../../domain/item-code';
import { message, type Translator } from '../../domain/message';
import { productImages, productPath } from '../../domain/product-path';
import {
  isDelivered,
  isListed,
  isOnePerCart,
  isPackPriced,
  PRODUCT_KINDS,
  type ProductKind,
} from '../../domain/product-kinds';
import { checkPlanLine } from '../../domain/plans';
import type { Site } from '../../domain/sites';
import {
  isActiveMember,
  isOutOfArea,
  sellsUnlimited,
  UNLIMITED_ITEM_CODES,
  UNLIMITED_MESSAGES,
  type UnlimitedStatus,
  unlimitedItemCode,
} from '../../domain/unlimited';
import type { CartLineModel, CartModel, ValidationDetail } from './cart-json';
import { SKU_PRICE_COLUMNS, type SkuView } from '../catalogue/catalogue';
import { getManyThroughCache, noReadCache, type ReadCache } from '../platform/read-cache';
import { defaultDeliveryPostcode, loadDeliveryPostcode } from './delivery-postcode';
import { loadPlanMappings } from '../memberships/plan-mappings';
import { attachedVoucher } from '../vouchers/voucher-store';
import { ServiceError } from '../platform/service-error';
import { declareErrors, GENERIC_ERRORS } from '../../domain/errors';

// The cart use cases: load → apply the pricing rules of domain/cart-pricing → persist. Every change
// holds the cart row's lock until it commits (one statement, or one transaction), so concurrent writes to one
// cart serialise.

/** E-gift cards one cart may hold (each is its own line). */
export const MAX_GIFT_VOUCHER_LINES = 20;
/** Different items a cart holds at most (a 1,000-line cart made a 5 MB page). */
export const MAX_CART_LINES = 50;

export const CART_MESSAGES = {
  // Written out (texts the catalogues hold as they are); services/cart/cart-messages.test.ts keeps them equal to the limits.
  tooManyGiftVouchers: /*i18n*/ 'A cart can hold at most 20 e-gift cards.',
  tooMany: /*i18n*/ 'You can have at most 99 of an item in your cart.',
  tooManyLines: /*i18n*/ 'A cart can hold at most 50 different items. Please check out or remove some first.',
  outOfStock: /*i18n*/ 'The product is out of stock',
  egift: /*i18n*/ 'eGift card cannot be added!',
  locked: /*i18n*/ 'The quantity of this item cannot be changed.',
  offerMismatch: (code: string) => message(/*i18n*/ 'That offer does not apply to {code}.', { code }),
  notInCart: /*i18n*/ 'That item is not in your cart.',
  unknown: NOT_FOUND_MESSAGES.product,
  notGiftCard: (code: string) => message(/*i18n*/ '{code} is not an e-gift card.', { code }),
};

/** The cart's failures (domain/errors.ts). */
export const CART_ERRORS = /* @__PURE__ */ declareErrors({
  tooManyGiftVouchers: {
    kind: 'invalid',
    code: 'cart.too_many_e_gift_cards',
    text: CART_MESSAGES.tooManyGiftVouchers,
  },
  tooMany: { kind: 'invalid', code: 'cart.quantity_too_many', field: 'quantity', text: CART_MESSAGES.tooMany },
  tooManyLines: { kind: 'invalid', code: 'cart.too_many_lines', text: CART_MESSAGES.tooManyLines },
  outOfStock: { kind: 'invalid', code: 'cart.out_of_stock', text: CART_MESSAGES.outOfStock },
  egift: { kind: 'invalid', code: 'cart.e_gift_card_not_here', text: CART_MESSAGES.egift },
  locked: { kind: 'invalid', code: 'cart.quantity_locked', field: 'quantity', text: CART_MESSAGES.locked },
  offerMismatch: { kind: 'invalid', code: 'cart.offer_mismatch' },
  notInCart: { kind: 'not_found', code: 'cart.not_in_cart', text: CART_MESSAGES.notInCart },
  unknown: { kind: 'not_found', code: 'cart.unknown_item' },
  notGiftCard: { kind: 'not_found', code: 'cart.not_e_gift_card' },
});

import type { RequestContext } from '../platform/request-context';

export interface CartContext {
  db: Db;
  site: Site;
  /** Unlimited member pricing and free shipping (identity decides; false for anonymous visitors). */
  isMember?: boolean;
  /** The Hard Logged-In customer: a cart this visitor creates belongs to them. */
  customerId?: number | null;
  /** The customer behind the visitor, Hard or Soft Logged-In: whose carts the visitor may open. */
  ownerId?: number | null;
  /**
   * Catalogue read cache for sku prices and pack tables. NOTE: a price change reaches carts within the
   * cache's time to live (60 s in the server); cart arithmetic itself is always recomputed.
   */
  cache?: ReadCache;
  /** What "now" is for voucher dates (the system clock when absent). */
  clock?: Clock;
  /** The visitor's Unlimited status (Hard Logged-In only): who may join. */
  unlimitedStatus?: UnlimitedStatus | null;
  /** Test hosts sell the test Unlimited code (SPEC §9). */
  isTestHost?: boolean;
  /** The site's catalogue, for texts with runtime parts (a voucher's minimum); English when absent. */
  messages?: () => Promise<Translator>;
}

/** The cart context of a request: member pricing and cart ownership follow the visitor (SPEC §4, §6). */
export function cartContextOf(ctx: RequestContext): CartContext {
  const { db, site, cache, visitor, clock, isTestHost, messages } = ctx;
  return {
    db,
    site,
    cache,
    clock,
    isTestHost,
    messages,
    unlimitedStatus: isCurrent(visitor) ? visitor.unlimitedStatus : null,
    isMember: hasMemberPricing(visitor),
    customerId: isCurrent(visitor) ? visitor.customerId : null,
    ownerId: visitor.customerId,
  };
}

/** The cart's lines with its voucher, its own postcode and (for a customer) their default delivery postcode. */
function cartStateQuery(db: Db, forCustomer: boolean) {
  return db
    .select({
      line: cartLines,
      customerId: carts.customerId,
      version: carts.version,
      cartPostcode: carts.postcode,
      addressPostcode: forCustomer
        ? defaultDeliveryPostcode(sql.placeholder('customerId'))
        : sql<string | null>`null::text`,
      voucher: vouchers,
    })
    .from(carts)
    .leftJoin(cartLines, eq(cartLines.cartId, carts.id))
    .leftJoin(vouchers, eq(vouchers.code, carts.voucherCode))
    .where(eq(carts.id, sql.placeholder('cartId')))
    .orderBy(asc(cartLines.id));
}

/**
 * Creates the cart (or bumps its version) and adds the given quantities to its lines, or sets them (`set`, and
 * always for the one-only items of `oneOnly`): item codes, quantities and plan details as parallel arrays.
 */
function changeLinesQuery(db: Db) {
  const cart = db.$with('cart', { id: sql<string>`id` }).as(sql`
    insert into ${carts} (id, site_id, version, customer_id)
    values (${sql.placeholder('cartId')}, ${sql.placeholder('siteId')}, 1, ${sql.placeholder('customerId')}::int)
    on conflict (id) do update set version = ${carts.version} + 1, updated_at = now()
    returning id`);
  // NOTE: an insert from a query lists every column of the table, in order (drizzle).
  return db
    .with(cart)
    .insert(cartLines)
    .select(sql`
      select nextval(pg_get_serial_sequence('cart_lines', 'id')), cart.id, change.item_code, change.quantity,
        change.upsell_type, change.upsell_rule, null::jsonb, now()
      from cart, unnest(${sql.placeholder('codes')}::text[], ${sql.placeholder('quantities')}::int[],
        ${sql.placeholder('upsellTypes')}::text[], ${sql.placeholder('upsellRules')}::text[])
        as change (item_code, quantity, upsell_type, upsell_rule)
      -- MAX_CART_LINES: the lines it keeps and the new item codes together (nothing is written past it).
      where (select count(*) from cart_lines kept where kept.cart_id = cart.id and kept.gift_voucher is null
          and kept.item_code <> all(${sql.placeholder('codes')}::text[]))
        + cardinality(${sql.placeholder('codes')}::text[]) <= ${sql.placeholder('maxLines')}::int`)
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.itemCode],
      targetWhere: sql`gift_voucher is null`,
      set: {
        quantity: sql`case when ${sql.placeholder('set')}::boolean or excluded.item_code = any(${sql.placeholder('oneOnly')}::text[])
          then excluded.quantity else ${cartLines.quantity} + excluded.quantity end`,
        upsellType: sql`coalesce(excluded.upsell_type, ${cartLines.upsellType})`,
        upsellRule: sql`coalesce(excluded.upsell_rule, ${cartLines.upsellRule})`,
      },
    })
    .returning({ id: cartLines.id });
}

/** The statements every cart request runs. */
const prepared = /* @__PURE__ */ preparedPerDatabase((db) => ({
  cartOwner: db
    .select({ siteId: carts.siteId, customerId: carts.customerId, version: carts.version })
    .from(carts)
    .where(eq(carts.id, sql.placeholder('cartId')))
    .limit(1)
    .prepare('cart_owner'),
  cartState: cartStateQuery(db, false).prepare('cart_state'),
  changeLines: changeLinesQuery(db).prepare('cart_change_lines'),
  customerCartState: cartStateQuery(db, true).prepare('customer_cart_state'),
  latestCustomerCart: db
    .select({ id: carts.id, version: carts.version })
    .from(carts)
    .where(and(eq(carts.customerId, sql.placeholder('customerId')), eq(carts.siteId, sql.placeholder('siteId'))))
    .orderBy(sql`${carts.updatedAt} desc`)
    .limit(1)
    .prepare('latest_customer_cart'),
}));

/**
 * The cart this visitor may use, from the id their cookie presents: an existing cart of this site that is
 * anonymous (for a visitor who is not Hard Logged-In) or the visitor's own. A Hard Logged-In customer
 * whose cookie names no cart of theirs gets their latest cart on the site. Null when there is none.
 * NOTE: an id the server never made, another customer's cart, or (once logged in) an anonymous cart
 * someone planted in the browser is never opened: carts belong to their owner.
 */
export async function findVisitorCart(ctx: CartContext, presented: string | null | undefined): Promise<string | null> {
  return (await visitorCartVersion(ctx, presented))?.id ?? null;
}

/** The cart findVisitorCart finds, with its version (carts.version: bumped by every change to the cart). */
export async function visitorCartVersion(
  ctx: CartContext,
  presented: string | null | undefined,
): Promise<{ id: string; version: number } | null> {
  if (presented && isCartId(presented)) {
    const [row] = await prepared(ctx.db).cartOwner.execute({ cartId: presented });
    if (row && row.siteId === ctx.site.id) {
      const mayOpen = ctx.customerId
        ? row.customerId === ctx.customerId
        : row.customerId === null || row.customerId === ctx.ownerId;
      if (mayOpen) return { id: presented, version: row.version };
    }
  }
  if (!ctx.customerId) return null;
  const [own] = await prepared(ctx.db).latestCustomerCart.execute({ customerId: ctx.customerId, siteId: ctx.site.id });
  return own ?? null;
}

/** The id of the customer's most recently changed cart on a site, or null. */
export async function latestCustomerCart(db: Db, customerId: number, siteId: string): Promise<string | null> {
  const [own] = await prepared(db).latestCustomerCart.execute({ customerId, siteId });
  return own?.id ?? null;
}

/**
 * The cart's `id` in JSON answers (SPEC §3): a reference derived from the cart id, never the id itself,
 * which is the bearer secret of the cart cookie.
 */
export function publicCartReference(cartId: string): string {
  return createHash('sha256').update(cartId).digest('base64url').slice(0, 16);
}

export function newCartId(): string {
  return randomToken(18, 'base64url');
}

/** A sku's prices and pack (as the catalogue has them), with the product facts a cart line needs. */
interface SkuInfo extends Omit<SkuView, 'itemCode'> {
  skuItemCode: string;
  productItemCode: string;
  name: string;
  slug: string;
  vintage: number | null;
  mixed: boolean;
  productType: ProductKind;
  bottleCount: number;
  availability: string;
  preSell: boolean;
  quantityLocked: boolean;
  imageBase: string;
}

/** Skus by code, through the read cache code by code (carts differ, skus repeat); the missing ones in one query. */
async function loadSkusCached(ctx: CartContext, codes: readonly string[]): Promise<Map<string, SkuInfo>> {
  const currency = ctx.site.currency;
  return getManyThroughCache(
    ctx.cache ?? noReadCache,
    codes,
    (code) => `cart-sku:${currency}:${code}`,
    (missing) => loadSkus(ctx.db, missing, currency),
  );
}

async function loadSkus(db: Db, codes: readonly string[], currency: string): Promise<Map<string, SkuInfo>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({
      skuItemCode: skus.itemCode,
      productItemCode: skus.productItemCode,
      ...SKU_PRICE_COLUMNS,
      name: products.name,
      slug: products.slug,
      vintage: products.vintage,
      mixed: products.mixed,
      productType: products.productType,
      bottleCount: products.bottleCount,
      availability: products.availability,
      preSell: products.preSell,
      quantityLocked: products.quantityLocked,
      imageBase: products.imageBase,
    })
    .from(skus)
    .innerJoin(products, eq(products.itemCode, skus.productItemCode))
    .innerJoin(skuPrices, and(eq(skuPrices.skuItemCode, skus.itemCode), eq(skuPrices.currency, currency)))
    // A product staff hid cannot be added, and a cart leaves a line of it out (not shown, priced or ordered) until
    // it is published again, as it does a sku no longer sold in its currency (decision 044).
    .where(and(inArray(skus.itemCode, [...codes]), isNull(products.hiddenAt)));
  return new Map(rows.map((r) => [r.skuItemCode, r] as const));
}

/** Bottles one unit of a sku counts as: a magnum counts 2; a mixed case counts its bottles. */
/** Bottles a unit of the sku counts as; none for what is never delivered (an e-gift card, a membership). */
function bottlesPerUnit(sku: Pick<SkuInfo, 'numberOfBottles' | 'mixed' | 'bottleCount' | 'productType'>): number {
  if (!isDelivered(sku.productType)) return 0;
  return sku.numberOfBottles * (sku.mixed ? 1 : sku.bottleCount);
}

// ---------------------------------------------------------------------------------------------
// Reading

export type CartLineRow = typeof cartLines.$inferSelect;

/** What a cart's view is made of besides the catalogue: its lines, its voucher and its delivery postcode. */
interface CartState {
  lines: CartLineRow[];
  voucher: AttachedVoucher | null;
  postcode: string | null;
  /** carts.version, read with the lines (0: no cart yet). */
  version: number;
}

/**
 * The cart's lines with its voucher and delivery postcode, in one query (a change and the cart it
 * answers with cost three statements, not eight). The postcode is the cart's own, else the Hard Logged-In
 * customer's default delivery address (services/cart/delivery-postcode.ts).
 */
async function loadCartState(ctx: CartContext, cartId: string | null): Promise<CartState> {
  const statements = prepared(ctx.db);
  const rows = !cartId
    ? []
    : ctx.customerId
      ? await statements.customerCartState.execute({ cartId, customerId: ctx.customerId })
      : await statements.cartState.execute({ cartId });
  const [first] = rows;
  // No cart (or none by that id): a customer's default delivery postcode still answers.
  if (!first)
    return { lines: [], voucher: null, postcode: await loadDeliveryPostcode(ctx.db, null, ctx.customerId), version: 0 };
  return {
    version: first.version,
    lines: rows.flatMap((r) => (r.line ? [r.line] : [])),
    voucher: first.voucher ? await attachedVoucher(ctx.db, first.customerId, first.voucher) : null,
    postcode: first.cartPostcode ?? first.addressPostcode ?? null,
  };
}

/** Pack price tables (single bottle plus 2/3/6/12 packs) of single-bottle wines, through the read cache. */
export async function loadPackTablesCached(
  ctx: CartContext,
  productCodes: readonly string[],
): Promise<Map<string, LinePriceTable>> {
  const currency = ctx.site.currency;
  return getManyThroughCache(
    ctx.cache ?? noReadCache,
    productCodes,
    (code) => `cart-packs:${currency}:${code}`,
    (missing) => loadPackTables(ctx.db, missing, currency),
  );
}

async function loadPackTables(
  db: Db,
  productCodes: readonly string[],
  currency: string,
): Promise<Map<string, LinePriceTable>> {
  if (productCodes.length === 0) return new Map();
  const rows = await db
    .select({
      itemCode: skus.itemCode,
      productItemCode: skus.productItemCode,
      numberOfBottles: skus.numberOfBottles,
      vppApplier: skus.vppApplier,
      listPriceCents: skuPrices.listPriceCents,
      salePriceCents: skuPrices.salePriceCents,
      vppPriceCents: skuPrices.vppPriceCents,
      memberPriceCents: skuPrices.memberPriceCents,
    })
    .from(skus)
    .innerJoin(skuPrices, and(eq(skuPrices.skuItemCode, skus.itemCode), eq(skuPrices.currency, currency)))
    .where(inArray(skus.productItemCode, [...productCodes]));
  const tables = new Map<string, LinePriceTable>();
  for (const r of rows) {
    if (r.numberOfBottles !== 1) continue;
    tables.set(r.productItemCode, {
      single: {
        itemCode: r.itemCode,
        saleCents: r.salePriceCents,
        listCents: r.listPriceCents,
        memberCents: r.memberPriceCents,
        vppApplier: r.vppApplier,
        vppCents: r.vppPriceCents,
      },
      packs: {},
    });
  }
  for (const r of rows) {
    const table = tables.get(r.productItemCode);
    if (!table || ![2, 3, 6, 12].includes(r.numberOfBottles)) continue;
    table.packs[r.numberOfBottles as 2 | 3 | 6 | 12] = {
      itemCode: r.itemCode,
      saleCents: r.salePriceCents,
      listCents: r.listPriceCents,
      memberCents: r.memberPriceCents,
    };
  }
  return tables;
}

export type { ValidationDetail };

export const UPSELL_MESSAGES = {
  missing: /*i18n*/ 'cart is missing items to qualify for the upsell offer',
  removed: /*i18n*/ 'Eligible product removed from the cart',
};

/**
 * The cart priced in integer cents, as the use cases compute on it. The API and the pages turn it into the cart JSON
 * of SPEC §3 at their edge (services/cart/cart-json.ts cartJsonFor).
 */
export async function getCart(
  ctx: CartContext,
  cartId: string | null,
  options: { validate?: boolean } = {},
): Promise<CartModel> {
  return priceCart(ctx, cartId, await loadCartState(ctx, cartId), options.validate ?? false);
}

type PricedLine = { line: CartLineRow; sku: SkuInfo };

const isPackWine = (sku: SkuInfo) => sku.numberOfBottles === 1 && !sku.mixed && isPackPriced(sku.productType);

/** A line as the totals price it: an e-gift card at its amount, a single wine by its pack table, the rest flat. */
function lineInputOf({ line, sku }: PricedLine, table: LinePriceTable | undefined): CartLineInput {
  const common = {
    quantity: line.quantity,
    bottlesPerUnit: bottlesPerUnit(sku),
    preSell: sku.preSell,
    voucherEligible: !line.giftVoucher && PRODUCT_KINDS[sku.productType].voucherEligible,
  };
  if (line.giftVoucher) {
    const amount = line.giftVoucher.amountCents;
    return {
      ...common,
      pricing: 'flat',
      price: { itemCode: sku.skuItemCode, saleCents: amount, listCents: amount, memberCents: null },
      memberPriceAllowed: false,
    };
  }
  if (table && isPackWine(sku)) return { ...common, pricing: 'packs', table };
  return {
    ...common,
    pricing: 'flat',
    price: {
      itemCode: sku.skuItemCode,
      saleCents: sku.salePriceCents,
      listCents: sku.listPriceCents,
      memberCents: sku.memberPriceCents,
    },
    memberPriceAllowed: PRODUCT_KINDS[sku.productType].memberPriced,
  };
}

/** What stops a line from being ordered (with `validate`): out of stock, or a plan line whose wine is not there. */
function lineValidationsOf(
  { line, sku }: PricedLine,
  mappings: readonly { bumpCode: string; type: string; rule: string; bomItemCode: string }[],
  bottlesByProduct: ReadonlyMap<string, number>,
): ValidationDetail[] {
  const validations: ValidationDetail[] = [];
  if (sku.availability === 'out_of_stock')
    validations.push({ type: 'OUT_OF_STOCK', message: CART_MESSAGES.outOfStock });
  if (line.upsellType) {
    const mapping = mappings.find(
      (m) => m.bumpCode === sku.skuItemCode && m.type === line.upsellType && m.rule === line.upsellRule,
    );
    const check = checkPlanLine(mapping, mapping ? (bottlesByProduct.get(mapping.bomItemCode) ?? null) : null);
    if (check !== 'ok')
      validations.push({
        type: 'UPSELL',
        message: check === 'removed' ? UPSELL_MESSAGES.removed : UPSELL_MESSAGES.missing,
      });
  }
  return validations;
}

/** A line as the cart shows it. */
function lineModelOf({ line, sku }: PricedLine, validations: ValidationDetail[]): CartLineModel {
  return {
    id: line.id,
    quantity: line.quantity,
    bottleCount: line.quantity * bottlesPerUnit(sku),
    itemCode: sku.skuItemCode,
    itemTypeTag: itemTypeTag(sku, line),
    upsellTypeTag: line.upsellType ?? null,
    upsellRule: line.upsellRule ?? null,
    product: {
      name: sku.name,
      itemCode: sku.productItemCode,
      vintage: sku.vintage,
      mixed: sku.mixed,
      ...productImages(sku.imageBase),
      productType: sku.productType,
      // SPEC §2: Unlimited, SV (Subscribe and Save) and gift voucher items have no link.
      url: isListed(sku.productType)
        ? productPath({ slug: sku.slug, vintage: sku.vintage, itemCode: sku.productItemCode })
        : null,
      // SPEC §5: UL and SV items, voucher items and Z020 keep their quantity.
      quantityLocked: sku.quantityLocked || PRODUCT_KINDS[sku.productType].quantityLocked,
    },
    numberOfBottles: sku.numberOfBottles,
    preSellItem: sku.preSell,
    bonusPoints: sku.bonusPoints,
    unitSaleCents: sku.salePriceCents,
    unitListCents: sku.listPriceCents,
    vppPriceCents: sku.vppPriceCents,
    vppApplier: sku.vppApplier,
    giftVoucher: line.giftVoucher ?? null,
    validations,
  };
}

async function priceCart(
  ctx: CartContext,
  cartId: string | null,
  state: CartState,
  validate: boolean,
): Promise<CartModel> {
  const { site } = ctx;
  const { lines, voucher } = state;
  const isMember = ctx.isMember ?? false;
  const skuMap = await loadSkusCached(ctx, [...new Set(lines.map((l) => l.itemCode))]);
  const priced: PricedLine[] = lines.flatMap((line) => {
    const sku = skuMap.get(line.itemCode);
    return sku ? [{ line, sku }] : [];
  });
  const singles = priced.filter(({ sku }) => isPackWine(sku));
  const tables = await loadPackTablesCached(ctx, [...new Set(singles.map((s) => s.sku.productItemCode))]);
  const inputs = priced.map((p) => lineInputOf(p, tables.get(p.sku.productItemCode)));
  const totals = calculateCartTotals({ lines: inputs, site, isMember, voucher, now: (ctx.clock ?? systemClock).now() });

  // Bottles of each wine in the cart, for the plan lines' checks (a bump line is a product of its own).
  const bottlesByProduct = new Map<string, number>();
  for (const { line, sku } of priced)
    bottlesByProduct.set(
      sku.productItemCode,
      (bottlesByProduct.get(sku.productItemCode) ?? 0) + line.quantity * bottlesPerUnit(sku),
    );
  const mappings = validate && priced.some((p) => p.line.upsellType) ? await loadPlanMappings(ctx.db, ctx.cache) : [];
  const models = priced.map((p) => lineModelOf(p, validate ? lineValidationsOf(p, mappings, bottlesByProduct) : []));
  return {
    cartId,
    reference: cartId ? publicCartReference(cartId) : null,
    site,
    lines: models,
    totals,
    postalCode: state.postcode,
    version: state.version,
  };
}

function itemTypeTag(sku: SkuInfo, line: CartLineRow): string {
  if (line.giftVoucher || sku.productType === 'giftVoucher') return 'giftVoucher';
  if (sku.productType === 'membership') return 'unlimited';
  if (sku.mixed) return 'case';
  return sku.numberOfBottles > 1 ? 'pack' : 'single';
}

// ---------------------------------------------------------------------------------------------
// Writing

type Tx = Db;

/**
 * Locks the cart row for this transaction, creating the cart first when it does not exist. A cart that exists (a
 * checkout's, a change's) costs one statement: the lock; only a missing one is inserted, then locked.
 */
export async function lockCart(tx: Tx, cartId: string, site: Site, customerId: number | null = null): Promise<void> {
  const lock = () => tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for('update');
  if ((await lock()).length > 0) return;
  await tx.insert(carts).values({ id: cartId, siteId: site.id, customerId }).onConflictDoNothing();
  await lock();
}

/** What every change to a cart writes on its row besides the change: a new version and the time. */
export function cartChanged() {
  return { version: sql`${carts.version} + 1`, updatedAt: sql`now()` };
}

export async function touch(tx: Tx, cartId: string): Promise<void> {
  await tx.update(carts).set(cartChanged()).where(eq(carts.id, cartId));
}

/**
 * Holds a cart to MAX_CART_LINES after lines were moved into it (a login's merge): the newest lines past the cap
 * go, so the lines it held before stay and the moved ones fill the room left, in the order they were added.
 * E-gift cards have their own cap and are not counted. Returns how many lines went.
 */
export async function dropLinesPastCap(tx: Tx, cartId: string): Promise<number> {
  const dropped = await tx
    .delete(cartLines)
    .where(
      inArray(
        cartLines.id,
        tx
          .select({ id: cartLines.id })
          .from(cartLines)
          .where(and(eq(cartLines.cartId, cartId), sql`${cartLines.giftVoucher} is null`))
          .orderBy(asc(cartLines.id))
          .offset(MAX_CART_LINES),
      ),
    )
    .returning({ id: cartLines.id });
  return dropped.length;
}

export interface AddRequest {
  itemCode: string;
  quantity: number;
  upsellOfferDetails?: { type: string; rule: string } | undefined;
}

function checkQuantity(quantity: number): void {
  if (!LineQuantitySchema.safeParse(quantity).success) throw new ServiceError(CART_RULE_ERRORS.quantityRange);
}

/** Resolves a product or sku code to a sku that can be bought, or throws a ServiceError. */
function resolveSku(code: string, skuMap: Map<string, SkuInfo>): SkuInfo {
  if (EGIFT_ITEM_CODES.has(code)) throw new ServiceError(CART_ERRORS.egift);
  const sku = skuMap.get(code);
  if (!sku) throw new ServiceError(CART_ERRORS.unknown, CART_MESSAGES.unknown(code));
  if (sku.availability === 'out_of_stock') throw new ServiceError(CART_ERRORS.outOfStock);
  return sku;
}

/**
 * SPEC §3 upsellOfferDetails: an offer on a line must be the mapping of that bump item (type and rule as the
 * offers give them); a bump item added without one gets its mapping's, so every bump line can be checked.
 */
async function attachPlanOffers(ctx: CartContext, resolved: { request: AddRequest; sku: SkuInfo }[]): Promise<void> {
  if (!resolved.some((r) => r.request.upsellOfferDetails || r.sku.productType === 'subscription')) return;
  const mappings = await loadPlanMappings(ctx.db, ctx.cache);
  for (const r of resolved) {
    const mapping = mappings.find((m) => m.bumpCode === r.sku.skuItemCode);
    const offer = r.request.upsellOfferDetails;
    if (offer && (!mapping || mapping.type !== offer.type || mapping.rule !== offer.rule))
      throw new ServiceError(CART_ERRORS.offerMismatch, CART_MESSAGES.offerMismatch(r.request.itemCode));
    if (!offer && mapping) r.request = { ...r.request, upsellOfferDetails: { type: mapping.type, rule: mapping.rule } };
  }
}

/**
 * SPEC §6: who may join Unlimited — not members (ACTIVE, REQUESTED, or SUSPENDED: a suspended membership is
 * reactivated, not bought again, and no page offers them a join control), not out of the delivery area, only where
 * it is sold.
 */
async function checkUnlimitedJoin(ctx: CartContext, cartId: string): Promise<void> {
  if (!sellsUnlimited(ctx.site.currency)) throw new ServiceError(GENERIC_ERRORS.invalid, UNLIMITED_MESSAGES.notSold);
  if (isActiveMember(ctx.unlimitedStatus))
    throw new ServiceError(GENERIC_ERRORS.conflict, UNLIMITED_MESSAGES.alreadyMember);
  if (ctx.unlimitedStatus === 'SUSPENDED')
    throw new ServiceError(GENERIC_ERRORS.conflict, UNLIMITED_MESSAGES.suspended);
  const postcode = await loadDeliveryPostcode(ctx.db, cartId, ctx.customerId);
  if (postcode && isOutOfArea(postcode))
    throw new ServiceError(GENERIC_ERRORS.invalid, UNLIMITED_MESSAGES.outOfArea(postcode));
}

/**
 * Adds (or with mode 'set', sets) quantities of one or more items, all or nothing: a bad item leaves
 * the cart exactly as it was.
 */
export async function changeItems(
  ctx: CartContext,
  cartId: string,
  requests: readonly AddRequest[],
  mode: 'add' | 'set',
): Promise<CartModel> {
  if (requests.length === 0) throw new ServiceError(CART_RULE_ERRORS.noItems);
  for (const r of requests) checkQuantity(r.quantity);
  // SPEC §9: a host sells its own Unlimited code (UL9001 on test hosts): either code means that one.
  const ulCode = unlimitedItemCode(ctx.isTestHost ?? false);
  const normalised = requests.map((r) => (UNLIMITED_ITEM_CODES.has(r.itemCode) ? { ...r, itemCode: ulCode } : r));
  const codes = [...new Set(normalised.map((r) => r.itemCode))];
  const skuMap = await loadSkusCached(ctx, codes);
  const resolved = normalised.map((r) => ({ request: r, sku: resolveSku(r.itemCode, skuMap) }));
  // SPEC §5: Z020, Unlimited and voucher lines keep their quantity; Unlimited is one membership.
  for (const { request, sku } of resolved) {
    const oneOnly = isOnePerCart(sku.productType);
    if (mode === 'set' && (sku.quantityLocked || oneOnly)) throw new ServiceError(CART_ERRORS.locked);
    if (oneOnly && request.quantity !== 1) throw new ServiceError(CART_ERRORS.locked);
  }
  if (resolved.some((r) => r.sku.productType === 'membership')) await checkUnlimitedJoin(ctx, cartId);
  await attachPlanOffers(ctx, resolved);
  const memberships = new Set(resolved.filter((r) => isOnePerCart(r.sku.productType)).map((r) => r.sku.skuItemCode));

  // One request per item code: repeated codes in a batch add up (or, for set, the last one wins).
  const merged = new Map<string, AddRequest>();
  for (const { request } of resolved) {
    const prev = merged.get(request.itemCode);
    merged.set(request.itemCode, {
      ...request,
      quantity: mode === 'add' && prev ? prev.quantity + request.quantity : request.quantity,
      upsellOfferDetails: request.upsellOfferDetails ?? prev?.upsellOfferDetails,
    });
  }

  // One statement: it creates the cart or bumps its version (locking its row until it commits, so concurrent
  // changes to one cart run one after another), then adds or sets each line. A line that would pass
  // MAX_LINE_QUANTITY breaks the table's check (cart_lines_quantity_range) and the statement changes nothing.
  const changes = [...merged.values()];
  try {
    const written = await prepared(ctx.db).changeLines.execute({
      cartId,
      siteId: ctx.site.id,
      customerId: ctx.customerId ?? null,
      codes: changes.map((r) => r.itemCode),
      quantities: changes.map((r) => r.quantity),
      upsellTypes: changes.map((r) => r.upsellOfferDetails?.type ?? null),
      upsellRules: changes.map((r) => r.upsellOfferDetails?.rule ?? null),
      set: mode === 'set',
      oneOnly: [...memberships],
      maxLines: MAX_CART_LINES,
    });
    if (written.length < changes.length) throw new ServiceError(CART_ERRORS.tooManyLines);
  } catch (error) {
    if (databaseErrorCode(error) === CHECK_VIOLATION) throw new ServiceError(CART_ERRORS.tooMany);
    throw error;
  }
  return getCart(ctx, cartId);
}

/** Removes the line of an item code, or the line with the given identifier. */
export async function removeLine(
  ctx: CartContext,
  cartId: string | null,
  by: { itemCode: string } | { id: number },
): Promise<CartModel> {
  if (!cartId) throw new ServiceError(CART_ERRORS.notInCart);
  const removed = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    await lockCart(tx, cartId, ctx.site, ctx.customerId ?? null);
    const where =
      'id' in by
        ? and(eq(cartLines.cartId, cartId), eq(cartLines.id, by.id))
        : and(eq(cartLines.cartId, cartId), eq(cartLines.itemCode, by.itemCode));
    const rows = await tx.delete(cartLines).where(where).returning({ id: cartLines.id });
    if (rows.length > 0) await touch(tx, cartId);
    return rows.length;
  });
  if (removed === 0) throw new ServiceError(CART_ERRORS.notInCart);
  return getCart(ctx, cartId);
}

export interface GiftVoucherRequest {
  itemCode: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  amountCents: number;
}

/** Adds an e-gift voucher line (SPEC §3 gift voucher payload); quantity is always 1. */
export async function addGiftVoucher(
  ctx: CartContext,
  cartId: string,
  request: GiftVoucherRequest,
): Promise<CartModel> {
  const skuMap = await loadSkusCached(ctx, [request.itemCode]);
  const sku = skuMap.get(request.itemCode);
  if (sku?.productType !== 'giftVoucher')
    throw new ServiceError(CART_ERRORS.notGiftCard, CART_MESSAGES.notGiftCard(request.itemCode));
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    await lockCart(tx, cartId, ctx.site, ctx.customerId ?? null);
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cartId), sql`${cartLines.giftVoucher} is not null`));
    if ((held?.n ?? 0) >= MAX_GIFT_VOUCHER_LINES) throw new ServiceError(CART_ERRORS.tooManyGiftVouchers);
    await tx.insert(cartLines).values({
      cartId,
      itemCode: request.itemCode,
      quantity: 1,
      giftVoucher: {
        recipientName: request.recipientName,
        recipientEmail: request.recipientEmail,
        message: request.message,
        amountCents: request.amountCents,
        currencyCode: ctx.site.currency,
      },
    });
    await touch(tx, cartId);
  });
  return getCart(ctx, cartId);
}

/** The cart an order was placed from is emptied in the order's transaction, its voucher with it (one statement). */
export async function emptyCartAfterOrder(tx: Tx, cartId: string, now: Date): Promise<void> {
  const emptied = tx
    .$with('emptied')
    .as(tx.delete(cartLines).where(eq(cartLines.cartId, cartId)).returning({ id: cartLines.id }));
  await tx
    .with(emptied)
    .update(carts)
    .set({ ...cartChanged(), voucherCode: null, updatedAt: now })
    .where(eq(carts.id, cartId));
}
