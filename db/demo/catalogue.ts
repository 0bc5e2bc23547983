import { BRAND_CODES, type CurrencyCode } from '../../domain/sites';
import { slugify } from '../../domain/product-path';
import type { ProductKind } from '../../domain/product-kinds';
import { summariseRatings } from '../../domain/reviews';
import type { mixedCaseContents, offerListItems, offerLists, products, reviews, skuPrices, skus } from '../schema';
import { createRng, type Rng } from './rng';

// The demo catalogue: deterministic (same rows on every run and machine), believable, and holding the
// fixed records of CONTRACT.md. Dates derive from a constant, never from the clock.

type ProductRow = typeof products.$inferInsert & { itemCode: string; imageBase: string };
type SkuRow = typeof skus.$inferInsert;
type SkuPriceRow = typeof skuPrices.$inferInsert;
type ReviewRow = typeof reviews.$inferInsert;
type OfferListRow = typeof offerLists.$inferInsert;
type OfferListItemRow = typeof offerListItems.$inferInsert;
type MixedCaseContentRow = typeof mixedCaseContents.$inferInsert;

export interface Catalogue {
  products: ProductRow[];
  skus: SkuRow[];
  skuPrices: SkuPriceRow[];
  reviews: ReviewRow[];
  offerLists: OfferListRow[];
  offerListItems: OfferListItemRow[];
  mixedCaseContents: MixedCaseContentRow[];
}

const BASE_DATE = Date.UTC(2026, 5, 1);
const DAY = 86_400_000;
const GENERATED_WINES = 540;

type Colour = 'red' | 'white' | 'rose' | 'sparkling' | 'dessert' | 'fortified';

interface Origin {
  country: string;
  region: string;
  appellation: string;
}

const GRAPES: Record<Colour, { grape: string; origins: Origin[]; styles: string[] }[]> = {
  red: [
    {
      grape: 'Shiraz',
      origins: [
        o('Australia', 'Barossa Valley', 'Barossa'),
        o('Australia', 'McLaren Vale', 'Fleurieu'),
        o('Australia', 'Hunter Valley', 'Hunter'),
        o('France', 'Rhône Valley', 'Crozes-Hermitage'),
      ],
      styles: ['Full-bodied red', 'Rich & spicy red'],
    },
    {
      grape: 'Cabernet Sauvignon',
      origins: [
        o('Australia', 'Coonawarra', 'Limestone Coast'),
        o('Australia', 'Margaret River', 'South West Australia'),
        o('USA', 'Napa Valley', 'California'),
        o('Chile', 'Maipo Valley', 'Central Valley'),
      ],
      styles: ['Full-bodied red', 'Structured red'],
    },
    {
      grape: 'Pinot Noir',
      origins: [
        o('New Zealand', 'Central Otago', 'Otago'),
        o('New Zealand', 'Marlborough', 'Marlborough'),
        o('Australia', 'Yarra Valley', 'Port Phillip'),
        o('France', 'Burgundy', 'Bourgogne'),
      ],
      styles: ['Light & silky red', 'Medium-bodied red'],
    },
    {
      grape: 'Merlot',
      origins: [
        o('France', 'Bordeaux', 'Bordeaux Supérieur'),
        o('Australia', 'Riverland', 'Lower Murray'),
        o('Chile', 'Colchagua Valley', 'Rapel'),
      ],
      styles: ['Smooth & fruity red', 'Medium-bodied red'],
    },
    {
      grape: 'Grenache',
      origins: [
        o('Australia', 'McLaren Vale', 'Fleurieu'),
        o('Spain', 'Priorat', 'Catalunya'),
        o('France', 'Rhône Valley', 'Côtes du Rhône'),
      ],
      styles: ['Medium-bodied red', 'Smooth & fruity red'],
    },
    {
      grape: 'Tempranillo',
      origins: [o('Spain', 'Rioja', 'Rioja Alta'), o('Spain', 'Ribera del Duero', 'Castilla y León')],
      styles: ['Medium-bodied red', 'Oaked red'],
    },
    {
      grape: 'Malbec',
      origins: [o('Argentina', 'Mendoza', 'Uco Valley'), o('France', 'Cahors', 'South West France')],
      styles: ['Full-bodied red', 'Rich & spicy red'],
    },
    {
      grape: 'Sangiovese',
      origins: [o('Italy', 'Tuscany', 'Chianti Classico'), o('Italy', 'Tuscany', 'Montalcino')],
      styles: ['Medium-bodied red', 'Savoury red'],
    },
    { grape: 'Nero d’Avola', origins: [o('Italy', 'Sicily', 'Terre Siciliane')], styles: ['Smooth & fruity red'] },
    { grape: 'Pinotage', origins: [o('South Africa', 'Stellenbosch', 'Coastal Region')], styles: ['Rich & spicy red'] },
  ],
  white: [
    {
      grape: 'Sauvignon Blanc',
      origins: [
        o('New Zealand', 'Marlborough', 'Marlborough'),
        o('France', 'Loire Valley', 'Touraine'),
        o('Australia', 'Adelaide Hills', 'Mount Lofty Ranges'),
      ],
      styles: ['Crisp & zesty white', 'Aromatic white'],
    },
    {
      grape: 'Chardonnay',
      origins: [
        o('Australia', 'Margaret River', 'South West Australia'),
        o('Australia', 'Yarra Valley', 'Port Phillip'),
        o('France', 'Burgundy', 'Mâcon-Villages'),
        o('USA', 'Sonoma Coast', 'California'),
      ],
      styles: ['Rich & creamy white', 'Elegant white'],
    },
    {
      grape: 'Riesling',
      origins: [
        o('Australia', 'Clare Valley', 'Mount Lofty Ranges'),
        o('Australia', 'Eden Valley', 'Barossa'),
        o('Germany', 'Mosel', 'Mosel'),
      ],
      styles: ['Crisp & zesty white', 'Aromatic white'],
    },
    {
      grape: 'Pinot Gris',
      origins: [
        o('New Zealand', 'Central Otago', 'Otago'),
        o('Italy', 'Veneto', 'Delle Venezie'),
        o('France', 'Alsace', 'Alsace'),
      ],
      styles: ['Aromatic white', 'Elegant white'],
    },
    { grape: 'Semillon', origins: [o('Australia', 'Hunter Valley', 'Hunter')], styles: ['Crisp & zesty white'] },
    {
      grape: 'Vermentino',
      origins: [o('Italy', 'Sardinia', 'Vermentino di Sardegna'), o('Australia', 'McLaren Vale', 'Fleurieu')],
      styles: ['Crisp & zesty white'],
    },
    { grape: 'Albariño', origins: [o('Spain', 'Rías Baixas', 'Galicia')], styles: ['Crisp & zesty white'] },
    {
      grape: 'Chenin Blanc',
      origins: [o('South Africa', 'Swartland', 'Coastal Region'), o('France', 'Loire Valley', 'Vouvray')],
      styles: ['Elegant white'],
    },
    {
      grape: 'Grüner Veltliner',
      origins: [o('Australia', 'Adelaide Hills', 'Mount Lofty Ranges')],
      styles: ['Crisp & zesty white'],
    },
  ],
  rose: [
    {
      grape: 'Grenache Rosé',
      origins: [o('France', 'Provence', 'Côtes de Provence'), o('Australia', 'Barossa Valley', 'Barossa')],
      styles: ['Dry rosé'],
    },
    {
      grape: 'Pinot Noir Rosé',
      origins: [o('New Zealand', 'Hawke’s Bay', 'Hawke’s Bay'), o('Australia', 'Yarra Valley', 'Port Phillip')],
      styles: ['Dry rosé'],
    },
    {
      grape: 'Sangiovese Rosé',
      origins: [o('Italy', 'Tuscany', 'Toscana IGT'), o('Australia', 'King Valley', 'North East Victoria')],
      styles: ['Fruity rosé'],
    },
  ],
  sparkling: [
    {
      grape: 'Chardonnay Pinot Noir',
      origins: [
        o('France', 'Champagne', 'Champagne'),
        o('Australia', 'Tasmania', 'Tasmania'),
        o('New Zealand', 'Marlborough', 'Marlborough'),
      ],
      styles: ['Traditional-method sparkling'],
    },
    {
      grape: 'Glera',
      origins: [o('Italy', 'Veneto', 'Prosecco DOC'), o('Australia', 'King Valley', 'North East Victoria')],
      styles: ['Light & fruity sparkling'],
    },
    { grape: 'Macabeo Parellada', origins: [o('Spain', 'Penedès', 'Cava')], styles: ['Traditional-method sparkling'] },
  ],
  dessert: [
    { grape: 'Botrytis Semillon', origins: [o('Australia', 'Riverina', 'Big Rivers')], styles: ['Sweet white'] },
    {
      grape: 'Late Harvest Riesling',
      origins: [o('New Zealand', 'Marlborough', 'Marlborough'), o('Germany', 'Rheingau', 'Rheingau')],
      styles: ['Sweet white'],
    },
  ],
  fortified: [
    {
      grape: 'Tawny',
      origins: [o('Australia', 'Barossa Valley', 'Barossa'), o('Portugal', 'Douro', 'Porto')],
      styles: ['Fortified'],
    },
    { grape: 'Muscat', origins: [o('Australia', 'Rutherglen', 'North East Victoria')], styles: ['Fortified'] },
  ],
};

