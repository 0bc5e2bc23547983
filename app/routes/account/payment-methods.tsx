import { useLingui } from '@lingui/react';
import type { Route } from './+types/payment-methods';
import { listPaymentMethods } from '../../../services/identity/account';
import { PaymentMethodList } from '../../components/account/payment-method-list';
import { accountTitle } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';

export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  return { methods: await listPaymentMethods(ctx.db, customerId) };
}

export const meta: Route.MetaFunction = ({ matches }) => accountTitle('Payment methods', matches);

export default function PaymentMethods({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <>
      <h1>{i18n._('Payment methods')}</h1>
      <p>{i18n._('Only the last four digits of a card are kept.')}</p>
      <PaymentMethodList methods={loaderData.methods} />
    </>
  );
}
