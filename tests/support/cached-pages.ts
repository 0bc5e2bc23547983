// What the page-cache and segment-page tests share: one wine of their own, imported as a catalogue file, and a
// wait for what another part of the app (a notification, a listener) does in the background.

const HEADER =
  'item_code,sku_code,pack_size,currency,name,vintage,product_type,colour,grape,region,country,producer,list_price,sale_price,stock';

/** The catalogue file of the tests' one wine (D0900) at a sale price. */
export const wine = (sale: string, stock = 240) =>
  `${HEADER}\nD0900,D0900,1,AUD,Riverbend Estate Heathcote Shiraz,2022,wine,red,Shiraz,Heathcote,Australia,Riverbend Estate,32.99,${sale},${stock}`;

/** D0900's product page. */
export const PRODUCT = '/product/riverbend-estate-heathcote-shiraz/D0900';

/** Resolves once `check` holds, asking every 50 ms for 5 s; fails naming `what` otherwise. */
export async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting: ${what}`);
}