function o(country: string, region: string, appellation: string): Origin {
  return { country, region, appellation };
}

const PRODUCER_FIRST = [
  'Hidden',
  'Old',
  'Stone',
  'Silver',
  'Red',
  'Black',
  'Wild',
  'Lone',
  'Three',
  'Golden',
  'Iron',
  'Blue',
  'Long',
  'High',
  'Misty',
  'Twin',
  'Copper',
  'Kangaroo',
  'Windy',
  'Cellar',
];
const PRODUCER_SECOND = [
  'Creek',
  'Ridge',
  'Hill',
  'Gully',
  'Bridge',
  'Estate',
  'Vale',
  'Rock',
  'Springs',
  'Gate',
  'Paddock',
  'Point',
  'Bay',
  'Crossing',
  'Orchard',
  'Fields',
];
const EUROPEAN_PRODUCERS: Record<string, string[]> = {
  France: [
    'Château Mirefleurs',
    'Domaine des Moines',
    'Maison Lacombe',
    'Château La Croix Blanche',
    'Domaine Saint-Roch',
    'Les Vignerons de Tavel',
  ],
  Italy: ['Tenuta San Lorenzo', 'Cantina Rossetti', 'Poggio al Sole', 'Villa Castellani', 'Fattoria dei Cipressi'],
  Spain: ['Bodegas Montalvo', 'Viña Alta', 'Bodega El Molino', 'Celler de la Font'],
  Portugal: ['Quinta do Vale', 'Quinta da Serra'],
  Germany: ['Weingut Bergmann', 'Weingut Schäfer'],
  Argentina: ['Bodega Los Andes', 'Finca Las Moras Altas'],
  Chile: ['Viña Cordillera', 'Viña Santa Lucía'],
  'South Africa': ['Fynbos Hill', 'Klipdrift Cellars'],
  USA: ['Redwood Hollow', 'Sonoma Ridge Cellars'],
};
const RANGES = [
  'Reserve',
  'Estate',
  'Single Vineyard',
  'Old Vine',
  'Family Selection',
  'Cellar Door',
  'Signature',
  'Limited Release',
  "Winemaker's Choice",
  '',
];

