// The parts of the JSON API's answers (SPEC §3, §7; CONTRACT.md envelope) the browser tests read. Written
// here, not imported from the app: the tests check the wire format, whatever the server's types say.

/** Every JSON answer: statusCode 0 and `response` on success, a message on failure. */
export interface ApiEnvelope<T> {
  statusCode?: number;
  statusMessage?: string;
  /** Older cart answers carry `message` instead of `statusMessage` (SPEC §8). */
  message?: string;
  response: T;
}

/** An answer read by a test: the HTTP status and the parsed body. */
export interface ApiReply<T> {
  status: number;
  body: ApiEnvelope<T>;
}

export interface ApiSku {
  itemCode: string;
  numberOfBottles: number;
  salePrice: number;
  listPrice: number;
}

/** /api/product/item/{code} */
export interface ApiProduct {
  itemCode: string;
  name: string;
  url: string;
  skus: ApiSku[];
  /** The 6-bottle pack, when the product has one. */
  six?: ApiSku;
  inventoryInfo: { summaryAvailabilityStatus: string };
}

export interface ApiCartLine {
  quantity: number;
  sku: { itemCode: string; preSellItem?: boolean };
  itemPriceInfo: { amount: number; pricingBreakdown: { itemCode: string }[] };
  /** An e-gift card's details (SPEC §3 new-cart form); null on other lines. */
  giftVoucherDetails?: {
    recipientName: string;
    recipientEmail: string;
    message: string;
    value: { amount: number; currencyCode: string };
  } | null;
}

/** /api/cart/list */
export interface ApiCart {
  numBottles: number;
  lineItems: ApiCartLine[];
}

/** /api/user/favourites/list and the recommendation lists */
export interface ApiUserList {
  userItems: { product: { itemCode: string } }[];
}
