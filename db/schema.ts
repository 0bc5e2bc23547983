import { sql } from 'drizzle-orm';
import { MAX_LINE_QUANTITY } from '../domain/cart-pricing';
import { CAMPAIGN_STATUS, type CampaignStatus } from '../domain/content';
import { MEMBERSHIP_STATUS, type MembershipStatus } from '../domain/memberships';
import {
  ORDER_ACTORS,
  ORDER_EVENT_KINDS,
  ORDER_STATUS,
  type OrderActor,
  type OrderEventKind,
  type OrderStatus,
} from '../domain/orders';
import {
  AUTHORISATION_STATUS,
  type AuthorisationState,
  CHECKOUT_PAYMENT_STATUS,
  type CheckoutPaymentState,
  PAYMENT_STATUS,
  type PaymentState,
  type PaymentEventKind,
} from '../domain/payment';
import { GIFT_CARD_LEDGER_KINDS, type GiftCardLedgerKind } from '../domain/gift-cards';
import { PRODUCT_KIND_LIST, type ProductKind } from '../domain/product-kinds';
import { REVIEW_STATUS, type ReviewStatus } from '../domain/reviews';
import type { StateMachine } from '../domain/state-machine';
import type { CurrencyCode, SiteId } from '../domain/sites';
import type { StaffRole } from '../domain/staff';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// One catalogue serves every site; prices are kept per currency (sku_prices).
// Money is integer cents (DESIGN.md convention 1).

/**
 * Money: integer cents of the row's currency, as a 64-bit integer (a Taiwan order of NT$21.5 million would pass a
 * 32-bit column's limit), read as a JavaScript number (exact up to 2^53 cents; db/client.ts reads int8 so).
 */
const cents = (name: string) => bigint(name, { mode: 'number' });

