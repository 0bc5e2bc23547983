import { amountToCents, centsToAmount } from '../../domain/money';
import type { Cart } from './cart-client';

// GA4 ecommerce events for the retailer's tag manager, from one place: each event clears the previous
// ecommerce object first (Google's recommendation), then pushes `{event, ecommerce: {...}}` to dataLayer.

export interface EcommerceItem {
  item_id: string;
  item_name: string;
  price: number;
  quantity: number;
  item_category?: string;
  item_variant?: string;
  index?: number;
}

export type EcommerceEventName =
  | 'view_item_list'
  | 'select_item'
  | 'view_item'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'view_cart'
  | 'begin_checkout'
  | 'add_shipping_info'
  | 'add_payment_info'
  | 'purchase';

export interface EcommercePayload {
  currency: string;
  value?: number;
  items: EcommerceItem[];
  transaction_id?: string;
  tax?: number;
  shipping?: number;
  coupon?: string;
  shipping_tier?: string;
  payment_type?: string;
  item_list_id?: string;
  item_list_name?: string;
}

function dataLayer(): unknown[] {
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  return w.dataLayer;
}

export function trackEcommerce(event: EcommerceEventName, ecommerce: EcommercePayload): void {
  const layer = dataLayer();
  layer.push({ ecommerce: null });
  layer.push({ event, ecommerce });
}

/** The cart's lines as GA4 items: the sku, its name, the unit price paid and the quantity. */
export function cartItems(cart: Cart): EcommerceItem[] {
  return cart.lineItems.map((line, index) => ({
    item_id: line.sku.itemCode,
    item_name: line.product.name,
    price: centsToAmount(amountToCents(line.itemPriceInfo.amount) / Math.max(1, line.quantity)),
    quantity: line.quantity,
    item_category: line.product.productType,
    item_variant: line.lineItemIdentification.itemTypeTag,
    index,
  }));
}

/** The cart's event payload: its currency, total and items, and its voucher as the coupon. */
export function cartPayload(cart: Cart, currency: string): EcommercePayload {
  const coupon = (cart as Cart & { voucher?: { code: string; applied: boolean } }).voucher;
  return {
    currency,
    value: cart.orderPriceInfo.total,
    items: cartItems(cart),
    ...(coupon?.applied ? { coupon: coupon.code } : {}),
  };
}

/** A product tile or page as a GA4 item (price in the currency's units). */
export function productItem(p: {
  itemCode: string;
  name: string;
  salePriceCents: number;
  productType?: string;
  index?: number;
}): EcommerceItem {
  return {
    item_id: p.itemCode,
    item_name: p.name,
    price: centsToAmount(p.salePriceCents),
    quantity: 1,
    ...(p.productType ? { item_category: p.productType } : {}),
    ...(p.index !== undefined ? { index: p.index } : {}),
  };
}

/**
 * Clicks, from one listener on the document (SPEC §1 click tracking):
 * - an element with `data-track-action` sends a gaEvent (`data-track-category`, `data-track-label`, or its text);
 * - a link inside a product tile (`[data-item-code]` within `[data-item-list]`) sends GA4 select_item.
 * Returns the function that removes the listener.
 */
export function installClickTracking(currency: string): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const tracked = target.closest<HTMLElement>('[data-track-action]');
    if (tracked) {
      dataLayer().push({
        event: 'gaEvent',
        eventCategory: tracked.dataset.trackCategory ?? 'Click',
        eventAction: tracked.dataset.trackAction,
        eventLabel: tracked.dataset.trackLabel ?? tracked.textContent?.trim() ?? '',
      });
    }
    const link = target.closest('a');
    const tile = link?.closest<HTMLElement>('[data-item-code][data-item-name]');
    const list = tile?.closest<HTMLElement>('[data-item-list]');
    if (tile && list) {
      const tiles = [...list.querySelectorAll<HTMLElement>('[data-item-code][data-item-name]')];
      trackEcommerce('select_item', {
        currency,
        item_list_id: list.dataset.itemList,
        item_list_name: list.dataset.itemListName ?? list.dataset.itemList,
        items: [
          {
            item_id: tile.dataset.itemCode ?? '',
            item_name: tile.dataset.itemName ?? '',
            price: Number(tile.dataset.itemPrice ?? 0),
            quantity: 1,
            index: tiles.indexOf(tile),
          },
        ],
      });
    }
  };
  document.addEventListener('click', onClick, { capture: true });
  return () => document.removeEventListener('click', onClick, { capture: true });
}
