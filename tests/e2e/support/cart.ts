import { expect, type Locator, type Page } from '@playwright/test';
import type { ApiCart, ApiReply } from './api-types';
import { gotoHydrated } from './hydration';
import { pageApi } from './page-api';

/**
 * The cart, as a browser test drives it (after Hydrogen's e2e/fixtures/cart-utils.ts): setting the cart up
 * through the real API with the browser's own cookies, and finding the cart page's, the mini cart's and
 * the header's parts as a person would. Tests get one as the `cart` fixture.
 */
export class CartPage {
  constructor(readonly page: Page) {}

  // --- The API, called from the page (same origin, the browser's cookies; a real request, no mock). ---

  /** Calls a JSON API path from the page (see pageApi). */
  api<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiReply<T>> {
    return pageApi<T>(this.page, method, path, body);
  }

  /** Adds `quantity` of an item (PUT /api/cart/itemcode/{code}/{quantity}) and expects it accepted. */
  async addItem(itemCode: string, quantity = 1): Promise<ApiCart> {
    const reply = await this.api<ApiCart>('PUT', `/api/cart/itemcode/${itemCode}/${quantity}`);
    expect(reply.status, `add ${quantity} × ${itemCode}`).toBe(200);
    return reply.body.response;
  }

  /** The cart as the API sees it now. */
  async get(): Promise<ApiCart> {
    const reply = await this.api<ApiCart>('GET', '/api/cart/list');
    expect(reply.status).toBe(200);
    return reply.body.response;
  }

  /** Item code → quantity, as the API sees it now. */
  async quantities(): Promise<Record<string, number>> {
    const cart = await this.get();
    return Object.fromEntries(cart.lineItems.map((l) => [l.sku.itemCode, l.quantity]));
  }

  /** Waits until the API has `bottles` bottles in the cart. */
  async expectBottles(bottles: number) {
    await expect.poll(async () => (await this.get()).numBottles).toBe(bottles);
  }

  /** Waits until the API has `quantity` of `itemCode` (0: no such line). */
  async expectQuantity(itemCode: string, quantity: number) {
    await expect.poll(async () => (await this.quantities())[itemCode] ?? 0).toBe(quantity);
  }

  // --- The cart page. ---

  /** Opens /cart and waits until it is interactive. */
  async open() {
    await gotoHydrated(this.page, '/cart');
    await expect(this.page.getByRole('heading', { level: 1, name: /^Your cart/ })).toBeVisible();
  }

  /** Opens /cart with `quantity` of `itemCode` in it. */
  async openWith(itemCode: string, quantity: number) {
    await this.addItem(itemCode, quantity);
    await this.open();
  }

  /** A line of the cart page, by the item code of its SKU. */
  lineFor(itemCode: string): Locator {
    return this.page.locator(`.cart-line[data-item-code="${itemCode}"]`);
  }

  get lines(): Locator {
    return this.page.locator('.cart-line');
  }

  /** The quantity field of the line whose product is `name`. */
  quantityField(name: string): Locator {
    return this.page.getByLabel(`Quantity of ${name}`, { exact: true });
  }

  increaseButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Increase quantity of ${name}` });
  }

  decreaseButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Decrease quantity of ${name}` });
  }

  removeButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Remove ${name}` });
  }

  /** Types a quantity into a line's field; the page sends it after its typing delay (SPEC §4: 1.5 s). */
  async setQuantity(name: string, quantity: number) {
    await this.quantityField(name).fill(String(quantity));
  }

  // --- The header button and the mini cart. ---

  /** The header's cart button (its name says how many items: "Cart, 1 item"). */
  get button(): Locator {
    return this.page.getByRole('button', { name: /^Cart, / });
  }

  get miniCart(): Locator {
    return this.page.getByRole('dialog', { name: 'Your cart' });
  }

  async openMiniCart(): Promise<Locator> {
    await this.button.click();
    await expect(this.miniCart).toBeVisible();
    return this.miniCart;
  }

  async closeMiniCart() {
    await this.miniCart.getByRole('button', { name: 'Close cart' }).click();
    await expect(this.miniCart).toHaveCount(0);
  }
}