/** A column's check constraint: one of the listed values (a vocabulary declared in domain/). */
const inList = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`);

/** A status column's check constraint: one of its state set's states (domain/state-machine.ts). */
const oneOf = (name: string, column: AnyPgColumn, machine: StateMachine<string>) =>
  inList(name, column, machine.states);

export const products = pgTable(
  'products',
  {
    itemCode: text('item_code').primaryKey(),
    name: text('name').notNull(),
    /** URL slug of the name: /product/{slug}-{vintage}/{itemCode} */
    slug: text('slug').notNull(),
    producer: text('producer').notNull(),
    vintage: integer('vintage'),
    /** PRODUCT_KINDS (domain/product-kinds.ts): what the kind means for stock, delivery, listings and pages. */
    productType: text('product_type').$type<ProductKind>().notNull(),
    /** red | white | rose | sparkling | dessert | fortified | mixed | none */
    colour: text('colour').notNull(),
    style: text('style').notNull(),
    grape: text('grape').notNull(),
    region: text('region').notNull(),
    appellation: text('appellation').notNull(),
    country: text('country').notNull(),
    tastingNotes: text('tasting_notes').notNull(),
    description: text('description').notNull(),
    mixed: boolean('mixed').notNull().default(false),
    /** 750 for a bottle, 1500 for a magnum */
    bottleSizeMl: integer('bottle_size_ml').notNull().default(750),
    /** Bottles one unit counts as (a magnum counts 2; a mixed case 12). */
    bottleCount: integer('bottle_count').notNull().default(1),
    alcoholPercent: real('alcohol_percent'),
    drinkFrom: integer('drink_from'),
    drinkTo: integer('drink_to'),
    /** in_stock | out_of_stock */
    availability: text('availability').notNull().default('in_stock'),
    /** Bottles in stock, when the operator's catalogue import gives it (null: not counted). */
    stockBottles: integer('stock_bottles'),
    preSell: boolean('pre_sell').notNull().default(false),
    quantityLocked: boolean('quantity_locked').notNull().default(false),
    /** Image base path; the size and .svg are appended. Some deliberately point at nothing. */
    imageBase: text('image_base').notNull(),
    ratingAverage: real('rating_average').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Category names the product is listed under (e.g. red-wine, under-20). */
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    /** Hidden by staff: out of listings, search and suggestions, its page 404 to shoppers (not to staff). */
    hiddenAt: timestamp('hidden_at', { mode: 'date', withTimezone: true }),
    /** Position in the default listing order. */
    sortRank: integer('sort_rank').notNull().default(0),
    releasedOn: timestamp('released_on', { mode: 'date' }).notNull(),
  },
  (t) => [
    index('products_colour_idx').on(t.colour),
    index('products_sort_rank_idx').on(t.sortRank),
    index('products_categories_idx').using('gin', t.categories),
    /** The console's work queue: wines counted low on stock, lowest first. */
    index('products_low_stock_idx')
      .on(t.stockBottles)
      .where(sql`${t.stockBottles} is not null and ${t.hiddenAt} is null`),
    /** The console's product search by a part of the name, hidden products too (product_search leaves them out). */
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    inList('products_product_type', t.productType, PRODUCT_KIND_LIST),
  ],
);

export const skus = pgTable(
  'skus',
  {
    itemCode: text('item_code').primaryKey(),
    productItemCode: text('product_item_code')
      .notNull()
      .references(() => products.itemCode, { onDelete: 'cascade' }),
    numberOfBottles: integer('number_of_bottles').notNull(),
    vppApplier: boolean('vpp_applier').notNull().default(false),
    bonusPoints: integer('bonus_points').notNull().default(0),
  },
  (t) => [index('skus_product_idx').on(t.productItemCode)],
);

export const skuPrices = pgTable(
  'sku_prices',
  {
    skuItemCode: text('sku_item_code')
      .notNull()
      .references(() => skus.itemCode, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    listPriceCents: cents('list_price_cents').notNull(),
    salePriceCents: cents('sale_price_cents').notNull(),
    /** Volume (vpp) price per bottle, used when the sku's vppApplier is set. */
    vppPriceCents: cents('vpp_price_cents'),
    /** Unlimited member price. */
    memberPriceCents: cents('member_price_cents'),
  },
  (t) => [primaryKey({ columns: [t.skuItemCode, t.currency] })],
);

/** What a mixed case holds: its wines, each with how many bottles of it (a case's lines add up to its bottles). */
export const mixedCaseContents = pgTable(
  'mixed_case_contents',
  {
    caseItemCode: text('case_item_code')
      .notNull()
      .references(() => products.itemCode, { onDelete: 'cascade' }),
    /** The order the case lists its wines in. */
    position: integer('position').notNull(),
    wineItemCode: text('wine_item_code')
      .notNull()
      .references(() => products.itemCode, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.caseItemCode, t.position] }),
    uniqueIndex('mixed_case_contents_wine_idx').on(t.caseItemCode, t.wineItemCode),
    check('mixed_case_contents_quantity', sql`${t.quantity} > 0`),
  ],
);

/**
 * Search's own narrow copy of every listed product: the columns a search filters, counts, sorts and
 * ranks by, with each currency's single-bottle sale price, about a sixth of a products row. Kept by the database:
 * triggers on products and sku_prices (migration 0014) write it, whoever changes the catalogue (seed, import,
 * a price or a rating). Not listed (gift vouchers, memberships, subscriptions, no category): no row. The
 * weighted full-text vector (`search_vector`, GIN-indexed) is a raw column, as drizzle has no tsvector type.
 */
export const productSearch = pgTable(
  'product_search',
  {
    itemCode: text('item_code')
      .primaryKey()
      .references(() => products.itemCode, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    categories: text('categories').array().notNull(),
    colour: text('colour').notNull(),
    grape: text('grape').notNull(),
    region: text('region').notNull(),
    country: text('country').notNull(),
    bottleSizeMl: integer('bottle_size_ml').notNull(),
    vintage: integer('vintage'),
    ratingAverage: real('rating_average').notNull(),
    ratingCount: integer('rating_count').notNull(),
    sortRank: integer('sort_rank').notNull(),
    releasedOn: timestamp('released_on', { mode: 'date' }).notNull(),
    /** The single bottle's sale price in cents by currency (`{"AUD": 2599, "NZD": 2899}`). */
    saleCents: jsonb('sale_cents').$type<Partial<Record<CurrencyCode, number>>>().notNull().default({}),
  },
  // GIN indexes without a pending list (fastupdate off): PGlite has no autovacuum to merge one, and every search
  // would read it through. Catalogue writes are rare; searches are not.
  (t) => [index('product_search_categories_idx').using('gin', t.categories).with({ fastupdate: false })],
);

/** The words of listed products' names, for the typo fallback (trigram-indexed; kept by the same trigger). */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productItemCode: text('product_item_code')
      .notNull()
      .references(() => products.itemCode, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    location: text('location').notNull(),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { mode: 'date' }).notNull(),
    /** The customer who wrote it (null for reviews that came with the catalogue). */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** REVIEW_STATUS (domain/reviews.ts): only published reviews show or count. */
    status: text('status').$type<ReviewStatus>().notNull().default('published'),
    /** The author page's address (domain/reviews.ts authorSlug computes the same). */
    authorSlug: text('author_slug')
      .notNull()
      .generatedAlwaysAs(sql`trim(both '-' from lower(regexp_replace(author, '[^a-zA-Z0-9]+', '-', 'g')))`),
  },
  (t) => [
    index('reviews_product_idx').on(t.productItemCode, t.createdAt),
    uniqueIndex('reviews_customer_product_idx').on(t.customerId, t.productItemCode),
    index('reviews_author_idx').on(t.authorSlug),
    index('reviews_status_idx').on(t.status),
    oneOf('reviews_status', t.status, REVIEW_STATUS),
  ],
);

/** Named offer lists (SPEC §3 offer list response), per brand. */
export const offerLists = pgTable('offer_lists', {
  name: text('name').primaryKey(),
  brand: text('brand').notNull(),
  template: text('template').notNull(),
  header: text('header').notNull(),
  qvEnabled: boolean('qv_enabled').notNull().default(true),
});

export const offerListItems = pgTable(
  'offer_list_items',
  {
    listName: text('list_name')
      .notNull()
      .references(() => offerLists.name, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productItemCode: text('product_item_code')
      .notNull()
      .references(() => products.itemCode, { onDelete: 'cascade' }),
    skuItemCode: text('sku_item_code')
      .notNull()
      .references(() => skus.itemCode, { onDelete: 'cascade' }),
    /** Add-on price as a discount off the sku's sale price, in percent. */
    addOnDiscountPercent: integer('add_on_discount_percent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listName, t.position] })],
);

export const postcodes = pgTable(
  'postcodes',
  {
    country: text('country').notNull(),
    postcode: text('postcode').notNull(),
    locality: text('locality').notNull(),
    state: text('state').notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.postcode, t.locality] })],
);

/** Order vouchers (CONTRACT "Vouchers, on every site"); the rules are domain/vouchers.ts. */
export const vouchers = pgTable('vouchers', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
  /** The voucher's kind: percent | amount */
  discountType: text('discount_type').notNull(),
  /** Percent (e.g. 20) or cents in the site's currency, by discountType. */
  discountValue: cents('discount_value').notNull(),
  /** The order's subtotal (voucher-eligible lines) must be at least this, in cents. */
  minimumSubtotalCents: cents('minimum_subtotal_cents').notNull().default(0),
  minimumBottles: integer('minimum_bottles').notNull().default(0),
  /** Null: every site. */
  siteId: text('site_id'),
  /** Null: every currency. */
  currency: text('currency'),
  startsAt: timestamp('starts_at', { mode: 'date', withTimezone: true }),
  expiresAt: timestamp('expires_at', { mode: 'date', withTimezone: true }),
  /** Once per customer (a use row refuses it), or as often as they like. */
  oncePerCustomer: boolean('once_per_customer').notNull().default(false),
  active: boolean('active').notNull().default(true),
  /** The sites it is valid on, made in the console; empty: `siteId` decides (null: every site). */
  sites: text('sites').array().$type<string[]>().notNull().default(sql`'{}'::text[]`),
  /** How many times it may be used in all; null: no limit. */
  totalUses: integer('total_uses'),
  /** Made in the console (by whom, when); null for seeded and imported codes. */
  createdByStaffId: integer('created_by_staff_id'),
  createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }),
});

/** Subscribe and Save / wine-plan mappings (the content service of SPEC §3). */
export const planMappings = pgTable('plan_mappings', {
  bomItemCode: text('bom_item_code').primaryKey(),
  bumpCode: text('bump_code').notNull(),
  rule: text('rule').notNull(),
  type: text('type').notNull(),
});

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    /** Email marketing opt-in (PUT /api/user/preferences/contact, optin.emailFlag). */
    emailOptIn: boolean('email_opt_in').notNull().default(false),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
    /** When the customer proved the mailbox (the link of the verification email); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customers_email_idx').on(t.email),
    // The console's customer search by name (services/staff/customers.ts).
    index('customers_last_name_idx').on(sql`lower(${t.lastName})`),
    index('customers_first_name_idx').on(sql`lower(${t.firstName})`),
  ],
);

/** Single-use links sent by email (verify the address), kept as the hash of their token. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** verify | reset */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { mode: 'date', withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { mode: 'date', withTimezone: true }),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_tokens_hash_idx').on(t.tokenHash), index('email_tokens_customer_idx').on(t.customerId)],
);

export const customerSubscriptions = pgTable(
  'customer_subscriptions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** FREESHIP (Unlimited) | WINEPLAN */
    type: text('type').notNull(),
    /** MEMBERSHIP_STATUS (domain/memberships.ts) */
    status: text('status').$type<MembershipStatus>().notNull(),
    name: text('name').notNull(),
    startedAt: timestamp('started_at', { mode: 'date', withTimezone: true }).notNull(),
    /** The order that bought it (Unlimited bought at checkout): its cancellation or refund ends the membership. */
    orderId: integer('order_id'),
  },
  (t) => [
    index('customer_subscriptions_customer_idx').on(t.customerId),
    index('customer_subscriptions_order_idx').on(t.orderId),
    oneOf('customer_subscriptions_status', t.status, MEMBERSHIP_STATUS),
  ],
);

export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    line1: text('line1').notNull(),
    locality: text('locality').notNull(),
    state: text('state').notNull(),
    postcode: text('postcode').notNull(),
    country: text('country').notNull(),
    isDefaultDelivery: boolean('is_default_delivery').notNull().default(false),
  },
  (t) => [index('customer_addresses_customer_idx').on(t.customerId)],
);

/** Loyalty points (vir brand). */
export const customerPoints = pgTable(
  'customer_points',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    basePoints: integer('base_points').notNull(),
    bonusPoints: integer('bonus_points').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.brand] })],
);

/** A shopper's cart, found by the cart cookie; shared by every server process. */
export const carts = pgTable(
  'carts',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** Bumped by every change: lets clients and tests see that writes were serialised. */
    version: integer('version').notNull().default(0),
    /** The one voucher applied to the cart (it may stop qualifying; the cart then says why). */
    voucherCode: text('voucher_code').references(() => vouchers.code, { onDelete: 'set null' }),
    /** The delivery postcode the shopper gave in the cart (checked against the postcode table). */
    postcode: text('postcode'),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('carts_customer_idx').on(t.customerId)],
);

export interface GiftVoucherDetails {
  recipientName: string;
  recipientEmail: string;
  message: string;
  amountCents: number;
  currencyCode: string;
}

export const cartLines = pgTable(
  'cart_lines',
  {
    /** The commerce item identifier of SPEC §7. */
    id: serial('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    /** The sku's item code. */
    itemCode: text('item_code').notNull(),
    quantity: integer('quantity').notNull(),
    upsellType: text('upsell_type'),
    upsellRule: text('upsell_rule'),
    giftVoucher: jsonb('gift_voucher').$type<GiftVoucherDetails>(),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_lines_cart_item_idx').on(t.cartId, t.itemCode).where(sql`gift_voucher is null`),
    index('cart_lines_cart_idx').on(t.cartId),
    // SPEC §5: at most 99 of an item (MAX_LINE_QUANTITY). A change that would pass it fails whole
    // (services/cart/cart.ts changeItems: one statement, no read first).
    check('cart_lines_quantity_range', sql`${t.quantity} between 1 and ${sql.raw(String(MAX_LINE_QUANTITY))}`),
  ],
);

/**
 * Server-side login state (docs/decisions/005). Only a hash of each cookie token is stored. A `session` row
 * backs the session cookie (Hard Logged-In, idle limit); a `remember` row backs the persistent cookie
 * (Soft Logged-In). Deleting a row revokes it on every server process.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** session | remember */
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { mode: 'date', withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId)],
);

/** Failed logins, counted per account and per address for the CONTRACT.md throttle. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    /** `account:{email}` or `address:{ip}` */
    key: text('key').notNull(),
    at: timestamp('at', { mode: 'date', withTimezone: true }).notNull(),
    /** The attempt's password is still being checked: it holds a slot, and counts as a failure only once settled. */
    pending: boolean('pending').notNull().default(false),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);

/** Costly or guessable actions, counted per key (`payment:address:{ip}`, `code:cart:{hash}`, …) for their budgets. */
export const budgetHits = pgTable(
  'budget_hits',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [index('budget_hits_key_at_idx').on(t.key, t.at)],
);

/** A customer's favourite products (SPEC §3 Favourites). */
export const favourites = pgTable(
  'favourites',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    itemCode: text('item_code')
      .notNull()
      .references(() => products.itemCode, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.itemCode] })],
);

/** Products the customer marked "not for me" (do-not-send). */
export const doNotSendItems = pgTable(
  'do_not_send_items',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    itemCode: text('item_code')
      .notNull()
      .references(() => products.itemCode, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.itemCode] })],
);

/** The customer's own star ratings (1–5) of products. */
export const customerRatings = pgTable(
  'customer_ratings',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    itemCode: text('item_code')
      .notNull()
      .references(() => products.itemCode, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    ratedAt: timestamp('rated_at', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.itemCode] })],
);

/** Product views of identified visitors, one row per product (the latest view wins). */
export const recentlyBrowsed = pgTable(
  'recently_browsed',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    itemCode: text('item_code')
      .notNull()
      .references(() => products.itemCode, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.itemCode] }),
    index('recently_browsed_customer_viewed_idx').on(t.customerId, t.viewedAt),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Null for a guest's order until the guest registers with its email (the order is then claimed). */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    siteId: text('site_id').notNull(),
    orderNumber: text('order_number').notNull(),
    /** ORDER_STATUS (domain/orders.ts) */
    status: text('status').$type<OrderStatus>().notNull(),
    currency: text('currency').notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    shippingCents: cents('shipping_cents').notNull(),
    totalCents: cents('total_cents').notNull(),
    placedAt: timestamp('placed_at', { mode: 'date', withTimezone: true }).notNull(),
    /** Checkout's own fields (orders from before checkout existed leave them empty). */
    email: text('email'),
    /** The checkout form's key: a double click, a retry or a reload places one order. */
    idempotencyKey: text('idempotency_key'),
    voucherCode: text('voucher_code'),
    discountCents: cents('discount_cents').notNull().default(0),
    /** GST/VAT included in the total. */
    taxCents: cents('tax_cents').notNull().default(0),
    /** What was charged today: pre-sell lines are reserved, not charged (SPEC payableTodayTotal). */
    payableTodayCents: cents('payable_today_cents'),
    /** What gift cards paid of the payable-today amount (their ledger's `redeem` entries); the card paid the rest. */
    giftCardCents: cents('gift_card_cents').notNull().default(0),
    paymentBrand: text('payment_brand'),
    paymentLast4: text('payment_last4'),
    paymentReference: text('payment_reference'),
    /**
     * The card payment (PAYMENT_STATUS): AUTHORISED once the amount is held and the order written, CAPTURED once
     * taken (right after, or by the outbox's retry when the provider could not be reached).
     */
    paymentStatus: text('payment_status').$type<PaymentState>().notNull().default('CAPTURED'),
    deliveryAddress: jsonb('delivery_address').$type<OrderAddress>(),
    billingAddress: jsonb('billing_address').$type<OrderAddress>(),
    /** The hash of the confirmation page's cookie token: lets a guest's browser see its own confirmation. */
    accessTokenHash: text('access_token_hash'),
    /**
     * The hash of the secret in the confirmation email's link to the order's page (`/orders/{number}?token=`): its
     * own random token, so the checkout key (the confirmation cookie) never travels by email.
     */
    linkTokenHash: text('link_token_hash'),
    /** The hash of the cart the order was placed from: only that cart may replay the checkout key. */
    cartHash: text('cart_hash'),
    /**
     * When what the order gives (its e-gift cards, an Unlimited membership, its points) was given: once its payment
     * is captured, never before (services/orders/gifts.ts giveOrder). Null while the card payment is only authorised.
     */
    givenAt: timestamp('given_at', { mode: 'date', withTimezone: true }).defaultNow(),
    /** A keyed hash of the client address a guest placed it from: unpaid pre-sell reservations are capped by it. */
    placedFrom: text('placed_from'),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.orderNumber),
    index('orders_customer_idx').on(t.customerId, t.placedAt),
    uniqueIndex('orders_idempotency_idx').on(t.idempotencyKey),
    index('orders_guest_email_idx').on(t.email).where(sql`customer_id is null`),
    index('orders_payment_reference_idx').on(t.paymentReference),
    index('orders_placed_from_idx').on(t.placedFrom).where(sql`placed_from is not null`),
    // The console's work queue (services/staff/work-queue.ts): orders to ship, authorised but not captured, today's.
    index('orders_to_ship_idx').on(t.placedAt).where(sql`status = 'PROCESSING'`),
    index('orders_authorised_idx').on(t.placedAt).where(sql`payment_status = 'AUTHORISED'`),
    index('orders_placed_at_idx').on(t.placedAt, t.id),
    // The console's order search (services/staff/order-search.ts): each filter and search term has its index.
    index('orders_site_placed_idx').on(t.siteId, t.placedAt, t.id),
    index('orders_status_placed_idx').on(t.status, t.placedAt, t.id),
    index('orders_email_lower_idx').on(sql`lower(${t.email})`),
    index('orders_last_name_idx').on(sql`lower(${t.deliveryAddress}->>'lastName')`),
    oneOf('orders_status', t.status, ORDER_STATUS),
    oneOf('orders_payment_status', t.paymentStatus, PAYMENT_STATUS),
  ],
);

/**
 * The built-in test payment provider's own records (services/payments/test-provider.ts): what a real provider keeps on its side,
 * so that its idempotency outlives a restart and holds across processes. Keyed by the checkout's payment key.
 */
export const testPayments = pgTable(
  'test_payments',
  {
    reference: text('reference').primaryKey(),
    paymentKey: text('payment_key').notNull().unique(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    /** AUTHORISATION_STATUS (domain/payment.ts) */
    status: text('status').$type<AuthorisationState>().notNull(),
    capturedCents: cents('captured_cents').notNull().default(0),
    /** What was given back of the captured amount; never more than it (a check, and the refund's own condition). */
    refundedCents: cents('refunded_cents').notNull().default(0),
    updatedAt: timestamp('updated_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('test_payments_status', t.status, AUTHORISATION_STATUS),
    check('test_payments_refunded', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.capturedCents}`),
  ],
);

