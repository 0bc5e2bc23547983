import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderLines, orders } from '../../db/schema';
import { API_TEXTS } from '../../domain/api-texts';
import { EGIFT_ITEM_CODES } from '../../domain/item-code';
import { message, type Text, translate, type Translator } from '../../domain/message';
import { UNLIMITED_ITEM_CODES } from '../../domain/unlimited';
import { CART_ERRORS, type CartContext, changeItems, getCart } from '../cart/cart';
import type { CartModel } from '../cart/cart-json';
import { REORDER_TEXTS } from '../platform/server-texts';
import { ServiceError } from '../platform/service-error';
import { GENERIC_ERRORS } from '../../domain/errors';

// "Reorder in a click": an order's wines go back into the customer's cart in the same quantities, through the
// cart's own rules (stock, quantity and line limits). E-gift cards and memberships are bought afresh, never re-added.
// What could not be added is said plainly, each with its reason, in the site's language.

/** Why a line of the order is not in the cart again. */
export type ReorderReason = 'sold_out' | 'not_sold' | 'egift' | 'membership' | 'refused';

export interface ReorderLine {
  itemCode: string;
  name: string;
  quantity: number;
}

export interface ReorderResult {
  orderNumber: string;
  cart: CartModel;
  added: ReorderLine[];
  notAdded: (ReorderLine & { reason: ReorderReason; message: string })[];
}

/** The reason of a line the cart refused, from the cart's own refusal. */
function reasonOf(error: ServiceError): ReorderReason {
  if (error.kind === 'not_found') return 'not_sold';
  if (error.code === CART_ERRORS.outOfStock.code) return 'sold_out';
  return 'refused';
}

function explain(i18n: Translator, line: ReorderLine, reason: ReorderReason, refusal: Text | null): string {
  const values = { name: line.name };
  switch (reason) {
    case 'sold_out':
      return translate(i18n, message(REORDER_TEXTS.soldOut.id, values));
    case 'not_sold':
      return translate(i18n, message(REORDER_TEXTS.notSold.id, values));
    case 'egift':
      return translate(i18n, message(REORDER_TEXTS.egift.id, values));
    case 'membership':
      return translate(i18n, message(REORDER_TEXTS.membership.id, values));
    default:
      return translate(i18n, message(REORDER_TEXTS.refused.id, { ...values, reason: translate(i18n, refusal ?? '') }));
  }
}

/** The customer's order of this site by its number, with its lines; not_found for anyone else's. */
async function loadOwnOrder(db: Db, siteId: string, customerId: number, orderNumber: string) {
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.customerId, customerId), eq(orders.siteId, siteId)))
    .limit(1);
  if (!row) throw new ServiceError(GENERIC_ERRORS.not_found, API_TEXTS.orderNotFound);
  const lines = await db
    .select({
      itemCode: orderLines.itemCode,
      sku: orderLines.skuItemCode,
      name: orderLines.name,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, row.id))
    .orderBy(asc(orderLines.id));
  return { orderNumber: row.orderNumber, lines };
}

/**
 * Puts the wines of the customer's order back into the cart `cartId`. The wines are added together when the cart
 * takes them all (one change); otherwise one by one, so each refusal is told with its own line.
 */
export async function reorder(
  ctx: CartContext & { messages: () => Promise<Translator> },
  cartId: string,
  customerId: number,
  orderNumber: string,
): Promise<ReorderResult> {
  const order = await loadOwnOrder(ctx.db, ctx.site.id, customerId, orderNumber);
  const i18n = await ctx.messages();
  const notAdded: ReorderResult['notAdded'] = [];
  const wanted: (ReorderLine & { sku: string })[] = [];
  for (const l of order.lines) {
    const line = { itemCode: l.sku, name: l.name, quantity: l.quantity };
    const reason: ReorderReason | null =
      EGIFT_ITEM_CODES.has(l.sku) || EGIFT_ITEM_CODES.has(l.itemCode)
        ? 'egift'
        : UNLIMITED_ITEM_CODES.has(l.sku) || UNLIMITED_ITEM_CODES.has(l.itemCode)
          ? 'membership'
          : null;
    if (reason) notAdded.push({ ...line, reason, message: explain(i18n, line, reason, null) });
    else wanted.push({ ...line, sku: l.sku });
  }
  const added: ReorderLine[] = [];
  let together = false;
  if (wanted.length > 0) {
    try {
      await changeItems(
        ctx,
        cartId,
        wanted.map((w) => ({ itemCode: w.sku, quantity: w.quantity })),
        'add',
      );
      together = true;
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
    }
  }
  for (const w of wanted) {
    const line = { itemCode: w.itemCode, name: w.name, quantity: w.quantity };
    if (together) {
      added.push(line);
      continue;
    }
    try {
      await changeItems(ctx, cartId, [{ itemCode: w.sku, quantity: w.quantity }], 'add');
      added.push(line);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      const reason = reasonOf(error);
      notAdded.push({ ...line, reason, message: explain(i18n, line, reason, error.text) });
    }
  }
  return { orderNumber: order.orderNumber, cart: await getCart(ctx, cartId), added, notAdded };
}

const NOTICE_REASONS: readonly ReorderReason[] = ['sold_out', 'not_sold', 'egift', 'membership', 'refused'];

/** The cart page's address after a reorder from the order page: what was added and refused, by code and reason. */
export function reorderCartPath(result: ReorderResult): string {
  const query = new URLSearchParams({ reordered: result.orderNumber, added: String(result.added.length) });
  for (const reason of NOTICE_REASONS) {
    const codes = result.notAdded.filter((n) => n.reason === reason).map((n) => n.itemCode);
    if (codes.length > 0) query.set(reason, codes.join(','));
  }
  return `/cart?${query}`;
}

/**
 * The cart page's notice after a reorder (its address, from reorderCartPath), in the site's language: one text, a
 * line each for what was not added. Names come from
 * the customer's own order, never from the address: codes that are not lines of it are ignored.
 */
export async function reorderNotice(
  db: Db,
  i18n: Translator,
  siteId: string,
  customerId: number,
  query: URLSearchParams,
): Promise<string | null> {
  const orderNumber = query.get('reordered');
  if (!orderNumber || orderNumber.length > 40) return null;
  let order: Awaited<ReturnType<typeof loadOwnOrder>>;
  try {
    order = await loadOwnOrder(db, siteId, customerId, orderNumber);
  } catch {
    return null;
  }
  const names = new Map(order.lines.map((l) => [l.sku, l.name] as const));
  const lines = NOTICE_REASONS.flatMap((reason) =>
    (query.get(reason) ?? '')
      .split(',')
      .filter((code) => names.has(code))
      .map((code) => {
        const line = { itemCode: code, name: names.get(code) ?? code, quantity: 0 };
        return reason === 'refused'
          ? translate(i18n, message(REORDER_TEXTS.refusedInCart.id, { name: line.name }))
          : explain(i18n, line, reason, null);
      }),
  );
  const added = Number(query.get('added') ?? '0') > 0;
  const title = translate(i18n, message((added ? REORDER_TEXTS.added : REORDER_TEXTS.noneAdded).id, { orderNumber }));
  return lines.length > 0 ? [title, i18n._(REORDER_TEXTS.notAddedHeading.id), ...lines].join('\n') : title;
}