const NOTES: Record<Colour, { aromas: string[]; palate: string[]; finish: string[]; food: string[] }> = {
  red: {
    aromas: [
      'blackberry and violet',
      'ripe plum and cedar',
      'black cherry and mocha',
      'mulberry and cracked pepper',
      'raspberry and forest floor',
      'cassis and mint',
    ],
    palate: [
      'plush, velvety tannins',
      'a juicy, medium-bodied palate',
      'layers of dark fruit and spice',
      'fine-grained tannins and bright acidity',
      'a generous, rounded mouthfeel',
    ],
    finish: [
      'a long, savoury finish',
      'a hint of vanilla oak on the finish',
      'a lingering peppery finish',
      'a smooth, persistent finish',
    ],
    food: [
      'slow-cooked lamb shoulder',
      'a char-grilled steak',
      'mushroom risotto',
      'beef and red wine pie',
      'roast duck',
    ],
  },
  white: {
    aromas: [
      'passionfruit and cut grass',
      'white peach and nectarine',
      'lemon blossom and lime zest',
      'pear and honeysuckle',
      'grapefruit and fresh herbs',
    ],
    palate: [
      'a crisp, mouth-watering palate',
      'a creamy texture with toasted nuts',
      'vibrant citrus and mineral notes',
      'a fine, zesty acidity',
      'stone fruit and a touch of oak',
    ],
    finish: [
      'a clean, refreshing finish',
      'a long, citrusy finish',
      'a subtle, creamy finish',
      'a bright mineral finish',
    ],
    food: ['grilled prawns', 'goat’s cheese salad', 'roast chicken', 'Thai green curry', 'fresh oysters'],
  },
  rose: {
    aromas: ['strawberry and rose petal', 'watermelon and red currant', 'wild strawberry and citrus peel'],
    palate: ['a dry, delicate palate', 'crunchy red fruit and a silky texture'],
    finish: ['a crisp, refreshing finish', 'a mouth-watering, dry finish'],
    food: ['a summer antipasto plate', 'salmon niçoise', 'charcuterie'],
  },
  sparkling: {
    aromas: ['green apple and brioche', 'citrus and white flowers', 'pear and toasted almond'],
    palate: ['fine, persistent bubbles', 'a lively, creamy mousse'],
    finish: ['a crisp, celebratory finish', 'a long, toasty finish'],
    food: ['oysters', 'fish and chips', 'soft cheeses'],
  },
  dessert: {
    aromas: ['apricot and marmalade', 'honey and candied citrus'],
    palate: ['a luscious, sweet palate balanced by bright acidity'],
    finish: ['a long, honeyed finish'],
    food: ['crème brûlée', 'blue cheese'],
  },
  fortified: {
    aromas: ['toffee and dried fig', 'raisin and roasted nuts'],
    palate: ['a rich, warming palate'],
    finish: ['an endless, nutty finish'],
    food: ['a cheese board', 'dark chocolate'],
  },
};

const REVIEW_AUTHORS = [
  'Margaret T.',
  'John D.',
  'Sarah K.',
  'Peter W.',
  'Helen M.',
  'David R.',
  'Emma L.',
  'Michael B.',
  'Karen S.',
  'Andrew P.',
  'Lucy H.',
  'Tom G.',
  'Fiona C.',
  'Greg N.',
  'Anna F.',
  'Chris O.',
  'Rachel V.',
  'Mark E.',
  'Jenny A.',
  'Steve Y.',
];
const REVIEW_PLACES = [
  'Ballarat, VIC',
  'Toowoomba, QLD',
  'Geelong, VIC',
  'Newcastle, NSW',
  'Hobart, TAS',
  'Fremantle, WA',
  'Wollongong, NSW',
  'Bendigo, VIC',
  'Cairns, QLD',
  'Launceston, TAS',
  'Adelaide, SA',
  'Canberra, ACT',
  'Nelson, NZ',
  'Dunedin, NZ',
  'Tauranga, NZ',
  'Napier, NZ',
];
const REVIEW_TITLES: Record<number, string[]> = {
  5: ['Absolutely delicious', 'A new favourite', 'Outstanding value', 'Will be ordering again', 'Superb'],
  4: ['Very enjoyable', 'Lovely drop', 'Great with dinner', 'Really good wine'],
  3: ['Pleasant enough', 'Decent everyday wine', 'Not bad'],
  2: ['Not for me', 'A bit disappointing'],
  1: ['Did not enjoy this one'],
};
const REVIEW_BODIES: Record<number, string[]> = {
  5: [
    'Opened this for a family dinner and everyone asked what it was.',
    'Beautifully balanced and so easy to drink.',
    'Better than wines I have paid twice as much for.',
    'Lovely fruit and a long finish. Bought another case straight away.',
  ],
  4: [
    'Smooth and full of flavour. Went well with a roast.',
    'A very nice wine for the price.',
    'Good fruit, nicely balanced. Would buy again.',
  ],
  3: ['Fine for a weeknight but not memorable.', 'A little light for my taste, but pleasant.'],
  2: ['Too much oak for my taste.', 'Quite sharp when first opened; better the next day.'],
  1: ['Tasted flat to me. The team replaced it without fuss, though.'],
};

const CURRENCY_FACTORS: Record<CurrencyCode, number> = { AUD: 1, NZD: 1.12, USD: 0.66, HKD: 5.2, TWD: 21 };
const PACK_DISCOUNTS: Record<number, number> = { 2: 0.03, 3: 0.05, 6: 0.1 };