/** The test provider's refunds, one per refund key: a key presented again is the same refund. */
export const testPaymentRefunds = pgTable('test_payment_refunds', {
  refundKey: text('refund_key').primaryKey(),
  reference: text('reference')
    .notNull()
    .references(() => testPayments.reference, { onDelete: 'cascade' }),
  amountCents: cents('amount_cents').notNull(),
  createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull(),
});

/**
 * The payment a provider that begins one (Stripe's PaymentIntent) holds for a checkout, one per checkout key, with
 * what the checkout asked (never the card: the provider has it), so that the order can be written when the provider
 * says the payment is authorised and the shopper never came back (services/checkout/pending-payments.ts).
 */
export const checkoutPayments = pgTable(
  'checkout_payments',
  {
    /** A hash of the cart and the checkout form's key. */
    checkoutKey: text('checkout_key').primaryKey(),
    provider: text('provider').notNull(),
    reference: text('reference').notNull().unique(),
    siteId: text('site_id').$type<SiteId>().notNull(),
    cartId: text('cart_id').notNull(),
    /** The checkout's input, its card fields left out. */
    input: jsonb('input').notNull(),
    /** Who paid, as the checkout's request knew them (customer, member pricing, address budget, site origin). */
    shopper: jsonb('shopper').notNull(),
    /** CHECKOUT_PAYMENT_STATUS (domain/payment.ts) */
    status: text('status').$type<CheckoutPaymentState>().notNull().default('OPEN'),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [
    oneOf('checkout_payments_status', t.status, CHECKOUT_PAYMENT_STATUS),
    index('checkout_payments_created_idx').on(t.createdAt),
  ],
);

/** A provider's webhook events, each kept once by its id: an event sent again (a retry, a replay) is not handled again. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    type: text('type').notNull(),
    kind: text('kind').$type<PaymentEventKind>().notNull(),
    reference: text('reference'),
    occurredAt: timestamp('occurred_at', { mode: 'date', withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [index('payment_events_reference_idx').on(t.reference)],
);

/**
 * Every move of an order and every refund, in the order they happened (services/orders/moves/move-order.ts): the order page
 * shows them as its history. A refund that leaves the state as it was has no `to_status`.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** ORDER_EVENT_KINDS: a move between states, or a refund. */
    kind: text('kind').$type<OrderEventKind>().notNull(),
    fromStatus: text('from_status').$type<OrderStatus>().notNull(),
    /** The state the order moved to; null for a partial refund (the state stays). */
    toStatus: text('to_status').$type<OrderStatus>(),
    /** A refund's amount (a cancellation's refund of a captured payment too); null when no money moved. */
    amountCents: cents('amount_cents'),
    /** Where a refund went: 'card', 'gift-card', or 'card+gift-card' when it was shared. */
    refundTo: text('refund_to'),
    /** The part of a refund that went back to gift cards (their ledger's `refund` entries); the rest to the card. */
    giftCardCents: cents('gift_card_cents').notNull().default(0),
    /** The order line a refund was for (its product's item code), when it was for one line. */
    itemCode: text('item_code'),
    /** Points of the order taken back from the customer's balance with this move. */
    pointsTaken: integer('points_taken').notNull().default(0),
    /** ORDER_ACTORS */
    actorType: text('actor_type').$type<OrderActor>().notNull(),
    actorName: text('actor_name').notNull(),
    trackingNumber: text('tracking_number'),
    /** CARRIERS (domain/orders.ts) of a shipment; null before carriers were kept (Australia Post). */
    carrier: text('carrier'),
    /** A refund's key: the same key on one order is the same refund (answered again, recorded once). */
    idempotencyKey: text('idempotency_key'),
    at: timestamp('at', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    uniqueIndex('order_events_key_idx').on(t.orderId, t.idempotencyKey),
    inList('order_events_kind', t.kind, ORDER_EVENT_KINDS),
    inList('order_events_actor', t.actorType, ORDER_ACTORS),
    oneOf('order_events_from', t.fromStatus, ORDER_STATUS),
    check(
      'order_events_to',
      sql`${t.toStatus} is null or ${t.toStatus} in (${sql.raw(ORDER_STATUS.states.map((s) => `'${s}'`).join(', '))})`,
    ),
    check('order_events_amount', sql`${t.amountCents} is null or ${t.amountCents} > 0`),
  ],
);

