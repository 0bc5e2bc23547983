import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, inTransaction } from '../../db/client';
import { products, skuPrices, skus } from '../../db/schema';
import type { CatalogueProblem, CatalogueRecord } from '../../domain/catalogue-import';
import { type PackPrices, priceProblems, readPrice, readStock } from '../../domain/catalogue-prices';
import type { Clock } from '../../domain/clock';
import { ITEM_CODE_PATTERN } from '../../domain/item-code';
import { productPath } from '../../domain/product-path';
import { CURRENCY_CODES, type CurrencyCode, getSite, SITE_IDS, type SiteId } from '../../domain/sites';
import { STAFF_ERRORS, staffSeesSite } from '../../domain/staff';
import { PRICE_FILE_COLUMNS, PRODUCT_ERRORS, PRODUCT_PAGE_SIZE, PRODUCT_TEXTS } from '../../domain/staff-products';
import { announcePageChange } from '../platform/page-changes';
import { ServiceError } from '../platform/service-error';
import { requireStaffPermission, type StaffRequest } from './access';
import { type Actor, writeAudit } from './audit';

// The console's products (CONTRACT.md `/admin/products`): search by item code or name, a product's prices per pack
// size in a site's currency, its stock, published or hidden; price, stock and publish changes, one product at a time
// or a price file. Prices are kept per currency (sku_prices), so a price set for law-au holds on every AUD site.
// Every change is written with its audit entry in one transaction and announced to every process's page and read
// caches (services/platform/page-changes.ts), so the storefront shows it at once (decision 044).

const RECORD_TYPE = 'product';

/** The sites whose shoppers pay in `currency`: a price of it holds on each. */
export function sitesOfCurrency(currency: CurrencyCode): SiteId[] {
  return SITE_IDS.filter((id) => getSite(id).currency === currency);
}

function wholeShop(request: StaffRequest): boolean {
  return request.member.sites.length === 0;
}

/** A change of `currency`'s prices: only for an account that sees every site they hold on (refusal audited). */
async function requireCurrency(
  db: Db,
  clock: Clock,
  by: Actor,
  request: StaffRequest,
  target: Target,
  currency: CurrencyCode,
) {
  const sites = sitesOfCurrency(currency);
  if (sites.every((s) => staffSeesSite(request.member, s))) return;
  await writeAudit(db, clock.now(), by, { ...target, outcome: 'refused', after: { currency, sites } });
  throw new ServiceError(PRODUCT_ERRORS.wholeCurrency, PRODUCT_TEXTS.wholeCurrency(currency, sites));
}

async function requireWholeShop(db: Db, clock: Clock, by: Actor, request: StaffRequest, target: Target) {
  if (wholeShop(request)) return;
  await writeAudit(db, clock.now(), by, { ...target, outcome: 'refused', after: { sites: [...request.member.sites] } });
  throw new ServiceError(PRODUCT_ERRORS.wholeShop);
}

interface Target {
  action: string;
  recordType?: string;
  recordId?: string;
  siteId?: string;
}

// ── Search ──────────────────────────────────────────────────────────────────────────────────────────────────────

export interface ProductSearch {
  /** An item code (a product's or a pack's), or a part of the name. */
  q?: string | undefined;
  site: SiteId;
  /** The `next` of the page before: products after this item code. */
  after?: string | undefined;
}

export interface ProductSearchRow {
  itemCode: string;
  name: string;
  vintage: number | null;
  hidden: boolean;
  stockBottles: number | null;
  /** The single bottle's prices in the site's currency (null: not sold in it). */
  listPriceCents: number | null;
  salePriceCents: number | null;
}

const single = alias(skuPrices, 'single');