/** Ends a price in .99 (or .49 when asked), never below 99 cents. */
function charmPrice(cents: number, half = false): number {
  const dollars = Math.max(0, Math.floor(cents / 100));
  if (half && cents % 100 < 60) return Math.max(49, dollars * 100 + 49);
  return Math.max(99, (cents % 100 >= 50 ? dollars : Math.max(0, dollars - 1)) * 100 + 99);
}

function convert(audCents: number, currency: CurrencyCode): number {
  if (currency === 'AUD') return audCents;
  const raw = Math.round(audCents * CURRENCY_FACTORS[currency]);
  // TWD is priced in whole dollars.
  if (currency === 'TWD') return Math.round(raw / 100) * 100;
  return charmPrice(raw);
}

/**
 * A pack's price in a currency, never dearer than as many single bottles there (domain/catalogue-prices.ts): each
 * currency's price is rounded on its own, so a converted pack can end a few cents above its singles.
 */
function packSale(converted: number, singles: number, currency: CurrencyCode): number {
  if (converted <= singles) return converted;
  return currency === 'TWD' ? singles : charmPrice(singles - 50);
}

interface PriceSpec {
  singleSale: number;
  singleList: number;
  vppApplier: boolean;
  packs: number[];
  caseDiscount: number;
}

function addSkusAndPrices(cat: Catalogue, itemCode: string, spec: PriceSpec, rng: Rng): void {
  for (const size of spec.packs) {
    const skuCode = size === 1 ? itemCode : `${itemCode}-${size}`;
    cat.skus.push({
      itemCode: skuCode,
      productItemCode: itemCode,
      numberOfBottles: size,
      vppApplier: size === 1 && spec.vppApplier,
      bonusPoints: rng.chance(0.1) ? rng.pick([50, 100, 150, 200]) : 0,
    });
    const discount = size === 1 ? 0 : size === 12 ? spec.caseDiscount : (PACK_DISCOUNTS[size] ?? 0.1);
    const saleAud = size === 1 ? spec.singleSale : charmPrice(Math.round(spec.singleSale * size * (1 - discount)));
    const listAud = spec.singleList * size;
    for (const currency of Object.keys(CURRENCY_FACTORS) as CurrencyCode[]) {
      const sale = packSale(convert(saleAud, currency), size * convert(spec.singleSale, currency), currency);
      const list = Math.max(sale, convert(listAud, currency));
      cat.skuPrices.push({
        skuItemCode: skuCode,
        currency,
        listPriceCents: list,
        salePriceCents: sale,
        vppPriceCents: size === 1 && spec.vppApplier ? Math.round(sale * 0.85) : null,
        memberPriceCents: Math.round(sale * 0.93),
      });
    }
  }
}

function addReviews(cat: Catalogue, product: ProductRow, colour: Colour, count: number, rng: Rng): void {
  const ratings: number[] = [];
  for (let i = 0; i < count; i++) {
    const rating = rng.weighted([
      [5, 45],
      [4, 35],
      [3, 12],
      [2, 5],
      [1, 3],
    ] as const);
    ratings.push(rating);
    const food = rng.pick(NOTES[colour].food);
    const body = [rng.pick(REVIEW_BODIES[rating] ?? []), rating >= 4 ? `Perfect with ${food}.` : '']
      .filter(Boolean)
      .join(' ');
    cat.reviews.push({
      productItemCode: product.itemCode,
      author: rng.pick(REVIEW_AUTHORS),
      location: rng.pick(REVIEW_PLACES),
      rating,
      title: rng.pick(REVIEW_TITLES[rating] ?? ['Review']),
      body,
      createdAt: new Date(Date.UTC(2024, 0, 1) + rng.int(0, 880) * DAY + rng.int(0, 86_000) * 1000),
    });
  }
  Object.assign(product, summariseRatings(ratings));
}

function describe(
  colour: Colour,
  grape: string,
  origin: Origin,
  rng: Rng,
): { tastingNotes: string; description: string } {
  const n = NOTES[colour];
  const aroma = rng.pick(n.aromas);
  const tastingNotes = `Aromas of ${aroma} lead to ${rng.pick(n.palate)} and ${rng.pick(n.finish)}.`;
  const description = `${rng.pick(['A classic', 'A standout', 'A beautifully crafted', 'An exceptional', 'A crowd-pleasing'])} ${grape} from ${origin.region}, ${origin.country}. ${rng.pick(['Made in small batches from hand-picked fruit.', 'From low-yielding vines on free-draining soils.', 'Crafted by a family that has farmed these slopes for generations.', 'Fermented in small lots to keep every vineyard’s character.'])} Enjoy it with ${rng.pick(n.food)}.`;
  return { tastingNotes, description };
}

interface WineInput {
  itemCode: string;
  colour: Colour;
  rng: Rng;
  overrides?: Partial<ProductRow>;
}