export interface OrderAddress {
  firstName: string;
  lastName: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postcode: string;
  /** A Hong Kong address's district (domain/checkout.ts HK_DISTRICTS) in place of a postcode. */
  district?: string;
  phone: string;
}

/**
 * e-gift cards issued by checkout for e-gift lines. The code itself is not kept: only its keyed hash (the lookup,
 * services/gift-cards/gift-cards.ts) and its last 4 characters (what pages and emails show). The balance is the ledger's sum.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: serial('id').primaryKey(),
    /** A card issued before codes were hashed, until the server hashes it at start (then null). */
    code: text('code'),
    /** HMAC-SHA-256 of the normalised code under GIFT_CARD_KEY, hex. */
    codeHash: text('code_hash'),
    last4: text('last4').notNull(),
    /** The order that bought it; null for a goodwill card a staff member issued (`issuedByStaffId`). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The staff member who issued a goodwill card. */
    issuedByStaffId: integer('issued_by_staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    /** Disabled by staff: it no longer pays; its balance is kept and shown. */
    disabledAt: timestamp('disabled_at', { mode: 'date', withTimezone: true }),
    currency: text('currency').notNull(),
    /** The site it was bought or issued on (its currency's site); null for cards from before sites were kept. */
    siteId: text('site_id'),
    /** The face value it was issued with (the ledger's `issue` entry). */
    amountCents: cents('amount_cents').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_hash_idx').on(t.codeHash),
    index('gift_cards_order_idx').on(t.orderId),
    index('gift_cards_recipient_idx').on(sql`lower(${t.recipientEmail})`),
  ],
);

