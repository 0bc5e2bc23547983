// The kinds of product the shop sells and what each kind means for stock, delivery, listings, pricing and pages,
// declared once: the schema's check constraint on products.product_type, the catalogue import, the cart, checkout
// and the pages read them here rather than naming kinds.

export interface ProductKindProperties {
  /** Its bottles are counted (products.stock_bottles): checkout takes them, a cancelled order gives them back. */
  readonly carriesStock: boolean;
  /**
   * Sent to the delivery address. What is not (e-gift cards, Unlimited) counts as no bottles — fill-the-box, case
   * prices, voucher minimums — and not towards the free-delivery threshold; alone it costs no delivery.
   */
  readonly delivered: boolean;
  /** In listings, search and recommendations (with a category), and linked from its cart line (SPEC §2). */
  readonly listed: boolean;
  /** Shown at /product/… and suggested as one: e-gift cards and Unlimited are sold on pages of their own. */
  readonly productPage: boolean;
  /** One line per cart, of quantity 1 (SPEC §5: Unlimited, and Subscribe and Save plan lines). */
  readonly onePerCart: boolean;
  /** Its cart line keeps its quantity (SPEC §5), whatever the product's own quantity_locked says. */
  readonly quantityLocked: boolean;
  /** An order voucher may discount it: an e-gift card is money, not goods. */
  readonly voucherEligible: boolean;
  /** It has an Unlimited member price (the membership itself has none). */
  readonly memberPriced: boolean;
  /**
   * The category a new product of the kind is listed under (the catalogue file names none); null when it is listed
   * by its colour (wine) or never listed.
   */
  readonly category: string | null;
}

const kinds = <K extends string>(table: { readonly [Kind in K]: ProductKindProperties }) => table;

const SOLD_BY_THE_BOTTLE = {
  carriesStock: true,
  delivered: true,
  listed: true,
  productPage: true,
  onePerCart: false,
  quantityLocked: false,
  voucherEligible: true,
  memberPriced: true,
} as const;

/** Every kind (the catalogue file's kinds first, in the order its message names them). */
export const PRODUCT_KINDS = /* @__PURE__ */ kinds({
  wine: { ...SOLD_BY_THE_BOTTLE, category: null },
  beer: { ...SOLD_BY_THE_BOTTLE, category: 'beer' },
  spirit: { ...SOLD_BY_THE_BOTTLE, category: 'spirits' },
  other: { ...SOLD_BY_THE_BOTTLE, category: 'gifts' },
  /** An e-gift card: its code is emailed to the recipient (/gift-vouchers sells it). */
  giftVoucher: {
    carriesStock: false,
    delivered: false,
    listed: false,
    productPage: false,
    onePerCart: false,
    quantityLocked: true,
    voucherEligible: false,
    memberPriced: true,
    category: null,
  },
  /** The Unlimited membership (free delivery for a year; /unlimited sells it). */
  membership: {
    carriesStock: false,
    delivered: false,
    listed: false,
    productPage: false,
    onePerCart: true,
    quantityLocked: true,
    voucherEligible: true,
    memberPriced: false,
    category: null,
  },
  /**
   * A Subscribe and Save plan's bump item (SPEC §3 wine-plan mapping): wine that is delivered, sold as a product of
   * its own whose bottles are not counted.
   */
  subscription: {
    carriesStock: false,
    delivered: true,
    listed: false,
    productPage: true,
    onePerCart: true,
    quantityLocked: true,
    voucherEligible: true,
    memberPriced: true,
    category: null,
  },
});

export type ProductKind = keyof typeof PRODUCT_KINDS;

/** The kinds as a list (the check constraint's values, z.enum's options). */
export const PRODUCT_KIND_LIST = /* @__PURE__ */ Object.keys(PRODUCT_KINDS) as [ProductKind, ...ProductKind[]];

/**
 * How each kind shows to a shopper, beside the table and keyed by the same kinds: the pages' part (and how a tile
 * sells it), apart so that the browser's bundle carries only this.
 */
export const PRODUCT_KIND_LOOKS: {
  readonly [Kind in ProductKind]: {
    /** SPEC §6: the favourite control's login prompt, 'Log in to Favourite this {noun}'. */
    readonly favouriteNoun: 'wine' | 'beer' | 'spirit' | 'item';
    /** What its drawn image shows (domain/product-art.ts; a mixed case is drawn as a case whatever its kind). */
    readonly picture: 'bottle' | 'can' | 'spirit' | 'giftBox';
    /** Sold by the pack up to a case of 12: a single bottle is priced by its pack, and a tile adds a case. */
    readonly packPriced: boolean;
  };
} = {
  wine: { favouriteNoun: 'wine', picture: 'bottle', packPriced: true },
  beer: { favouriteNoun: 'beer', picture: 'can', packPriced: false },
  spirit: { favouriteNoun: 'spirit', picture: 'spirit', packPriced: false },
  other: { favouriteNoun: 'item', picture: 'giftBox', packPriced: false },
  giftVoucher: { favouriteNoun: 'item', picture: 'giftBox', packPriced: false },
  membership: { favouriteNoun: 'item', picture: 'giftBox', packPriced: false },
  subscription: { favouriteNoun: 'item', picture: 'bottle', packPriced: false },
};

export function isProductKind(value: unknown): value is ProductKind {
  return typeof value === 'string' && Object.hasOwn(PRODUCT_KIND_LOOKS, value);
}

/** The kinds whose properties pass the test, in table order (for queries: `inArray(products.productType, …)`). */
export function productKindsWhere(test: (properties: ProductKindProperties) => boolean): ProductKind[] {
  return PRODUCT_KIND_LIST.filter((kind) => test(PRODUCT_KINDS[kind]));
}

/** Sold but never listed: e-gift cards, Unlimited and plan bump items. */
export const UNLISTED_KINDS = /* @__PURE__ */ productKindsWhere((k) => !k.listed);

export const carriesStock = (kind: ProductKind): boolean => PRODUCT_KINDS[kind].carriesStock;
export const isDelivered = (kind: ProductKind): boolean => PRODUCT_KINDS[kind].delivered;
export const isListed = (kind: ProductKind): boolean => PRODUCT_KINDS[kind].listed;
export const hasProductPage = (kind: ProductKind): boolean => PRODUCT_KINDS[kind].productPage;
export const isPackPriced = (kind: ProductKind): boolean => PRODUCT_KIND_LOOKS[kind].packPriced;
export const isOnePerCart = (kind: ProductKind): boolean => PRODUCT_KINDS[kind].onePerCart;