function makeWine(_cat: Catalogue, index: number, input: WineInput): ProductRow {
  const { rng, colour } = input;
  const family = rng.pick(GRAPES[colour]);
  const origin = rng.pick(family.origins);
  const european = EUROPEAN_PRODUCERS[origin.country];
  const producer = european ? rng.pick(european) : `${rng.pick(PRODUCER_FIRST)} ${rng.pick(PRODUCER_SECOND)}`;
  const range = rng.pick(RANGES);
  const name = [
    producer,
    range,
    origin.country === 'France' || origin.country === 'Italy' || origin.country === 'Spain'
      ? origin.appellation
      : origin.region.split(' ')[0],
    family.grape,
  ]
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ');
  const nonVintage = (colour === 'sparkling' && rng.chance(0.6)) || colour === 'fortified';
  const vintage = nonVintage ? null : rng.int(2012, 2025);
  const baseYear = vintage ?? 2024;
  const drinkFrom = Math.max(2020, baseYear + rng.int(1, 3));
  const keep = colour === 'red' ? rng.int(1, 24) : colour === 'fortified' ? rng.int(5, 30) : rng.int(1, 10);
  const drinkTo = Math.max(2026, Math.min(2048, drinkFrom + keep));
  const { tastingNotes, description } = describe(colour, family.grape, origin, rng);
  const product: ProductRow = {
    itemCode: input.itemCode,
    name,
    slug: slugify(name),
    producer,
    vintage,
    productType: 'wine',
    colour,
    style: rng.pick(family.styles),
    grape: family.grape,
    region: origin.region,
    appellation: origin.appellation,
    country: origin.country,
    tastingNotes,
    description,
    mixed: false,
    bottleSizeMl: 750,
    bottleCount: 1,
    alcoholPercent: colour === 'fortified' ? rng.pick([17.5, 18, 19]) : Math.round(rng.float(11, 15) * 2) / 2,
    drinkFrom,
    drinkTo,
    availability: 'in_stock',
    preSell: false,
    quantityLocked: false,
    imageBase: `/images/products/${input.itemCode}`,
    ratingAverage: 0,
    ratingCount: 0,
    categories: [`${colour}-wine`],
    sortRank: index,
    releasedOn: new Date(BASE_DATE - rng.int(0, 700) * DAY),
    ...input.overrides,
  };
  if (product.name !== name) product.slug = slugify(product.name);
  return product;
}

function wineSpec(rng: Rng, overrides: Partial<PriceSpec> = {}): PriceSpec {
  const singleSale = charmPrice(
    rng.weighted([
      [rng.int(1_400, 2_000), 35],
      [rng.int(2_000, 3_000), 35],
      [rng.int(3_000, 4_600), 20],
      [rng.int(4_600, 12_000), 10],
    ] as const),
    rng.chance(0.25),
  );
  const onOffer = rng.chance(0.3);
  return {
    singleSale,
    singleList: onOffer ? charmPrice(Math.round(singleSale * rng.float(1.15, 1.4))) : singleSale,
    vppApplier: rng.chance(0.5),
    packs: [1, 2, 3, 6, 12],
    caseDiscount: rng.float(0.18, 0.25),
    ...overrides,
  };
}

function simpleProduct(
  itemCode: string,
  name: string,
  productType: ProductKind,
  colour: string,
  extra: Partial<ProductRow>,
  index: number,
): ProductRow {
  return {
    itemCode,
    name,
    slug: slugify(name),
    producer: extra.producer ?? name.split(' ').slice(0, 2).join(' '),
    vintage: null,
    productType,
    colour,
    style: '',
    grape: '',
    region: '',
    appellation: '',
    country: '',
    tastingNotes: '',
    description: '',
    mixed: false,
    bottleSizeMl: 750,
    bottleCount: 1,
    alcoholPercent: null,
    drinkFrom: null,
    drinkTo: null,
    availability: 'in_stock',
    preSell: false,
    quantityLocked: false,
    imageBase: `/images/products/${itemCode}`,
    ratingAverage: 0,
    ratingCount: 0,
    categories: [],
    sortRank: index,
    releasedOn: new Date(BASE_DATE - 200 * DAY),
    ...extra,
  };
}

/** Each mixed case and the wines it may hold: six of them, two bottles each. */
const MIXED_CASES: { code: string; name: string; sale: number; list: number; holds: (p: ProductRow) => boolean }[] = [
  { code: 'M0001', name: 'Winemakers’ Favourites Mixed Dozen', sale: 19_999, list: 29_999, holds: () => true },
  {
    code: 'M0002',
    name: 'Barossa Reds Discovery Case',
    sale: 22_999,
    list: 32_999,
    holds: (p) => p.colour === 'red' && p.country === 'Australia',
  },
  {
    code: 'M0003',
    name: 'Summer Whites Mixed Dozen',
    sale: 17_999,
    list: 26_999,
    holds: (p) => p.colour === 'white',
  },
  {
    code: 'M0004',
    name: 'Around the World Mixed Case',
    sale: 38_999,
    list: 49_999,
    holds: (p) => p.country !== 'Australia',
  },
  {
    code: 'M0005',
    name: 'Premium Cellar Selection Dozen',
    sale: 44_999,
    list: 59_999,
    holds: (p) => p.colour === 'red',
  },
  {
    code: 'M0006',
    name: 'Bubbles and Rosé Mixed Case',
    sale: 24_999,
    list: 33_999,
    holds: (p) => p.colour === 'sparkling' || p.colour === 'rose',
  },
];
const CASE_WINES = 6;
const CASE_BOTTLES_EACH = 2;
/**
 * A case's wines, each bought alone (AUD), cost between these shares of a twelfth of the case's sale and list
 * prices: more than the case, about what its list price says.
 */
const CASE_WINE_PRICE = { overSale: 1.15, underList: 1.3 };

const BEERS = [
  'Pale Ale',
  'Lager',
  'IPA',
  'Pilsner',
  'Stout',
  'Amber Ale',
  'Apple Cider',
  'Wheat Beer',
  'Session Ale',
  'Porter',
  'Hazy IPA',
];
const SPIRITS = [
  'Dry Gin',
  'Single Malt Whisky',
  'Spiced Rum',
  'Vodka',
  'Brandy',
  'Pink Gin',
  'Limoncello',
  'Bourbon',
  'Navy Strength Gin',
  'Aged Rum',
  'Coffee Liqueur',
];
const GIFTS = [
  'Wine Gift Box',
  'Cheese and Wine Hamper',
  'Deluxe Gift Hamper',
  'Two-Bottle Gift Box',
  'Chocolate and Port Gift Set',
  'Wine Lover’s Hamper',
  'Sparkling Celebration Box',
  'Leather Wine Carrier',
  'Sommelier Gift Set',
  'Picnic Gift Set',
  'Christmas Hamper',
];

