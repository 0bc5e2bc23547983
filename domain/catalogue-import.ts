import { z } from 'zod';
import { CURRENCY_CODES, type CurrencyCode } from './sites';
import { amountToCents } from './money';
import { PACK_SIZES } from './pack-pricing';
import { ITEM_CODE_PATTERN } from './item-code';
import { type ProductKind, productKindsWhere } from './product-kinds';
import { fitsCurrency, type PackPrices, PRICE_TEXTS, priceProblems } from './catalogue-prices';

// The operators' catalogue file (`npm run catalogue:import FILE.csv`): one row per sku and currency. Pure: the
// rows come in as records (header → value, with the file line each starts on), problems go out with those line
// numbers, nothing is written here.

export const CATALOGUE_COLUMNS = [
  'item_code',
  'sku_code',
  'pack_size',
  'currency',
  'name',
  'vintage',
  'product_type',
  'colour',
  'grape',
  'region',
  'country',
  'producer',
  'list_price',
  'sale_price',
  'stock',
] as const;

/**
 * The kinds the file may hold: listed ones whose stock is counted (the `stock` column). E-gift cards, Unlimited and
 * plan bump items are neither, and are not sold through it.
 */
export const PRODUCT_TYPES = productKindsWhere((k) => k.listed && k.carriesStock) as [ProductKind, ...ProductKind[]];
export const COLOURS = ['red', 'white', 'rose', 'sparkling', 'dessert', 'fortified', 'mixed', 'none'] as const;

const money = (column: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, `${column} must be an amount such as 24.99`)
    .transform((v) => amountToCents(Number(v)));

const text = (column: string, max: number, required = true) =>
  z
    .string()
    .trim()
    .max(max, `${column} is at most ${max} characters`)
    .refine((v) => !required || v.length > 0, `${column} is required`)
    // A quoted field may span lines in CSV; a name or a region with a line break would break titles and listings.
    .refine((v) => !/[\r\n]/.test(v), `${column} must be on one line`);

export const CatalogueRowSchema = z
  .object({
    item_code: z.string().trim().regex(ITEM_CODE_PATTERN, 'item_code must be an item code such as D0100'),
    sku_code: z.string().trim().regex(ITEM_CODE_PATTERN, 'sku_code must be an item code such as D0100-6'),
    pack_size: z
      .string()
      .trim()
      .transform(Number)
      .refine((n) => (PACK_SIZES as readonly number[]).includes(n), 'pack_size must be 1, 2, 3, 6 or 12'),
    currency: z.enum(CURRENCY_CODES, { error: `currency must be one of ${CURRENCY_CODES.join(', ')}` }),
    name: text('name', 200),
    vintage: z
      .string()
      .trim()
      .regex(/^(\d{4})?$/, 'vintage must be a year such as 2022, or empty')
      .transform((v) => (v ? Number(v) : null)),
    product_type: z.enum(PRODUCT_TYPES, { error: `product_type must be one of ${PRODUCT_TYPES.join(', ')}` }),
    colour: z.enum(COLOURS, { error: `colour must be one of ${COLOURS.join(', ')}` }),
    grape: text('grape', 120, false),
    region: text('region', 120, false),
    country: text('country', 80, false),
    producer: text('producer', 120),
    list_price: money('list_price'),
    sale_price: money('sale_price'),
    stock: z
      .string()
      .trim()
      .regex(/^\d{1,7}$/, 'stock must be a whole number of bottles')
      .transform(Number),
  })
  // The prices' own rules are the console's too (domain/catalogue-prices.ts); a pack against its single is checked once
  // the whole product is read (readCatalogueRows).
  .superRefine((r, ctx) => {
    for (const column of ['list_price', 'sale_price'] as const)
      if (!fitsCurrency(r[column], r.currency))
        ctx.addIssue({ code: 'custom', message: `${column}: ${PRICE_TEXTS.amount(r.currency)}` });
    for (const problem of priceProblems([{ size: r.pack_size, listCents: r.list_price, saleCents: r.sale_price }]))
      ctx.addIssue({ code: 'custom', message: problem.message });
  })
  .refine((r) => (r.pack_size === 1 ? r.sku_code === r.item_code : r.sku_code === `${r.item_code}-${r.pack_size}`), {
    message: 'sku_code must be item_code for a single bottle, and item_code-{pack_size} for a pack',
  });

