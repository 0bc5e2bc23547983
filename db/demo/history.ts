import type { Keyed } from './accounts';
import type {
  customerRatings,
  customerVouchers,
  doNotSendItems,
  favourites,
  orderLines,
  orders,
  paymentMethods,
  skuPrices,
  skus,
} from '../schema';
import type { OrderStatus } from '../../domain/orders';

// The demo accounts' history, so the account pages have something to show: orders with their lines,
// cards on file, vouchers, favourites, ratings and not-for-me items.
// Rows are keyed by email (and order number); the seed swaps in customer and order ids.

export type DemoOrder = Keyed<typeof orders.$inferInsert>;
export type DemoOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId' | 'id'> & { orderNumber: string };
export type DemoFavourite = Keyed<typeof favourites.$inferInsert>;
export type DemoRating = Keyed<typeof customerRatings.$inferInsert>;
export type DemoDoNotSend = Keyed<typeof doNotSendItems.$inferInsert>;
export type DemoPaymentMethod = Keyed<typeof paymentMethods.$inferInsert>;
export type DemoVoucher = Keyed<typeof customerVouchers.$inferInsert>;

interface OrderSpec {
  email: string;
  orderNumber: string;
  siteId: string;
  status: OrderStatus;
  placedAt: string;
  /** [sku item code, quantity] */
  lines: [string, number][];
}

const ORDER_SPECS: readonly OrderSpec[] = [
  {
    email: 'shopper@example.com',
    orderNumber: 'LAW-100231',
    siteId: 'law-au',
    status: 'DELIVERED',
    placedAt: '2025-12-02T03:14:00Z',
    lines: [
      ['D0001-12', 1],
      ['D0002-6', 1],
    ],
  },
  {
    email: 'shopper@example.com',
    orderNumber: 'LAW-100877',
    siteId: 'law-au',
    status: 'DELIVERED',
    placedAt: '2026-04-18T08:40:00Z',
    lines: [
      ['W00012', 6],
      ['W00027-6', 1],
      ['M0001', 1],
    ],
  },
  {
    email: 'shopper@example.com',
    orderNumber: 'VIR-200114',
    siteId: 'vir-au',
    status: 'SHIPPED',
    placedAt: '2026-11-09T22:05:00Z',
    lines: [
      ['D0003-6', 1],
      ['W00044', 3],
    ],
  },
  {
    email: 'unlimited@example.com',
    orderNumber: 'LAW-100452',
    siteId: 'law-au',
    status: 'DELIVERED',
    placedAt: '2026-02-11T05:30:00Z',
    lines: [
      ['W00008-12', 1],
      ['D0002', 6],
    ],
  },
  {
    email: 'unlimited@example.com',
    orderNumber: 'LAW-101006',
    siteId: 'law-au',
    status: 'PROCESSING',
    placedAt: '2026-11-20T01:12:00Z',
    lines: [['W00019-6', 2]],
  },
  {
    email: 'requested@example.com',
    orderNumber: 'LAW-100690',
    siteId: 'law-au',
    status: 'DELIVERED',
    placedAt: '2026-05-21T09:00:00Z',
    lines: [['W00033', 12]],
  },
  {
    email: 'suspended@example.com',
    orderNumber: 'WPE-300041',
    siteId: 'wpe-au',
    status: 'CANCELLED',
    placedAt: '2025-10-03T11:45:00Z',
    lines: [['D0001-6', 1]],
  },
  {
    email: 'planner@example.com',
    orderNumber: 'LAW-100510',
    siteId: 'law-au',
    status: 'DELIVERED',
    placedAt: '2026-03-01T00:30:00Z',
    lines: [['D0003-12', 1]],
  },
  {
    email: 'planner@example.com',
    orderNumber: 'LAW-100935',
    siteId: 'law-au',
    status: 'DELIVERED',
    placedAt: '2026-09-01T00:30:00Z',
    lines: [
      ['W00051-12', 1],
      ['W00015', 2],
    ],
  },
  {
    email: 'outback@example.com',
    orderNumber: 'LAW-100388',
    siteId: 'law-au',
    status: 'DELIVERED',
    placedAt: '2026-01-15T07:20:00Z',
    lines: [['W00060-6', 1]],
  },
];

type SkuRow = typeof skus.$inferInsert;
type PriceRow = typeof skuPrices.$inferInsert;
interface ProductName {
  itemCode: string;
  name: string;
  vintage?: number | null;
}

