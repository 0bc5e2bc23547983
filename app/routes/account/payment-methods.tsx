import type { Route } from './+types/payment-methods';
import { listPaymentMethods } from '../../../services/account';
import { PaymentMethodList } from '../../components/account/payment-method-list';
import { accountTitle } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';

export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  return { methods: await listPaymentMethods(ctx.db, customerId) };
}

export const meta: Route.MetaFunction = ({ matches }) => accountTitle('Payment methods', matches);

export default function PaymentMethods({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Payment methods</h1>
      <p>Only the last four digits of a card are kept.</p>
      <PaymentMethodList methods={loaderData.methods} />
    </>
  );
}
