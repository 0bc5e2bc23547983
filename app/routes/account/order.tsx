import { useLingui } from '@lingui/react';
import { data, Link } from 'react-router';
import type { Route } from './+types/order';
import { getOrderDetails } from '../../../services/account';
import { ServiceError } from '../../../services/service-error';
import { cancelChoice } from '../../../services/order-moves';
import { OrderCard, orderMoney } from '../../components/account/orders';
import { CancelOrder, CancelTooLate, OrderHistory } from '../../components/orders/order-history';
import { accountTitle } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';
import { useRootData } from '../../root';

/** One of the customer's orders on a page of its own (linked from Purchased and the order confirmation). */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  try {
    const order = await getOrderDetails(ctx.db, customerId, Number(args.params.orderId));
    return { order, cancel: cancelChoice(order, ctx.clock.now(), ctx.cancelWindowMinutes) };
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'not_found') throw data('Not found', { status: 404 });
    throw error;
  }
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
      />
      {loaderData.cancel === 'open' ? <CancelOrder orderNumber={loaderData.order.orderNumber} /> : null}
      {loaderData.cancel === 'too-late' ? <CancelTooLate /> : null}
      <p>
        <Link to="/account/purchased">{i18n._('All your orders')}</Link>
      </p>
    </>
  );
}