/** Orders and lines priced from the generated catalogue (AUD), so totals agree with the shop's own prices. */
export function buildOrders(
  catalogue: { products: readonly ProductName[]; skus: readonly SkuRow[]; skuPrices: readonly PriceRow[] },
  shippingCents = 995,
): { orders: DemoOrder[]; lines: DemoOrderLine[] } {
  const skuByCode = new Map(catalogue.skus.map((s) => [s.itemCode, s] as const));
  const productByCode = new Map(catalogue.products.map((p) => [p.itemCode, p] as const));
  const priceOf = new Map(
    catalogue.skuPrices.filter((p) => p.currency === 'AUD').map((p) => [p.skuItemCode, p.salePriceCents] as const),
  );
  const out: DemoOrder[] = [];
  const lines: DemoOrderLine[] = [];
  for (const spec of ORDER_SPECS) {
    let subtotal = 0;
    for (const [skuCode, quantity] of spec.lines) {
      const sku = skuByCode.get(skuCode);
      const product = sku && productByCode.get(sku.productItemCode);
      const price = priceOf.get(skuCode);
      if (!sku || !product || price === undefined)
        throw new Error(`demo order ${spec.orderNumber}: unknown sku ${skuCode}`);
      subtotal += price * quantity;
      lines.push({
        orderNumber: spec.orderNumber,
        itemCode: product.itemCode,
        skuItemCode: skuCode,
        name: product.vintage ? `${product.name} ${product.vintage}` : product.name,
        quantity,
        bottleCount: sku.numberOfBottles * quantity,
        unitPriceCents: price,
      });
    }
    // Unlimited members ship free; everyone else pays the flat rate below the free-shipping threshold.
    const shipping = spec.email === 'unlimited@example.com' || subtotal >= 34_700 ? 0 : shippingCents;
    out.push({
      email: spec.email,
      orderNumber: spec.orderNumber,
      siteId: spec.siteId,
      status: spec.status,
      currency: 'AUD',
      subtotalCents: subtotal,
      shippingCents: shipping,
      totalCents: subtotal + shipping,
      placedAt: new Date(spec.placedAt),
    });
  }
  return { orders: out, lines };
}

const at = (iso: string) => new Date(iso);

export const demoFavourites: readonly DemoFavourite[] = [
  { email: 'shopper@example.com', itemCode: 'D0001', createdAt: at('2026-06-01T10:00:00Z') },
  { email: 'shopper@example.com', itemCode: 'W00005', createdAt: at('2026-07-12T10:00:00Z') },
  { email: 'shopper@example.com', itemCode: 'W00020', createdAt: at('2026-08-03T10:00:00Z') },
  { email: 'shopper@example.com', itemCode: 'B0001', createdAt: at('2026-09-20T10:00:00Z') },
  { email: 'unlimited@example.com', itemCode: 'D0002', createdAt: at('2026-03-01T10:00:00Z') },
  { email: 'unlimited@example.com', itemCode: 'W00030', createdAt: at('2026-05-09T10:00:00Z') },
  { email: 'planner@example.com', itemCode: 'D0003', createdAt: at('2026-04-02T10:00:00Z') },
];

export const demoRatings: readonly DemoRating[] = [
  { email: 'shopper@example.com', itemCode: 'D0002', rating: 5, ratedAt: at('2026-01-04T09:00:00Z') },
  { email: 'shopper@example.com', itemCode: 'W00012', rating: 4, ratedAt: at('2026-05-02T09:00:00Z') },
  { email: 'shopper@example.com', itemCode: 'M0001', rating: 2, ratedAt: at('2026-05-03T09:00:00Z') },
  { email: 'unlimited@example.com', itemCode: 'W00008', rating: 5, ratedAt: at('2026-03-10T09:00:00Z') },
  { email: 'planner@example.com', itemCode: 'D0003', rating: 5, ratedAt: at('2026-03-20T09:00:00Z') },
];

export const demoDoNotSend: readonly DemoDoNotSend[] = [
  { email: 'shopper@example.com', itemCode: 'W00003', createdAt: at('2026-02-14T09:00:00Z') },
  { email: 'unlimited@example.com', itemCode: 'W00011', createdAt: at('2026-04-14T09:00:00Z') },
];

export const demoPaymentMethods: readonly DemoPaymentMethod[] = [
  { email: 'shopper@example.com', cardBrand: 'Visa', last4: '4242', expiryMonth: 8, expiryYear: 2028, isDefault: true },
  {
    email: 'shopper@example.com',
    cardBrand: 'Mastercard',
    last4: '5100',
    expiryMonth: 2,
    expiryYear: 2027,
    isDefault: false,
  },
  {
    email: 'unlimited@example.com',
    cardBrand: 'Mastercard',
    last4: '4444',
    expiryMonth: 11,
    expiryYear: 2029,
    isDefault: true,
  },
  {
    email: 'planner@example.com',
    cardBrand: 'American Express',
    last4: '0005',
    expiryMonth: 5,
    expiryYear: 2028,
    isDefault: true,
  },
];

export const demoVouchers: readonly DemoVoucher[] = [
  {
    email: 'shopper@example.com',
    code: 'GC-4821-7730',
    kind: 'GIFT_CARD',
    description: 'eGift card from Mum',
    currency: 'AUD',
    balanceCents: 5_000,
    expiresAt: at('2027-12-31T13:00:00Z'),
  },
  {
    email: 'shopper@example.com',
    code: 'BIRTHDAY15',
    kind: 'VOUCHER',
    description: '$15 off your next order of 12 or more bottles',
    currency: 'AUD',
    balanceCents: 1_500,
    expiresAt: at('2027-03-31T13:00:00Z'),
  },
  {
    email: 'unlimited@example.com',
    code: 'GC-9034-1187',
    kind: 'GIFT_CARD',
    description: 'eGift card',
    currency: 'AUD',
    balanceCents: 10_000,
    expiresAt: null,
  },
];
