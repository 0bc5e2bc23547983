import { PRICE_TEXTS } from './catalogue-prices';
import { declareErrors } from './errors';
import { CURRENCY_CODES } from './sites';

// The console's products (services/staff/products.ts): the texts its pages and calls answer with, and the limits of a
// price file. Here, not beside the service, so that a console page's own code can show them.

export const PRODUCT_PAGE_SIZE = 25;
/** The largest price file the console takes (about a thousand rows), below the server's body limit. */
export const PRICE_FILE_MAX_BYTES = 40_000;
export const PRICE_FILE_COLUMNS = ['sku_code', 'currency', 'list_price', 'sale_price'] as const;

export const PRODUCT_TEXTS = {
  wholeCurrency: (currency: string, sites: readonly string[]) =>
    `Prices in ${currency} hold on ${sites.join(', ')}: only an account that sees all of them may change them.`,
  wholeShop: 'Stock and publishing are the whole shop’s: only an account that sees every site may change them.',
  noSuchSku: (sku: string) => `${sku} is not a pack of this product.`,
  noPrice: (sku: string, currency: string) => `${sku} has no ${currency} price to change.`,
  nothing: 'Change a price or the stock first: nothing was different.',
  fileTooLarge: `The file is too large: at most ${PRICE_FILE_MAX_BYTES / 1000} KB (about a thousand rows).`,
  fileColumns: `The file’s first line must name the columns ${PRICE_FILE_COLUMNS.join(', ')}.`,
  fileEmpty: 'The file has no rows.',
  fileRefused: 'Nothing was changed: correct the rows listed and upload the file again.',
  fileNothing: 'Nothing to change: every price in the file is the price already.',
  stale: 'Prices changed since this preview: here is the preview again with today’s prices. Check it, then apply.',
  unknownSku: (sku: string) => `There is no pack with sku_code ${sku}.`,
  twice: (sku: string, currency: string) => `${sku} has a ${currency} price on an earlier line already.`,
  currency: `currency must be one of ${CURRENCY_CODES.join(', ')}.`,
} as const;

export const PRODUCT_ERRORS = /* @__PURE__ */ declareErrors({
  wholeShop: { kind: 'forbidden', code: 'product.whole_shop_only', text: PRODUCT_TEXTS.wholeShop },
  wholeCurrency: { kind: 'forbidden', code: 'product.whole_currency_only' },
  price: { kind: 'invalid', code: 'product.price_invalid' },
  stock: { kind: 'invalid', code: 'product.stock_invalid', field: 'stock', text: PRICE_TEXTS.stock },
  nothing: { kind: 'invalid', code: 'product.nothing_changed', text: PRODUCT_TEXTS.nothing },
  file: { kind: 'invalid', code: 'product.price_file_invalid', field: 'file' },
  fileTooLarge: {
    kind: 'too_large',
    code: 'product.price_file_too_large',
    field: 'file',
    text: PRODUCT_TEXTS.fileTooLarge,
  },
  stale: { kind: 'conflict', code: 'product.price_file_stale', text: PRODUCT_TEXTS.stale },
});