/**
 * Every change of a gift card's balance (GIFT_CARD_LEDGER_KINDS): its balance is the sum of its entries, signed
 * by kind. Spending takes the card's row lock first (services/gift-cards/gift-cards.ts), so two orders never spend it twice.
 */
export const giftCardLedger = pgTable(
  'gift_card_ledger',
  {
    id: serial('id').primaryKey(),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<GiftCardLedgerKind>().notNull(),
    /** Signed: issue and refund add, redeem and expire take. */
    amountCents: cents('amount_cents').notNull(),
    /** The order that spent it, or whose refund or cancellation gave it back; the issuing order for `issue`. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The staff member behind an entry made in the console (a goodwill card's issue). */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    at: timestamp('at', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [
    index('gift_card_ledger_card_idx').on(t.giftCardId, t.id),
    index('gift_card_ledger_order_idx').on(t.orderId),
    inList('gift_card_ledger_kind', t.kind, GIFT_CARD_LEDGER_KINDS),
    check(
      'gift_card_ledger_sign',
      sql`(${t.kind} in ('issue', 'refund') and ${t.amountCents} > 0) or (${t.kind} in ('redeem', 'expire') and ${t.amountCents} < 0)`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The product (not the pack sku). */
    itemCode: text('item_code')
      .notNull()
      .references(() => products.itemCode, { onDelete: 'cascade' }),
    skuItemCode: text('sku_item_code').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    bottleCount: integer('bottle_count').notNull(),
    unitPriceCents: cents('unit_price_cents').notNull(),
    /** What the line came to after pack and member pricing (null on orders from before checkout). */
    lineTotalCents: cents('line_total_cents'),
    /** Reserved now, charged when it lands. */
    preSell: boolean('pre_sell').notNull().default(false),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), index('order_lines_item_idx').on(t.itemCode)],
);

/** Cards on file; only the brand, the last four digits and the expiry are kept. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    cardBrand: text('card_brand').notNull(),
    last4: text('last4').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('payment_methods_customer_idx').on(t.customerId)],
);

/** Gift cards and vouchers held by a customer. */
export const customerVouchers = pgTable(
  'customer_vouchers',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** GIFT_CARD | VOUCHER */
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    currency: text('currency').notNull(),
    balanceCents: cents('balance_cents').notNull(),
    expiresAt: timestamp('expires_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [uniqueIndex('customer_vouchers_code_idx').on(t.customerId, t.code)],
);

/** A customer's use of a voucher: once-per-customer vouchers are refused after one. Written by checkout. */
export const voucherUses = pgTable(
  'voucher_uses',
  {
    id: serial('id').primaryKey(),
    voucherCode: text('voucher_code')
      .notNull()
      .references(() => vouchers.code, { onDelete: 'cascade' }),
    /** Null for a guest's use; then `email` says who. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('voucher_uses_customer_idx').on(t.customerId, t.voucherCode),
    index('voucher_uses_code_idx').on(t.voucherCode, t.usedAt),
  ],
);

/** Bookkeeping: which seed version has been applied. */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Content pages operators edit as files under content/ (campaigns), loaded by `npm run content:import` and on
 * start. `data` is the validated file; `checksum` lets a re-import skip what has not changed.
 */
export const contentPages = pgTable(
  'content_pages',
  {
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** CAMPAIGN_STATUS (domain/content.ts) */
    status: text('status').$type<CampaignStatus>().notNull(),
    data: jsonb('data').notNull(),
    checksum: text('checksum').notNull(),
    updatedAt: timestamp('updated_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
    /** A status set in the console (by whom, when): kept over a re-import of the file (services/content). */
    statusSetBy: text('status_set_by'),
    statusSetAt: timestamp('status_set_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.name] }), oneOf('content_pages_status', t.status, CAMPAIGN_STATUS)],
);

/** A customer's personal refer-a-friend code on one site; the code is also a voucher for the friend. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    code: text('code')
      .primaryKey()
      .references(() => vouchers.code, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    siteId: text('site_id').notNull(),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referral_codes_customer_site_idx').on(t.customerId, t.siteId)],
);

/** Email newsletter signups (SPEC §5): one row per site and address, whatever the variant signed it up. */
export const emailSignups = pgTable(
  'email_signups',
  {
    id: serial('id').primaryKey(),
    siteId: text('site_id').notNull(),
    /** Lower-cased, trimmed. */
    email: text('email').notNull(),
    /** footer | modal | rebrand_1 | rebrand_2 | customer-service: where the first signup came from. */
    variant: text('variant').notNull(),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_signups_site_email_idx').on(t.siteId, t.email)],
);

/**
 * Work for outside services (the email-marketing list, order emails), written in the same transaction as
 * the change that causes it and sent by the outbox worker, retried with back-off: a slow or failing
 * service never slows or fails the shopper's request.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    /** email-list | order-email */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { mode: 'date', withTimezone: true }),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
    /** A job held until this order's payment is captured (a bought gift card's email); not sent while set. */
    heldForOrder: integer('held_for_order'),
    /** The order an email is about (the console's resend). */
    orderId: integer('order_id'),
  },
  (t) => [
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
    index('outbox_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
    index('outbox_held_idx').on(t.heldForOrder).where(sql`${t.heldForOrder} is not null`),
  ],
);

/**
 * The operator console's staff (CONTRACT.md "Operator console"), apart from customers. A new account has no password
 * and no second factor until its one-time set-up link is used; its authenticator's secret is kept sealed with the
 * server's STAFF_KEY (services/staff/totp.ts).
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** Normalised (trimmed, lower case). */
    email: text('email').notNull().unique(),
    /** STAFF_ROLES */
    role: text('role').$type<StaffRole>().notNull(),
    /** The sites the account is limited to; empty: every site. */
    sites: text('sites').array().$type<SiteId[]>().notNull().default(sql`'{}'::text[]`),
    passwordHash: text('password_hash'),
    /** The authenticator's secret, sealed. */
    totpSecretSealed: text('totp_secret_sealed'),
    /** The demo staff's published secret until the server first seals it (never set otherwise). */
    totpSecretPlain: text('totp_secret_plain'),
    /** The last 30-second step whose code was accepted: a code is used once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The one-time set-up link's token, hashed; null when there is none. */
    setupTokenHash: text('setup_token_hash').unique(),
    setupExpiresAt: timestamp('setup_expires_at', { mode: 'date', withTimezone: true }),
    /** The secret the set-up page shows, sealed, until the link is used. */
    setupSecretSealed: text('setup_secret_sealed'),
    disabledAt: timestamp('disabled_at', { mode: 'date', withTimezone: true }),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('staff_role_check', sql`${t.role} in ('owner', 'manager', 'support', 'fulfilment')`)],
);

/** A staff sign-in: at `stage` 'code' the password was right and the authentication code is awaited. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    stage: text('stage').$type<'code' | 'signed-in'>().notNull(),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { mode: 'date', withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_sessions_staff_idx').on(t.staffId),
    check('staff_sessions_stage_check', sql`${t.stage} in ('code', 'signed-in')`),
  ],
);

/**
 * Every staff change and every refused attempt, written in the change's own transaction. Append-only: a trigger
 * refuses every update, delete and truncate (migration 0031).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { mode: 'date', withTimezone: true }).notNull(),
    /** The staff member; null for a command run on the server (then `actor` names who ran it). */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    /** Who, as a person reads it: the staff email, or `command:{user}`. */
    actor: text('actor').notNull(),
    /** The client address of the request; null for a command. */
    address: text('address'),
    /** What was done or tried, e.g. `orders.ship`, `staff.add`, `staff.sign-in`. */
    action: text('action').notNull(),
    recordType: text('record_type'),
    recordId: text('record_id'),
    /** 'done', or 'refused' (the role or site may not, or a sign-in failed). */
    outcome: text('outcome').$type<'done' | 'refused'>().notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_staff_idx').on(t.staffId, t.at),
    index('audit_log_record_idx').on(t.recordType, t.recordId, t.at),
    check('audit_log_outcome_check', sql`${t.outcome} in ('done', 'refused')`),
  ],
);

/** Staff's internal notes on an order (the console's order page): never shown to the customer. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    /** Who wrote it, as a person reads it: the staff email. */
    author: text('author').notNull(),
    body: text('body').notNull(),
    at: timestamp('at', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.id)],
);
