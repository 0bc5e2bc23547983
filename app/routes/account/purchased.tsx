import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import type { Route } from './+types/purchased';
import { listPurchases } from '../../../services/identity/account';
import { OrderCard } from '../../components/account/orders';
import { accountTitle } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';
import { useRootData } from '../../root';

export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  return { orders: await listPurchases(ctx.db, customerId) };
}

export const meta: Route.MetaFunction = ({ matches }) => accountTitle('Purchased', matches);

export default function Purchased({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { site } = useRootData();
  return (
    <>
      <h1>{i18n._('Purchased')}</h1>
      {loaderData.orders.length ? (
        loaderData.orders.map((order) => <OrderCard key={order.id} order={order} site={site} />)
      ) : (
        <p>
          {i18n._('You have not placed an order yet.')} <Link to="/wines">{i18n._('Browse our wines')}</Link>
        </p>
      )}
    </>
  );
}