export type CatalogueRow = z.infer<typeof CatalogueRowSchema>;

export interface CatalogueProblem {
  /** The file's line (the header is line 1), counting blank lines and the line breaks inside quoted fields. */
  line: number;
  message: string;
}

/** One data row of the file: its cells by column, and the file line the row starts on. */
export interface CatalogueRecord {
  line: number;
  cells: Record<string, string>;
}

export interface CatalogueProduct {
  itemCode: string;
  name: string;
  vintage: number | null;
  productType: ProductKind;
  colour: (typeof COLOURS)[number];
  grape: string;
  region: string;
  country: string;
  producer: string;
  stock: number;
  skus: Map<string, { packSize: number; prices: Map<CurrencyCode, { listCents: number; saleCents: number }> }>;
}

/**
 * Checks every row (all problems, by line) and gathers products, their skus and prices. A product's own fields must
 * agree on all its rows; a sku has one row per currency; every product has its single-bottle sku.
 */
export function readCatalogueRows(
  header: readonly string[],
  rows: readonly CatalogueRecord[],
  headerLine = 1,
): { products: CatalogueProduct[]; problems: CatalogueProblem[] } {
  const problems: CatalogueProblem[] = [];
  const missing = CATALOGUE_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0)
    return { products: [], problems: [{ line: headerLine, message: `missing columns: ${missing.join(', ')}` }] };
  if (rows.length === 0) return { products: [], problems: [{ line: headerLine, message: 'the file has no rows' }] };
  const products = new Map<string, CatalogueProduct & { firstLine: number }>();
  const priceLines = new Map<string, number>();
  for (const { line, cells: raw } of rows) {
    const parsed = CatalogueRowSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push({ line, message: issue?.message ?? 'the row is not valid' });
      continue;
    }
    const r = parsed.data;
    const fields = {
      name: r.name,
      vintage: r.vintage,
      productType: r.product_type,
      colour: r.colour,
      grape: r.grape,
      region: r.region,
      country: r.country,
      producer: r.producer,
      stock: r.stock,
    };
    let product = products.get(r.item_code);
    if (!product) {
      product = { itemCode: r.item_code, ...fields, skus: new Map(), firstLine: line };
      products.set(r.item_code, product);
    } else {
      const differs = (Object.keys(fields) as (keyof typeof fields)[]).find((k) => product?.[k] !== fields[k]);
      if (differs) {
        problems.push({ line, message: `${differs} differs from line ${product.firstLine} for ${r.item_code}` });
        continue;
      }
    }
    const sku = product.skus.get(r.sku_code) ?? { packSize: r.pack_size, prices: new Map() };
    if (sku.prices.has(r.currency)) {
      problems.push({ line, message: `${r.sku_code} already has a ${r.currency} price` });
      continue;
    }
    sku.prices.set(r.currency, { listCents: r.list_price, saleCents: r.sale_price });
    priceLines.set(`${r.sku_code}|${r.currency}`, line);
    product.skus.set(r.sku_code, sku);
  }
  for (const p of products.values())
    if (!p.skus.has(p.itemCode))
      problems.push({ line: p.firstLine, message: `${p.itemCode} has no single-bottle row (sku_code ${p.itemCode})` });
  problems.push(...packProblems(products.values(), priceLines));
  problems.sort((a, b) => a.line - b.line);
  return { products: [...products.values()].map(({ firstLine: _f, ...p }) => p), problems };
}

/** Each product's packs against its single bottle, currency by currency, named by the line of the pack's price. */
function packProblems(list: Iterable<CatalogueProduct>, priceLines: ReadonlyMap<string, number>): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  for (const p of list) {
    const byCurrency = new Map<CurrencyCode, (PackPrices & { sku: string })[]>();
    for (const [sku, { packSize, prices }] of p.skus)
      for (const [currency, price] of prices)
        byCurrency.set(currency, [...(byCurrency.get(currency) ?? []), { sku, size: packSize, ...price }]);
    for (const [currency, packs] of byCurrency)
      for (const problem of priceProblems(packs)) {
        const sku = packs.find((k) => k.size === problem.size)?.sku ?? p.itemCode;
        problems.push({ line: priceLines.get(`${sku}|${currency}`) ?? 1, message: `${sku}: ${problem.message}` });
      }
  }
  return problems;
}
