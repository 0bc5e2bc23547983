import { centsToAmount } from './money';
import type { CurrencyCode } from './sites';

// The rules a product's prices and stock keep, whoever sets them: the operators' catalogue file
// (domain/catalogue-import.ts), the console's product page and its price file (services/staff/products.ts). Money is
// kept in cents of every currency (DESIGN.md convention 1); a currency without minor units (TWD) holds whole dollars.

/** Digits after the point each currency's prices are written with: Taiwan writes prices in whole dollars. */
export const PRICE_DECIMALS: Readonly<Record<CurrencyCode, 0 | 2>> = { AUD: 2, NZD: 2, USD: 2, HKD: 2, TWD: 0 };

/** The most a price may be (in whole units), as the catalogue file allows. */
const MAX_WHOLE_DIGITS = 6;

export const PRICE_TEXTS = {
  amount: (currency: CurrencyCode) =>
    PRICE_DECIMALS[currency] === 0
      ? `Enter a whole number of ${currency} such as 890: ${currency} prices have no cents.`
      : `Enter an amount in ${currency} such as 24.99.`,
  saleAboveList: (pack: string) => `The sale price of ${pack} must not be more than its list price.`,
  packAboveSingles: (size: number) =>
    `A ${size}-pack must not cost more than ${size} single bottles at the single bottle’s sale price.`,
  stock: 'Enter the bottles in stock as a whole number, 0 or more.',
} as const;

/** How a pack size is named in a message. */
export function packName(size: number): string {
  return size === 1 ? 'a single bottle' : `the ${size}-pack`;
}

/** Cents of a price as typed (`24.99`, `890` in TWD), or the message a person can act on. */
export function readPrice(text: string, currency: CurrencyCode): { cents: number } | { error: string } {
  const value = text.trim();
  const pattern =
    PRICE_DECIMALS[currency] === 0
      ? new RegExp(`^\\d{1,${MAX_WHOLE_DIGITS}}$`)
      : new RegExp(`^\\d{1,${MAX_WHOLE_DIGITS}}(\\.\\d{1,2})?$`);
  if (!pattern.test(value)) return { error: PRICE_TEXTS.amount(currency) };
  return { cents: Math.round(Number(value) * 100) };
}

/** Whether `cents` is a price the currency can hold (TWD: whole dollars). */
export function fitsCurrency(cents: number, currency: CurrencyCode): boolean {
  return Number.isSafeInteger(cents) && cents >= 0 && (PRICE_DECIMALS[currency] === 2 || cents % 100 === 0);
}

/** Bottles in stock as typed, or the message. */
export function readStock(text: string): { bottles: number } | { error: string } {
  const value = text.trim();
  return /^\d{1,7}$/.test(value) ? { bottles: Number(value) } : { error: PRICE_TEXTS.stock };
}

/** One pack size's prices in one currency. */
export interface PackPrices {
  size: number;
  listCents: number;
  saleCents: number;
}

export interface PriceProblem {
  size: number;
  /** The price at fault. */
  field: 'list' | 'sale';
  message: string;
}

/**
 * What is wrong with a product's prices in one currency: a sale price above its list price, a pack dearer than as
 * many single bottles at the single's sale price (a pack is never a worse buy than its bottles one by one).
 */
export function priceProblems(packs: readonly PackPrices[]): PriceProblem[] {
  const problems: PriceProblem[] = [];
  const single = packs.find((p) => p.size === 1);
  for (const p of [...packs].sort((a, b) => a.size - b.size)) {
    if (p.saleCents > p.listCents)
      problems.push({ size: p.size, field: 'sale', message: PRICE_TEXTS.saleAboveList(packName(p.size)) });
    else if (single && p.size > 1 && p.saleCents > single.saleCents * p.size)
      problems.push({ size: p.size, field: 'sale', message: PRICE_TEXTS.packAboveSingles(p.size) });
  }
  return problems;
}

/** A price as a form shows it for editing, as `readPrice` reads it back: `24.99`, `890` in TWD. */
export function priceText(cents: number, currency: CurrencyCode): string {
  const amount = centsToAmount(cents);
  return PRICE_DECIMALS[currency] === 0 ? String(Math.round(amount)) : amount.toFixed(2);
}