/** What a search term looks for: the item code (the key, or a pack's through skus' key) or a part of the name. */
function termCondition(q: string): SQL | undefined {
  const term = q.trim();
  if (!term) return undefined;
  // A part of the name through products_name_trgm_idx (ILIKE); % and _ are the term's own letters.
  const byName = sql`${products.name} ilike ${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
  if (!ITEM_CODE_PATTERN.test(term)) return byName;
  const code = term.toUpperCase();
  return or(
    eq(products.itemCode, code),
    eq(products.itemCode, sql`(select ${skus.productItemCode} from ${skus} where ${skus.itemCode} = ${code})`),
    byName,
  );
}

/** One page of products by item code (hidden ones too), and the `after` of the next page (null at the end). */
export async function searchProducts(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  search: ProductSearch,
  limit = PRODUCT_PAGE_SIZE,
): Promise<{ products: ProductSearchRow[]; next: string | null; currency: CurrencyCode; sharedWith: SiteId[] }> {
  await requireStaffPermission(db, clock, request, 'catalogue.write', {
    action: 'products.search',
    siteId: search.site,
  });
  const currency = getSite(search.site).currency;
  const where = [
    search.q ? termCondition(search.q) : undefined,
    search.after ? gt(products.itemCode, search.after) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  const rows = await db
    .select({
      itemCode: products.itemCode,
      name: products.name,
      vintage: products.vintage,
      hiddenAt: products.hiddenAt,
      stockBottles: products.stockBottles,
      listPriceCents: single.listPriceCents,
      salePriceCents: single.salePriceCents,
    })
    .from(products)
    .leftJoin(single, and(eq(single.skuItemCode, products.itemCode), eq(single.currency, currency)))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(products.itemCode))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map(({ hiddenAt, ...r }) => ({ ...r, hidden: hiddenAt !== null }));
  return {
    products: page,
    next: rows.length > limit ? (page.at(-1)?.itemCode ?? null) : null,
    currency,
    sharedWith: sitesOfCurrency(currency),
  };
}

// ── A product's page ────────────────────────────────────────────────────────────────────────────────────────────

export interface StaffSku {
  itemCode: string;
  bottles: number;
  /** Prices in the site's currency; null: this pack is not sold in it. */
  listPriceCents: number | null;
  salePriceCents: number | null;
  /** The volume price per bottle, where the pack has one (it applies when vppApplier is set). */
  vppPriceCents: number | null;
  vppApplier: boolean;
  /** An Unlimited member's price, where it has one. */
  memberPriceCents: number | null;
}

export interface StaffProduct {
  itemCode: string;
  name: string;
  vintage: number | null;
  producer: string;
  productType: string;
  hidden: boolean;
  hiddenAt: string | null;
  stockBottles: number | null;
  availability: string;
  /** The storefront page's path (404 to shoppers while hidden). */
  path: string;
  site: SiteId;
  currency: CurrencyCode;
  /** Every site a price of this currency holds on. */
  sharedWith: SiteId[];
  skus: StaffSku[];
}

async function readProduct(db: Db, itemCode: string, currency: CurrencyCode) {
  const [row] = await db.select().from(products).where(eq(products.itemCode, itemCode));
  if (!row) return null;
  const packs = await db
    .select({
      itemCode: skus.itemCode,
      bottles: skus.numberOfBottles,
      vppApplier: skus.vppApplier,
      listPriceCents: skuPrices.listPriceCents,
      salePriceCents: skuPrices.salePriceCents,
      vppPriceCents: skuPrices.vppPriceCents,
      memberPriceCents: skuPrices.memberPriceCents,
    })
    .from(skus)
    .leftJoin(skuPrices, and(eq(skuPrices.skuItemCode, skus.itemCode), eq(skuPrices.currency, currency)))
    .where(eq(skus.productItemCode, itemCode))
    .orderBy(asc(skus.numberOfBottles), asc(skus.itemCode));
  return { row, packs };
}

function productView(found: NonNullable<Awaited<ReturnType<typeof readProduct>>>, site: SiteId): StaffProduct {
  const { row, packs } = found;
  const currency = getSite(site).currency;
  return {
    itemCode: row.itemCode,
    name: row.name,
    vintage: row.vintage,
    producer: row.producer,
    productType: row.productType,
    hidden: row.hiddenAt !== null,
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
    stockBottles: row.stockBottles,
    availability: row.availability,
    path: productPath(row),
    site,
    currency,
    sharedWith: sitesOfCurrency(currency),
    skus: packs.map((p) => ({
      ...p,
      vppPriceCents: p.vppPriceCents ?? null,
      memberPriceCents: p.memberPriceCents ?? null,
    })),
  };
}

function codeOf(itemCode: string): string {
  return itemCode.trim().toUpperCase();
}

export async function loadStaffProduct(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  itemCode: string,
  site: SiteId,
): Promise<StaffProduct> {
  const code = codeOf(itemCode);
  await requireStaffPermission(db, clock, request, 'catalogue.write', {
    action: 'products.read',
    recordType: RECORD_TYPE,
    recordId: code,
    siteId: site,
  });
  const found = await readProduct(db, code, getSite(site).currency);
  if (!found) throw new ServiceError(STAFF_ERRORS.notFound);
  return productView(found, site);
}

// ── Changing one product ────────────────────────────────────────────────────────────────────────────────────────

export interface ProductChange {
  site: SiteId;
  /** New prices as typed, by the pack's sku code; a pack left out keeps its prices. */
  prices?: Readonly<Record<string, { list?: string | undefined; sale?: string | undefined }>> | undefined;
  /** Bottles in stock as typed; left out, unchanged. */
  stock?: string | undefined;
}

type PriceOf = Pick<StaffSku, 'itemCode' | 'bottles' | 'listPriceCents' | 'salePriceCents'>;

function pricesJson(packs: readonly PriceOf[]) {
  return Object.fromEntries(
    packs
      .filter((p) => p.salePriceCents !== null)
      .map((p) => [p.itemCode, { list: p.listPriceCents, sale: p.salePriceCents }]),
  );
}

function invalidPrice(field: string, message: string): ServiceError {
  return new ServiceError({ ...PRODUCT_ERRORS.price, field }, message);
}

/** The product's packs with the change's prices, or the first problem (its field: `list:SKU`, `sale:SKU`). */
function changedPrices(
  current: readonly PriceOf[],
  change: ProductChange['prices'],
  currency: CurrencyCode,
): PriceOf[] {
  const next = current.map((p) => ({ ...p }));
  for (const [sku, typed] of Object.entries(change ?? {})) {
    const pack = next.find((p) => p.itemCode === sku.toUpperCase());
    if (!pack) throw invalidPrice(`sale:${sku}`, PRODUCT_TEXTS.noSuchSku(sku));
    for (const field of ['list', 'sale'] as const) {
      const text = typed[field];
      if (text === undefined || text.trim() === '') continue;
      if (pack.salePriceCents === null)
        throw invalidPrice(`${field}:${pack.itemCode}`, PRODUCT_TEXTS.noPrice(pack.itemCode, currency));
      const read = readPrice(text, currency);
      if ('error' in read) throw invalidPrice(`${field}:${pack.itemCode}`, read.error);
      if (field === 'list') pack.listPriceCents = read.cents;
      else pack.salePriceCents = read.cents;
    }
  }
  const priced = next.filter(
    (p): p is PriceOf & { listPriceCents: number; salePriceCents: number } =>
      p.salePriceCents !== null && p.listPriceCents !== null,
  );
  const [problem] = priceProblems(
    priced.map((p) => ({ size: p.bottles, listCents: p.listPriceCents, saleCents: p.salePriceCents })),
  );
  if (problem) {
    const pack = priced.find((p) => p.bottles === problem.size);
    throw invalidPrice(`${problem.field}:${pack?.itemCode ?? ''}`, problem.message);
  }
  return next;
}

/**
 * A product's prices in a site's currency (every site of that currency) and its stock, checked as the catalogue
 * file is; nothing changes on a refusal. One transaction: the change, its audit entry (before and after) and the
 * announcement to the storefront's caches.
 */
export async function changeProduct(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  itemCode: string,
  change: ProductChange,
): Promise<StaffProduct> {
  const code = codeOf(itemCode);
  const target = { action: 'products.change', recordType: RECORD_TYPE, recordId: code, siteId: change.site };
  const by = await requireStaffPermission(db, clock, request, 'catalogue.write', target);
  const currency = getSite(change.site).currency;
  const pricesAsked = Object.keys(change.prices ?? {}).length > 0;
  if (pricesAsked) await requireCurrency(db, clock, by, request, target, currency);
  if (change.stock !== undefined) await requireWholeShop(db, clock, by, request, target);
  const stock = change.stock === undefined ? undefined : readStock(change.stock);
  if (stock && 'error' in stock) throw new ServiceError(PRODUCT_ERRORS.stock);
  return inTransaction(db, async (tx) => {
    // The product's row is the lock its changes take turns on.
    const [locked] = await tx
      .select({ code: products.itemCode })
      .from(products)
      .where(eq(products.itemCode, code))
      .for('update');
    if (!locked) throw new ServiceError(STAFF_ERRORS.notFound);
    const found = await readProduct(tx, code, currency);
    if (!found) throw new ServiceError(STAFF_ERRORS.notFound);
    const next = changedPrices(found.packs, change.prices, currency);
    const changed = next.filter((p, i) => {
      const was = found.packs[i];
      return was && (p.listPriceCents !== was.listPriceCents || p.salePriceCents !== was.salePriceCents);
    });
    const stockChanged = stock !== undefined && stock.bottles !== found.row.stockBottles;
    if (changed.length === 0 && !stockChanged) throw new ServiceError(PRODUCT_ERRORS.nothing);
    for (const p of changed)
      await tx
        .update(skuPrices)
        .set({ listPriceCents: p.listPriceCents ?? 0, salePriceCents: p.salePriceCents ?? 0 })
        .where(and(eq(skuPrices.skuItemCode, p.itemCode), eq(skuPrices.currency, currency)));
    if (stockChanged)
      await tx
        .update(products)
        .set({ stockBottles: stock.bottles, availability: stock.bottles > 0 ? 'in_stock' : 'out_of_stock' })
        .where(eq(products.itemCode, code));
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (changed.length > 0) {
      const codes = new Set(changed.map((p) => p.itemCode));
      before.currency = currency;
      after.currency = currency;
      before.prices = pricesJson(found.packs.filter((p) => codes.has(p.itemCode)));
      after.prices = pricesJson(changed);
    }
    if (stockChanged) {
      before.stockBottles = found.row.stockBottles;
      after.stockBottles = stock.bottles;
    }
    await writeAudit(tx, clock.now(), by, { ...target, outcome: 'done', before, after });
    await announcePageChange(tx);
    const now = await readProduct(tx, code, currency);
    if (!now) throw new ServiceError(STAFF_ERRORS.notFound);
    return productView(now, change.site);
  });
}

/** Hides a product from shoppers (listings, search, suggestions, its page, carts) or publishes it again. */
export async function setProductHidden(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  itemCode: string,
  hidden: boolean,
  site: SiteId,
): Promise<StaffProduct> {
  const code = codeOf(itemCode);
  const target = {
    action: hidden ? 'products.hide' : 'products.publish',
    recordType: RECORD_TYPE,
    recordId: code,
    siteId: site,
  };
  const by = await requireStaffPermission(db, clock, request, 'catalogue.write', target);
  await requireWholeShop(db, clock, by, request, target);
  const now = clock.now();
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ hiddenAt: products.hiddenAt })
      .from(products)
      .where(eq(products.itemCode, code))
      .for('update');
    if (!row) throw new ServiceError(STAFF_ERRORS.notFound);
    if ((row.hiddenAt !== null) !== hidden) {
      // The product_search trigger takes a hidden product out of search and puts it back on publishing.
      await tx
        .update(products)
        .set({ hiddenAt: hidden ? now : null })
        .where(eq(products.itemCode, code));
      await writeAudit(tx, now, by, {
        ...target,
        outcome: 'done',
        before: { hidden: row.hiddenAt !== null },
        after: { hidden },
      });
      await announcePageChange(tx);
    }
    const found = await readProduct(tx, code, getSite(site).currency);
    if (!found) throw new ServiceError(STAFF_ERRORS.notFound);
    return productView(found, site);
  });
}

// ── A price file ────────────────────────────────────────────────────────────────────────────────────────────────

export interface PriceFileRow {
  line: number;
  sku: string;
  productItemCode: string;
  currency: CurrencyCode;
  oldListCents: number;
  oldSaleCents: number;
  newListCents: number;
  newSaleCents: number;
  changed: boolean;
}

export interface PriceFilePreview {
  rows: PriceFileRow[];
  /** Rows refused, by the file's line; any: nothing can be applied. */
  problems: CatalogueProblem[];
  /** Rows that change a price. */
  changes: number;
  /** Products whose prices change. */
  products: number;
  /** What the preview was made from (the file and the prices it changes, as they stood): apply sends it back. */
  token: string;
}

export interface PriceFile {
  header: readonly string[];
  rows: readonly CatalogueRecord[];
  headerLine?: number;
}

/** The preview of a price file against the prices of `db` now (inside a transaction: those it has locked). */
async function previewOn(db: Db, file: PriceFile, source: string, lock: boolean): Promise<PriceFilePreview> {
  const problems: CatalogueProblem[] = [];
  const headerLine = file.headerLine ?? 1;
  const missing = PRICE_FILE_COLUMNS.filter((c) => !file.header.includes(c));
  if (missing.length > 0) problems.push({ line: headerLine, message: PRODUCT_TEXTS.fileColumns });
  else if (file.rows.length === 0) problems.push({ line: headerLine, message: PRODUCT_TEXTS.fileEmpty });
  const typed: { line: number; sku: string; currency: CurrencyCode; list: number; sale: number }[] = [];
  if (problems.length === 0)
    for (const { line, cells } of file.rows) {
      const sku = (cells.sku_code ?? '').trim().toUpperCase();
      const currency = (cells.currency ?? '').trim().toUpperCase();
      if (!ITEM_CODE_PATTERN.test(sku)) {
        problems.push({ line, message: PRODUCT_TEXTS.unknownSku(sku || '(empty)') });
        continue;
      }
      if (!(CURRENCY_CODES as readonly string[]).includes(currency)) {
        problems.push({ line, message: PRODUCT_TEXTS.currency });
        continue;
      }
      const c = currency as CurrencyCode;
      const list = readPrice(cells.list_price ?? '', c);
      const sale = readPrice(cells.sale_price ?? '', c);
      if ('error' in list || 'error' in sale) {
        problems.push({
          line,
          message: `${'error' in list ? 'list_price' : 'sale_price'}: ${'error' in list ? list.error : (sale as { error: string }).error}`,
        });
        continue;
      }
      if (typed.some((t) => t.sku === sku && t.currency === c)) {
        problems.push({ line, message: PRODUCT_TEXTS.twice(sku, c) });
        continue;
      }
      typed.push({ line, sku, currency: c, list: list.cents, sale: sale.cents });
    }
  const codes = [...new Set(typed.map((t) => t.sku))];
  const known = codes.length
    ? await db
        .select({ sku: skus.itemCode, product: skus.productItemCode, bottles: skus.numberOfBottles })
        .from(skus)
        .where(inArray(skus.itemCode, codes))
    : [];
  const productCodes = [...new Set(known.map((k) => k.product))];
  // Every price of the products the file touches: a pack is checked against its single, changed or not.
  const currentQuery = productCodes.length
    ? db
        .select({
          sku: skuPrices.skuItemCode,
          currency: skuPrices.currency,
          list: skuPrices.listPriceCents,
          sale: skuPrices.salePriceCents,
          product: skus.productItemCode,
          bottles: skus.numberOfBottles,
        })
        .from(skuPrices)
        .innerJoin(skus, eq(skus.itemCode, skuPrices.skuItemCode))
        .where(inArray(skus.productItemCode, productCodes))
        .orderBy(asc(skuPrices.skuItemCode), asc(skuPrices.currency))
    : null;
  const current = currentQuery ? await (lock ? currentQuery.for('update') : currentQuery) : [];
  const priceOf = new Map(current.map((c) => [`${c.sku}|${c.currency}`, c] as const));
  const skuOf = new Map(known.map((k) => [k.sku, k] as const));
  const rows: PriceFileRow[] = [];
  for (const t of typed) {
    const sku = skuOf.get(t.sku);
    const now = priceOf.get(`${t.sku}|${t.currency}`);
    if (!sku) {
      problems.push({ line: t.line, message: PRODUCT_TEXTS.unknownSku(t.sku) });
      continue;
    }
    if (!now) {
      problems.push({ line: t.line, message: PRODUCT_TEXTS.noPrice(t.sku, t.currency) });
      continue;
    }
    rows.push({
      line: t.line,
      sku: t.sku,
      productItemCode: sku.product,
      currency: t.currency,
      oldListCents: now.list,
      oldSaleCents: now.sale,
      newListCents: t.list,
      newSaleCents: t.sale,
      changed: now.list !== t.list || now.sale !== t.sale,
    });
  }
  // Each product's prices in each currency as the file would leave them, under the catalogue's rules.
  const groups = new Map<string, (PackPrices & { line: number | null; sku: string })[]>();
  for (const c of current) {
    const fromFile = rows.find((r) => r.sku === c.sku && r.currency === c.currency);
    const key = `${c.product}|${c.currency}`;
    groups.set(key, [
      ...(groups.get(key) ?? []),
      {
        sku: c.sku,
        size: c.bottles,
        listCents: fromFile?.newListCents ?? c.list,
        saleCents: fromFile?.newSaleCents ?? c.sale,
        line: fromFile?.line ?? null,
      },
    ]);
  }
  for (const packs of groups.values())
    for (const problem of priceProblems(packs)) {
      const pack = packs.find((p) => p.size === problem.size);
      // The line to blame: the pack's own, else (its single changed) the single's.
      const line = pack?.line ?? packs.find((p) => p.size === 1)?.line;
      if (line != null) problems.push({ line, message: `${pack?.sku}: ${problem.message}` });
    }
  problems.sort((a, b) => a.line - b.line);
  const changedRows = rows.filter((r) => r.changed);
  const token = createHash('sha256')
    .update(source)
    .update(JSON.stringify(rows.map((r) => [r.sku, r.currency, r.oldListCents, r.oldSaleCents])))
    .digest('base64url');
  return {
    rows,
    problems,
    changes: changedRows.length,
    products: new Set(changedRows.map((r) => r.productItemCode)).size,
    token,
  };
}

/** The file's text (for the token); over the limit, refused. */
function fileSource(file: PriceFile): string {
  return JSON.stringify([file.header, file.rows.map((r) => [r.line, r.cells])]);
}

async function requireFileCurrencies(
  db: Db,
  clock: Clock,
  by: Actor,
  request: StaffRequest,
  target: Target,
  file: PriceFile,
) {
  const currencies = new Set(
    file.rows
      .map((r) => (r.cells.currency ?? '').trim().toUpperCase())
      .filter((c): c is CurrencyCode => (CURRENCY_CODES as readonly string[]).includes(c)),
  );
  for (const currency of currencies) await requireCurrency(db, clock, by, request, target, currency);
}

/** What a price file would change: old and new price per row, and each refused row with its line. Changes nothing. */
export async function previewPriceFile(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  file: PriceFile,
): Promise<PriceFilePreview> {
  const target = { action: 'products.price-file.preview', recordType: RECORD_TYPE };
  const by = await requireStaffPermission(db, clock, request, 'catalogue.write', target);
  await requireFileCurrencies(db, clock, by, request, target, file);
  return previewOn(db, file, fileSource(file), false);
}

/**
 * Applies a price file its preview was shown for (`token`), in one transaction with one audit entry per product
 * changed. A file with refused rows changes nothing; prices that changed since the preview refuse it (409) with the
 * preview made again, never applied blindly.
 */
export async function applyPriceFile(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  file: PriceFile,
  token: string,
): Promise<{ applied: true; changes: number; products: number } | { applied: false; preview: PriceFilePreview }> {
  const target = { action: 'products.price-file.apply', recordType: RECORD_TYPE };
  const by = await requireStaffPermission(db, clock, request, 'catalogue.write', target);
  await requireFileCurrencies(db, clock, by, request, target, file);
  const now = clock.now();
  return inTransaction(db, async (tx) => {
    const preview = await previewOn(tx, file, fileSource(file), true);
    if (preview.problems.length > 0) throw new ServiceError({ ...PRODUCT_ERRORS.file }, PRODUCT_TEXTS.fileRefused);
    if (preview.token !== token) return { applied: false as const, preview };
    const changed = preview.rows.filter((r) => r.changed);
    if (changed.length === 0) throw new ServiceError({ ...PRODUCT_ERRORS.file }, PRODUCT_TEXTS.fileNothing);
    const byProduct = new Map<string, PriceFileRow[]>();
    for (const r of changed) byProduct.set(r.productItemCode, [...(byProduct.get(r.productItemCode) ?? []), r]);
    for (const r of changed)
      await tx
        .update(skuPrices)
        .set({ listPriceCents: r.newListCents, salePriceCents: r.newSaleCents })
        .where(and(eq(skuPrices.skuItemCode, r.sku), eq(skuPrices.currency, r.currency)));
    for (const [product, list] of byProduct) {
      const prices = (pick: (r: PriceFileRow) => [number, number]) =>
        Object.fromEntries(list.map((r) => [`${r.sku} ${r.currency}`, { list: pick(r)[0], sale: pick(r)[1] }]));
      await writeAudit(tx, now, by, {
        action: 'products.price-file.apply',
        recordType: RECORD_TYPE,
        recordId: product,
        outcome: 'done',
        before: { prices: prices((r) => [r.oldListCents, r.oldSaleCents]) },
        after: { prices: prices((r) => [r.newListCents, r.newSaleCents]), lines: list.map((r) => r.line) },
      });
    }
    await announcePageChange(tx);
    return { applied: true as const, changes: changed.length, products: byProduct.size };
  });
}
