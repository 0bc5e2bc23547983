import { cookieHeader, SHOP_COOKIES, secureOrigin } from '../../../http/cookies';
import { useLingui } from '@lingui/react';
import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/order';
import { getOrderDetails } from '../../../services/identity/account';
import { cartContextOf, findVisitorCart, newCartId } from '../../../services/cart/cart';
import { reorder, reorderCartPath } from '../../../services/orders/reorder';
import { REORDER_TEXTS, refundTextsOf } from '../../../services/platform/server-texts';
import { ServiceError } from '../../../services/platform/service-error';
import { statusOfKind } from '../../../http/error-status';
import { cancelChoice } from '../../../services/orders/moves/customer-cancel';
import { OrderCard, orderMoney } from '../../components/account/orders';
import { CancelOrder, CancelTooLate, OrderHistory } from '../../components/orders/order-history';
import { accountTitle } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';
import { useRootData } from '../../root';

async function ownOrder(args: Route.LoaderArgs | Route.ActionArgs) {
  const { ctx, customerId } = requireAccount(args);
  try {
    const order = await getOrderDetails(ctx.db, customerId, Number(args.params.orderId));
    return { ctx, customerId, order, cancel: cancelChoice(order, ctx.clock.now(), ctx.cancelWindowMinutes) };
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'not_found')
      throw data('Not found', { status: statusOfKind(error.kind) });
    throw error;
  }
}

/** One of the customer's orders on a page of its own (linked from Purchased and the order confirmation). */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, order, cancel } = await ownOrder(args);
  // The reorder control's words are written here (services/platform/server-texts.ts REORDER_TEXTS).
  const i18n = await ctx.messages();
  return {
    order,
    cancel,
    reorder: { button: i18n._(REORDER_TEXTS.button.id), note: i18n._(REORDER_TEXTS.note.id) },
    refundTexts: refundTextsOf(i18n),
  };
}

/**
 * Reorder: the order's wines go back into the customer's cart (services/orders/reorder.ts), then the cart page says what
 * could not be added. A plain form post, so it works before (or without) the page's scripts.
 */
export async function action(args: Route.ActionArgs) {
  const { ctx, customerId, order } = await ownOrder(args);
  const cart = cartContextOf(ctx);
  const found = await findVisitorCart(cart, ctx.cookies.cart_id);
  const cartId = found ?? newCartId();
  const result = await reorder({ ...cart, messages: ctx.messages }, cartId, customerId, order.orderNumber);
  const headers = new Headers();
  if (cartId !== ctx.cookies.cart_id)
    headers.append('Set-Cookie', cookieHeader(SHOP_COOKIES.cart, cartId, secureOrigin(ctx.origin)));
  return redirect(reorderCartPath(result), { status: 303, headers });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  accountTitle(loaderData ? `Order ${loaderData.order.orderNumber}` : 'Order', matches);

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { site } = useRootData();
  return (
    <>
      <h1>{i18n._('Order {orderNumber}', { orderNumber: loaderData.order.orderNumber })}</h1>
      <OrderCard order={loaderData.order} site={site} detail />
      <OrderHistory
        history={loaderData.order.history}
        locale={site.intlLocale}
        money={(cents) => orderMoney(cents, loaderData.order, site)}
        refundTexts={loaderData.refundTexts}
      />
      {loaderData.cancel === 'open' ? <CancelOrder orderNumber={loaderData.order.orderNumber} /> : null}
      {loaderData.cancel === 'too-late' ? <CancelTooLate /> : null}
      <Form method="post" className="order__reorder">
        <p id="reorder-note">{loaderData.reorder.note}</p>
        <button type="submit" className="button" aria-describedby="reorder-note">
          {loaderData.reorder.button}
        </button>
      </Form>
      <p>
        <Link to="/account/purchased">{i18n._('All your orders')}</Link>
      </p>
    </>
  );
}
