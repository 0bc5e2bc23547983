import type { GiftVoucherPayload } from '../../domain/gift-vouchers';
import type { CartJson } from '../../services/cart/cart-json';
import type { VoucherCookieOutcome } from '../../services/vouchers/vouchers';
import { messageOf, requestApi, succeeded } from './api-request';

// The browser's typed client for the cart API (SPEC §7).

export type Cart = CartJson;
export type { VoucherCookieOutcome };
/** GET /api/cart/list's cart: with `voucherCookieOutcome` when it applied a voucher link's saved code. */
export type ListedCart = Cart & { voucherCookieOutcome?: VoucherCookieOutcome };
export type CartResult = { ok: true; cart: Cart } | { ok: false; status: number; message: string | null };

async function call(method: string, path: string, body?: unknown): Promise<CartResult> {
  const reply = await requestApi<Cart>(method, path, body);
  if (succeeded(reply) && reply.body.response) return { ok: true, cart: reply.body.response };
  return { ok: false, status: reply.status, message: messageOf(reply) };
}

export const cartClient = {
  list: (validate = false) => call('GET', `/api/cart/list${validate ? '?validate=true' : ''}`),
  add: (itemCode: string, quantity: number) =>
    call('PUT', `/api/cart/itemcode/${encodeURIComponent(itemCode)}/${quantity}`),
  set: (itemCode: string, quantity: number) =>
    call('PUT', `/api/cart/itemcode/${encodeURIComponent(itemCode)}/${quantity}?method=set`),
  remove: (itemCode: string) => call('DELETE', `/api/cart/itemcode/${encodeURIComponent(itemCode)}`),
  /** Adds several items in one request, all or nothing (SPEC §7 POST /api/cart/itemcode/). */
  addMany: (items: readonly { itemCode: string; quantity: number }[]) =>
    call('POST', '/api/cart/itemcode/', { cartItems: items }),
  /** Adds an e-gift card (SPEC §3 gift voucher payload, PUT /api/cart/eItemCode). */
  addGiftVoucher: (payload: GiftVoucherPayload) => call('PUT', '/api/cart/eItemCode', payload),
  /** Applies a voucher code to the cart (CONTRACT vouchers; any visitor). */
  applyVoucher: (code: string) => call('PUT', `/api/cart/voucher/${encodeURIComponent(code)}`),
  /** Takes the voucher of this code off the cart. */
  removeVoucher: (code: string) => call('DELETE', `/api/cart/voucher/${encodeURIComponent(code)}`),
};

/** SPEC §8 texts. Components show them through `i18n._(text)`: the descriptors put them in the catalogues. */
const ADD_TO_CART_FAILED_TEXT = /*i18n*/ {
  id: 'Sorry, we are unable to add this product to the cart. Please try again later.',
};
const CART_FLOW_FAILED_TEXT = /*i18n*/ { id: 'Something went wrong, please try again later.' };
export const ADD_TO_CART_FAILED = ADD_TO_CART_FAILED_TEXT.id;
export const CART_FLOW_FAILED = CART_FLOW_FAILED_TEXT.id;
