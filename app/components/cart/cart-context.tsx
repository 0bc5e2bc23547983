import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { amountToCents, centsToAmount } from '../../../domain/money';
import { track } from '../../lib/analytics';
import { trackEcommerce } from '../../lib/ecommerce';
import { ADD_TO_CART_FAILED, type Cart, cartClient } from '../../lib/cart-client';
import { useTimedMessage } from '../../lib/use-timed-message';

/** Fired when the cart changed while the cart page is open, so it re-reads and scrolls to the lines. */
export const CART_UPDATED_EVENT = 'storefront:cart-updated';

/** SPEC §8: the product-page add failure shows for 10 s by default. */
export const ADD_ERROR_MS = 10_000;

/**
 * The cart's own fixed messages (app/lib/cart-client.ts and the cart's forms), kept in English in state and
 * shown through shownText (app/lib/shown-text.ts) like the server's: listed here for the catalogues.
 */
export const CART_APP_TEXTS = [
  /*i18n*/ { id: 'Sorry, we are unable to add this product to the cart. Please try again later.' },
  /*i18n*/ { id: 'Something went wrong, please try again later.' },
  /*i18n*/ { id: 'This field is required.' },
];

interface CartState {
  cart: Cart | null;
  drawerOpen: boolean;
  error: string | null;
  openDrawer(): void;
  closeDrawer(): void;
  setCart(cart: Cart): void;
  /**
   * Adds to the cart; on success the mini cart opens (unless `openDrawer: false`: the caller shows the
   * item-added modal instead), on failure it shows the SPEC's error for 10 s.
   */
  addToCart(itemCode: string, quantity: number, options?: { openDrawer?: boolean }): Promise<boolean>;
  refresh(): Promise<void>;
}

const CartContext = createContext<CartState | null>(null);

export function CartProvider({
  hasCart,
  currency,
  children,
}: {
  hasCart: boolean;
  /** The site's currency, for the GA4 cart events. */
  currency: string;
  children: ReactNode;
}) {
  const [cart, setShownCart] = useState<Cart | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [error, showError, clearError] = useTimedMessage<string>();
  // Which cart is newest. A change's answer (an add, say) is the cart after that change, numbered when it arrives; a
  // list is numbered when asked. A list asked before a change may be answered after it (the first list goes out as
  // the page hydrates, and a shopper can add at once): it must not put the older cart back, or the fill-the-box
  // count, the header and the mini cart would go back a step.
  const order = useRef({ last: 0, shown: 0 });
  const setCart = useCallback((next: Cart) => {
    order.current.last += 1;
    order.current.shown = order.current.last;
    setShownCart(next);
  }, []);

  const refresh = useCallback(async () => {
    order.current.last += 1;
    const asked = order.current.last;
    const result = await cartClient.list();
    if (!result.ok || asked < order.current.shown) return;
    order.current.shown = asked;
    setShownCart(result.cart);
  }, []);

  useEffect(() => {
    if (hasCart) void refresh();
  }, [hasCart, refresh]);

  const addToCart = useCallback(
    async (itemCode: string, quantity: number, options: { openDrawer?: boolean } = {}) => {
      const fromRecommendations = window.location.hash.includes('#/recommendations');
      const result = await cartClient.add(itemCode, quantity);
      if (result.ok) {
        setCart(result.cart);
        clearError();
        if (window.location.pathname === '/cart') {
          // SPEC §4: on the cart page, reload when this was the first item, otherwise show the cart.
          if (result.cart.numLineItems === 1 && result.cart.lineItems[0]?.quantity === quantity)
            window.location.reload();
          else window.dispatchEvent(new CustomEvent(CART_UPDATED_EVENT));
        } else if (options.openDrawer !== false) {
          setDrawerOpen(true);
        }
        const line = result.cart.lineItems.find((l) => l.sku.itemCode === itemCode);
        if (line)
          trackEcommerce('add_to_cart', {
            currency,
            value: centsToAmount(amountToCents(line.sku.salePrice) * quantity),
            items: [
              {
                item_id: itemCode,
                item_name: line.product.name,
                price: line.sku.salePrice,
                quantity,
                item_category: line.product.productType,
              },
            ],
          });
        track({
          event: 'addToCart',
          eventCategory: 'Ecommerce',
          eventAction: fromRecommendations ? 'Add to Cart - Recommendations' : 'Add to Cart',
          eventLabel: itemCode,
          quantity,
          source: fromRecommendations ? 'recommendations' : 'product',
        });
        return true;
      }
      showError(ADD_TO_CART_FAILED, ADD_ERROR_MS);
      setDrawerOpen(true);
      track({ event: 'gaEvent', eventCategory: 'Errors', eventAction: 'Add to Cart Failed', eventLabel: itemCode });
      return false;
    },
    [showError, clearError, currency, setCart],
  );

  const value = useMemo<CartState>(
    () => ({
      cart,
      drawerOpen,
      error,
      openDrawer: () => setDrawerOpen(true),
      closeDrawer: () => setDrawerOpen(false),
      setCart,
      addToCart,
      refresh,
    }),
    [cart, drawerOpen, error, setCart, addToCart, refresh],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartState {
  const ctx = useContext(CartContext);
  if (!ctx) throw new Error('useCart outside CartProvider');
  return ctx;
}