export function generateCatalogue(): Catalogue {
  const cat: Catalogue = {
    products: [],
    skus: [],
    skuPrices: [],
    reviews: [],
    offerLists: [],
    offerListItems: [],
    mixedCaseContents: [],
  };
  const root = createRng('wine-storefront-catalogue-v1');
  let rank = 0;

  const addWine = (
    itemCode: string,
    colour: Colour,
    reviewCount: number | null,
    overrides: Partial<ProductRow> = {},
    spec: Partial<PriceSpec> = {},
  ) => {
    const rng = root.fork(itemCode);
    const product = makeWine(cat, rank++, { itemCode, colour, rng, overrides });
    const prices = wineSpec(rng, spec);
    if (prices.singleSale < 2_000) product.categories = [...(product.categories ?? []), 'under-20'];
    cat.products.push(product);
    addSkusAndPrices(cat, itemCode, prices, rng);
    addReviews(
      cat,
      product,
      colour,
      reviewCount ??
        rng.weighted([
          [0, 8],
          [rng.int(1, 2), 20],
          [rng.int(2, 6), 60],
          [rng.int(6, 8), 12],
        ] as const),
      rng,
    );
    return product;
  };

  // Fixed records of CONTRACT.md.
  addWine(
    'D0001',
    'red',
    6,
    {
      name: 'Hidden Creek Reserve Barossa Shiraz',
      producer: 'Hidden Creek',
      grape: 'Shiraz',
      region: 'Barossa Valley',
      appellation: 'Barossa',
      country: 'Australia',
      vintage: 2021,
      drinkFrom: 2024,
      drinkTo: 2033,
      style: 'Full-bodied red',
    },
    { vppApplier: true, singleSale: 2_499, singleList: 2_999, caseDiscount: 0.2 },
  );
  addWine(
    'D0002',
    'white',
    5,
    {
      name: 'Silver Bay Marlborough Sauvignon Blanc',
      producer: 'Silver Bay',
      grape: 'Sauvignon Blanc',
      region: 'Marlborough',
      appellation: 'Marlborough',
      country: 'New Zealand',
      vintage: 2024,
      drinkFrom: 2025,
      drinkTo: 2027,
      style: 'Crisp & zesty white',
    },
    { vppApplier: false, singleSale: 1_899, singleList: 1_899, caseDiscount: 0.18 },
  );
  addWine(
    'D0003',
    'sparkling',
    4,
    {
      name: 'Tamar Ridge Tasmanian Sparkling Cuvée',
      producer: 'Tamar Ridge',
      grape: 'Chardonnay Pinot Noir',
      region: 'Tasmania',
      appellation: 'Tasmania',
      country: 'Australia',
      vintage: null,
      drinkFrom: 2025,
      drinkTo: 2029,
      style: 'Traditional-method sparkling',
    },
    { singleSale: 2_999, singleList: 3_499 },
  );
  // A fixed record: D0003's six-pack earns bonus points, so the vir demo order VIR-200114 shows some.
  for (const sku of cat.skus) if (sku.itemCode === 'D0003-6') sku.bonusPoints = 100;
  addWine('X0001', 'red', 3, { name: 'Iron Gully Old Vine Grenache', availability: 'out_of_stock', vintage: 2019 });
  addWine(
    'P0001',
    'red',
    0,
    {
      name: 'Château Mirefleurs Grand Vin Bordeaux',
      producer: 'Château Mirefleurs',
      preSell: true,
      country: 'France',
      region: 'Bordeaux',
      appellation: 'Bordeaux Supérieur',
      grape: 'Merlot',
      vintage: 2024,
      drinkFrom: 2028,
      drinkTo: 2045,
    },
    { singleSale: 4_999, singleList: 4_999 },
  );

  const colours: [Colour, number][] = [
    ['red', 48],
    ['white', 30],
    ['rose', 8],
    ['sparkling', 8],
    ['dessert', 3],
    ['fortified', 3],
  ];
  for (let i = 1; i <= GENERATED_WINES; i++) {
    const colour = root.fork(`colour-${i}`).weighted(colours);
    addWine(`W${String(i).padStart(5, '0')}`, colour, null);
  }

  // Magnums: G0001 and a few more.
  const magnum = (code: string, colour: Colour, overrides: Partial<ProductRow> = {}) => {
    const rng = root.fork(code);
    const product = makeWine(cat, rank++, {
      itemCode: code,
      colour,
      rng,
      overrides: { bottleSizeMl: 1500, bottleCount: 2, ...overrides },
    });
    product.name = `${product.name} Magnum`;
    product.slug = slugify(product.name);
    product.categories = ['magnums', `${colour}-wine`];
    cat.products.push(product);
    const spec = wineSpec(rng, { packs: [1, 6] });
    spec.singleSale = charmPrice(spec.singleSale * 2 + 500);
    spec.singleList = Math.max(spec.singleSale, charmPrice(spec.singleList * 2 + 500));
    addSkusAndPrices(cat, code, spec, rng);
    addReviews(cat, product, colour, rng.int(0, 4), rng);
  };
  magnum('G0001', 'red');
  for (let i = 2; i <= 10; i++)
    magnum(`G${String(i).padStart(4, '0')}`, root.fork(`g${i}`).pick(['red', 'white', 'sparkling'] as const));

  // Mixed cases: one sku of 12 bottles.
  for (const m of MIXED_CASES) {
    const rng = root.fork(m.code);
    const product = simpleProduct(
      m.code,
      m.name,
      'wine',
      'mixed',
      {
        producer: 'Our winemakers',
        mixed: true,
        bottleCount: 12,
        style: 'Mixed case',
        grape: 'Mixed',
        tastingNotes: 'Twelve wines chosen by our winemakers, each with its own tasting card.',
        description: `${m.name}: twelve different bottles at a special case price, with tasting notes for every wine.`,
        categories: ['mixed-cases'],
        releasedOn: new Date(BASE_DATE - rng.int(0, 120) * DAY),
      },
      rank++,
    );
    cat.products.push(product);
    addSkusAndPrices(
      cat,
      m.code,
      { singleSale: m.sale, singleList: m.list, vppApplier: false, packs: [1], caseDiscount: 0 },
      rng,
    );
    cat.skus[cat.skus.length - 1]!.numberOfBottles = 12;
    addReviews(cat, product, 'red', rng.int(2, 6), rng);
  }

  // Beer, spirits and gifts.
  const others = (
    prefix: string,
    fixed: string,
    names: string[],
    productType: ProductKind,
    category: string,
    priceRange: [number, number],
    packs: number[],
  ) => {
    names.forEach((label, i) => {
      const code = i === 0 ? fixed : `${prefix}${String(i + 1).padStart(4, '0')}`;
      const rng = root.fork(code);
      const maker = `${rng.pick(PRODUCER_FIRST)} ${rng.pick(PRODUCER_SECOND)}`;
      const name = `${maker} ${label}`;
      const product = simpleProduct(
        code,
        name,
        productType,
        'none',
        {
          producer: maker,
          categories: [category],
          tastingNotes:
            productType === 'other'
              ? 'Beautifully presented and ready to give.'
              : `A ${label.toLowerCase()} with character and balance.`,
          description: `${name}, from an independent Australian producer.`,
          alcoholPercent:
            productType === 'beer'
              ? Math.round(rng.float(4, 7) * 10) / 10
              : productType === 'spirit'
                ? rng.pick([37.5, 40, 43, 46])
                : null,
          bottleSizeMl: productType === 'beer' ? 375 : productType === 'spirit' ? 700 : 750,
        },
        rank++,
      );
      cat.products.push(product);
      const sale = charmPrice(rng.int(priceRange[0], priceRange[1]));
      addSkusAndPrices(
        cat,
        code,
        { singleSale: sale, singleList: sale, vppApplier: false, packs, caseDiscount: 0.15 },
        rng,
      );
      addReviews(cat, product, 'white', rng.int(0, 3), rng);
    });
  };
  others('B', 'B0001', BEERS, 'beer', 'beer', [450, 900], [1, 6]);
  others('S', 'S0001', SPIRITS, 'spirit', 'spirits', [4_500, 12_000], [1]);
  others('O', 'O0001', GIFTS, 'other', 'gifts', [3_500, 19_900], [1]);

  // Sold but never listed: gift wrapping (quantity locked), e-gift cards and Unlimited.
  const unlisted = (
    code: string,
    name: string,
    productType: ProductKind,
    aud: number,
    extra: Partial<ProductRow> = {},
  ) => {
    cat.products.push(
      simpleProduct(
        code,
        name,
        productType,
        'none',
        { producer: 'Gift services', tastingNotes: '', description: name, ...extra },
        rank++,
      ),
    );
    addSkusAndPrices(
      cat,
      code,
      { singleSale: aud, singleList: aud, vppApplier: false, packs: [1], caseDiscount: 0 },
      root.fork(code),
    );
  };
  unlisted('Z020', 'Gift wrapping', 'other', 500, { quantityLocked: true });
  unlisted('00041VC', 'eGift card $50', 'giftVoucher', 5_000);
  unlisted('00042VC', 'eGift card $100', 'giftVoucher', 10_000);
  unlisted('00043VC', 'eGift card $150', 'giftVoucher', 15_000);
  unlisted('02698VC', 'eGift card (custom amount)', 'giftVoucher', 2_500);
  unlisted('UL0001', 'Unlimited membership (12 months)', 'membership', 5_900);
  unlisted('UL9001', 'Unlimited membership (12 months, test)', 'membership', 5_900);
  for (const code of ['UL0001', 'UL9001']) {
    const nzd = cat.skuPrices.find((p) => p.skuItemCode === code && p.currency === 'NZD');
    if (nzd) nzd.salePriceCents = nzd.listPriceCents = 6_900;
  }

  // Plan bump items (SPEC §3 wine-plan mapping, CONTRACT.md D0003SS): each a real sku of its own unlisted product,
  // priced from its wine, so the cart can add and price it. content/plan-mappings.json maps wines to them.
  const bump = (code: string, bom: string, label: string, bottles: number, saleAud: (single: number) => number) => {
    const base = cat.products.find((p) => p.itemCode === bom);
    const single = cat.skuPrices.find((p) => p.skuItemCode === bom && p.currency === 'AUD');
    if (!base || !single) throw new Error(`bump item ${code}: no ${bom}`);
    cat.products.push(
      simpleProduct(
        code,
        `${base.name} — ${label}`,
        'subscription',
        base.colour,
        {
          producer: base.producer,
          vintage: base.vintage,
          imageBase: base.imageBase,
          mixed: base.mixed,
          bottleCount: base.bottleCount,
          quantityLocked: true,
          description: `${label}: ${base.name}.`,
        },
        rank++,
      ),
    );
    cat.skus.push({
      itemCode: code,
      productItemCode: code,
      numberOfBottles: bottles,
      vppApplier: false,
      bonusPoints: 0,
    });
    const saleCents = saleAud(single.salePriceCents);
    for (const currency of Object.keys(CURRENCY_FACTORS) as CurrencyCode[]) {
      const sale = convert(saleCents, currency);
      cat.skuPrices.push({
        skuItemCode: code,
        currency,
        listPriceCents: Math.max(sale, convert(single.salePriceCents * (base.mixed ? 1 : bottles), currency)),
        salePriceCents: sale,
        vppPriceCents: null,
        memberPriceCents: null,
      });
    }
  };
  // SPEC §9: Subscribe and Save is $30 off six bottles.
  bump('D0003SS', 'D0003', 'Subscribe and Save, 6 bottles', 6, (single) => single * 6 - 3_000);
  bump('D0001WP', 'D0001', 'Discovery wine plan, 12 bottles', 12, (single) => Math.round(single * 12 * 0.8));
  bump('D0002WP', 'D0002', 'Discovery wine plan, 12 bottles', 12, (single) => Math.round(single * 12 * 0.8));
  bump('M0001WP', 'M0001', 'Quarterly case plan', 12, (single) => Math.round(single * 0.9));

  // Newest releases and award winners among the generated wines.
  const wines = cat.products.filter((p) => p.productType === 'wine' && !p.mixed && p.availability === 'in_stock');
  const newest = [...wines]
    .sort((a, b) => b.releasedOn.getTime() - a.releasedOn.getTime() || a.itemCode.localeCompare(b.itemCode))
    .slice(0, 60);
  for (const p of newest) p.categories = [...(p.categories ?? []), 'new-releases'];
  for (const p of root.fork('awards').sample(wines, 50)) p.categories = [...(p.categories ?? []), 'award-winners'];

  // A few generated products deliberately point at images that do not exist.
  for (const p of root.fork('missing').sample(
    cat.products.filter((x) => /^W\d+$/.test(x.itemCode)),
    6,
  )) {
    p.imageBase = `/images/products/missing/${p.itemCode}`;
  }

  // What each mixed case holds: wines of its theme, in stock and shown with an image, each priced on its own about
  // a twelfth of the case's list price, so the case saves against its bottles bought one by one.
  const singleAud = new Map(
    cat.skuPrices.filter((p) => p.currency === 'AUD').map((p) => [p.skuItemCode, p.salePriceCents] as const),
  );
  const caseable = cat.products.filter(
    (p) =>
      p.productType === 'wine' &&
      !p.mixed &&
      p.bottleCount === 1 &&
      p.availability === 'in_stock' &&
      !p.preSell &&
      !p.imageBase.includes('/missing/'),
  );
  for (const m of MIXED_CASES) {
    const bottles = CASE_WINES * CASE_BOTTLES_EACH;
    const [low, high] = [(m.sale / bottles) * CASE_WINE_PRICE.overSale, (m.list / bottles) * CASE_WINE_PRICE.underList];
    const pool = caseable.filter((p) => {
      const single = singleAud.get(p.itemCode) ?? 0;
      return m.holds(p) && single >= low && single <= high;
    });
    const chosen = root.fork(`${m.code}-contents`).sample(pool, CASE_WINES);
    if (chosen.length < CASE_WINES) throw new Error(`mixed case ${m.code}: only ${chosen.length} wines to hold`);
    chosen.forEach((wine, position) => {
      cat.mixedCaseContents.push({
        caseItemCode: m.code,
        position,
        wineItemCode: wine.itemCode,
        quantity: CASE_BOTTLES_EACH,
      });
    });
  }

  // Default listing order: a shuffle, so colours and prices mix on every page.
  const order = root.fork('order').shuffle(cat.products.map((p) => p.itemCode));
  const rankOf = new Map(order.map((code, i) => [code, i] as const));
  for (const p of cat.products) p.sortRank = rankOf.get(p.itemCode) ?? 0;

  addOfferLists(cat, root.fork('offer-lists'));
  return cat;
}

