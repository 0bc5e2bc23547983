import type { CartView } from '../../services/cart';

// The browser's typed client for the cart API (SPEC §7). Same-origin JSON with the visitor's cookies.

export type Cart = CartView;
export type CartResult = { ok: true; cart: Cart } | { ok: false; status: number; message: string | null };

async function call(method: string, path: string, body?: unknown): Promise<CartResult> {
  try {
    const res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json().catch(() => null)) as { statusCode?: number; statusMessage?: string; message?: string; response?: Cart } | null;
    if (res.ok && data?.statusCode === 0 && data.response) return { ok: true, cart: data.response };
    return { ok: false, status: res.status, message: data?.statusMessage ?? data?.message ?? null };
  } catch {
    return { ok: false, status: 0, message: null };
  }
}

export const cartClient = {
  list: (validate = false) => call('GET', `/api/cart/list${validate ? '?validate=true' : ''}`),
  add: (itemCode: string, quantity: number) => call('PUT', `/api/cart/itemcode/${encodeURIComponent(itemCode)}/${quantity}`),
  set: (itemCode: string, quantity: number) => call('PUT', `/api/cart/itemcode/${encodeURIComponent(itemCode)}/${quantity}?method=set`),
  remove: (itemCode: string) => call('DELETE', `/api/cart/itemcode/${encodeURIComponent(itemCode)}`),
  /** Adds several items in one request, all or nothing (SPEC §7 POST /api/cart/itemcode/). */
  addMany: (items: readonly { itemCode: string; quantity: number }[]) => call('POST', '/api/cart/itemcode/', { cartItems: items }),
};

/** SPEC §8 texts. */
export const ADD_TO_CART_FAILED = 'Sorry, we are unable to add this product to the cart. Please try again later.';
export const CART_FLOW_FAILED = 'Something went wrong, please try again later.';
