import { describe, expect, it } from 'vitest';
import { CATALOGUE_COLUMNS, PRODUCT_TYPES, readCatalogueRows } from './catalogue-import';
import { favouriteLoginPrompt } from './identity-rules';
import {
  carriesStock,
  hasProductPage,
  isDelivered,
  isListed,
  isOnePerCart,
  isPackPriced,
  isProductKind,
  PRODUCT_KIND_LIST,
  PRODUCT_KIND_LOOKS,
  PRODUCT_KINDS,
  type ProductKindProperties,
  productKindsWhere,
  UNLISTED_KINDS,
} from './product-kinds';

// Each kind's yes-or-no properties as the README and SPEC state them: a kind or a property added, or a property
// changed, fails here until the table says so too.
//  - README: e-gift cards and Unlimited are never delivered (no bottles for fill-the-box, case prices, voucher
//    minimums; not towards free delivery); checkout takes stock of what the catalogue counts (wine, beer, spirit,
//    other) and a cancel gives it back.
//  - SPEC §2: Unlimited, SV and gift voucher items have no link; §5: they keep their quantity, Unlimited and SV
//    are one per cart; §3: e-gift cards, Unlimited and plan bump items are never listed.
const FLAGS = `
               carriesStock delivered listed productPage packPriced onePerCart quantityLocked voucherEligible memberPriced
  wine         x            x         x      x           x          .          .              x               x
  beer         x            x         x      x           .          .          .              x               x
  spirit       x            x         x      x           .          .          .              x               x
  other        x            x         x      x           .          .          .              x               x
  giftVoucher  .            .         .      .           .          .          x              .               x
  membership   .            .         .      .           .          x          x              x               .
  subscription .            x         .      x           .          x          x              x               x`;

function readTable(table: string): { columns: string[]; rows: [string, string[]][] } {
  const [head, ...lines] = table.trim().split('\n');
  const columns = (head ?? '').trim().split(/\s+/);
  const rows = lines.map((line): [string, string[]] => {
    const [kind, ...marks] = line.trim().split(/\s+/);
    return [kind ?? '', marks];
  });
  return { columns, rows };
}

const { columns, rows } = readTable(FLAGS);

describe('product kinds', () => {
  it('are the kinds of the table, no more', () => {
    expect(PRODUCT_KIND_LIST).toEqual(rows.map(([kind]) => kind));
  });

  it.each(rows)('%s has the properties the README and SPEC give it', (kind, marks) => {
    if (!isProductKind(kind)) throw new Error(`${kind} is not a kind`);
    const expected = Object.fromEntries(columns.map((column, i) => [column, marks[i] === 'x']));
    const actual = Object.fromEntries(
      columns.map((column) => [
        column,
        column === 'packPriced'
          ? PRODUCT_KIND_LOOKS[kind].packPriced
          : PRODUCT_KINDS[kind][column as keyof ProductKindProperties],
      ]),
    );
    expect(actual).toEqual(expected);
  });

  it.each([
    ['wine', 'wine', 'bottle', null],
    ['beer', 'beer', 'can', 'beer'],
    ['spirit', 'spirit', 'spirit', 'spirits'],
    ['other', 'item', 'giftBox', 'gifts'],
    ['giftVoucher', 'item', 'giftBox', null],
    ['membership', 'item', 'giftBox', null],
    ['subscription', 'item', 'bottle', null],
  ] as const)('%s: favourite noun %s, drawn as %s, a new one listed under %s', (kind, noun, picture, category) => {
    expect(PRODUCT_KINDS[kind]).toMatchObject({ category });
    expect(PRODUCT_KIND_LOOKS[kind]).toMatchObject({ favouriteNoun: noun, picture });
  });

  it('word the favourite login prompt by kind (SPEC §6), an unknown kind as an item', () => {
    expect(PRODUCT_KIND_LIST.map(favouriteLoginPrompt)).toEqual([
      'Log in to Favourite this wine',
      'Log in to Favourite this beer',
      'Log in to Favourite this spirit',
      'Log in to Favourite this item',
      'Log in to Favourite this item',
      'Log in to Favourite this item',
      'Log in to Favourite this item',
    ]);
    expect(favouriteLoginPrompt('hamper')).toBe('Log in to Favourite this item');
  });

  it('answer the helpers from the table', () => {
    for (const kind of PRODUCT_KIND_LIST) {
      const p = PRODUCT_KINDS[kind];
      expect([
        carriesStock(kind),
        isDelivered(kind),
        isListed(kind),
        hasProductPage(kind),
        isPackPriced(kind),
        isOnePerCart(kind),
      ]).toEqual([
        p.carriesStock,
        p.delivered,
        p.listed,
        p.productPage,
        PRODUCT_KIND_LOOKS[kind].packPriced,
        p.onePerCart,
      ]);
    }
    expect(UNLISTED_KINDS).toEqual(['giftVoucher', 'membership', 'subscription']);
    expect(productKindsWhere((k) => k.carriesStock)).toEqual(['wine', 'beer', 'spirit', 'other']);
  });

  it('tell a kind from any other value', () => {
    for (const kind of PRODUCT_KIND_LIST) expect(isProductKind(kind)).toBe(true);
    for (const value of ['Wine', 'cheese', '', 'toString', 'constructor', null, undefined, 1, {}])
      expect(isProductKind(value)).toBe(false);
  });
});

describe('the catalogue file', () => {
  const header = CATALOGUE_COLUMNS;
  const cells = ['D0900', 'D0900', '1', 'AUD', 'A wine', '2022', '', 'red', '', '', '', 'Maker', '30', '25', '12'];
  const row = (productType: string) => ({
    line: 2,
    cells: { ...Object.fromEntries(header.map((column, i) => [column, cells[i] ?? ''])), product_type: productType },
  });

  it('holds the listed kinds whose stock is counted', () => {
    expect(PRODUCT_TYPES).toEqual(['wine', 'beer', 'spirit', 'other']);
    for (const kind of PRODUCT_TYPES) expect(readCatalogueRows(header, [row(kind)]).problems).toEqual([]);
  });

  it.each(['cheese', 'giftVoucher', 'membership', 'subscription'])(
    'refuses product_type %s, naming the kinds',
    (kind) => {
      expect(readCatalogueRows(header, [row(kind)]).problems).toEqual([
        { line: 2, message: 'product_type must be one of wine, beer, spirit, other' },
      ]);
    },
  );
});