function addOfferLists(cat: Catalogue, rng: Rng): void {
  const listable = cat.products.filter(
    (p) => p.productType === 'wine' && !p.mixed && p.availability === 'in_stock' && !p.imageBase.includes('/missing/'),
  );
  const topRated = [...listable]
    .filter((p) => (p.ratingCount ?? 0) >= 3)
    .sort((a, b) => (b.ratingAverage ?? 0) - (a.ratingAverage ?? 0) || a.itemCode.localeCompare(b.itemCode));
  const newest = [...listable].sort(
    (a, b) => b.releasedOn.getTime() - a.releasedOn.getTime() || a.itemCode.localeCompare(b.itemCode),
  );
  for (const brand of BRAND_CODES) {
    const b = rng.fork(brand);
    const lists: [string, string, string, typeof listable][] = [
      [`${brand}_shopping_cart_addons`, 'addons', 'Add a little extra', b.sample(listable, 12)],
      [`${brand}_homepage_featured`, 'carousel', 'Our featured wines', b.sample(listable, 12)],
      [`${brand}_homepage_new_arrivals`, 'carousel', 'New arrivals', b.sample(newest.slice(0, 40), 12)],
      [`${brand}_homepage_top_rated`, 'carousel', 'Top rated by our customers', b.sample(topRated.slice(0, 36), 12)],
    ];
    for (const [name, template, header, items] of lists) {
      cat.offerLists.push({ name, brand, template, header, qvEnabled: true });
      items.forEach((p, position) => {
        cat.offerListItems.push({
          listName: name,
          position,
          productItemCode: p.itemCode,
          skuItemCode: p.itemCode,
          addOnDiscountPercent: template === 'addons' ? b.int(10, 30) : 0,
        });
      });
    }
  }
}
