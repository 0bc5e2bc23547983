import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import type { Route } from './+types/gift-cards-and-vouchers';
import { listVouchers } from '../../../services/account';
import { orderMoney } from '../../components/account/orders';
import { accountTitle, formatDate } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';
import { useRootData } from '../../root';

export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  return { vouchers: await listVouchers(ctx.db, ctx.clock, customerId) };
}

export const meta: Route.MetaFunction = ({ matches }) => accountTitle('Gift cards and vouchers', matches);

export default function GiftCardsAndVouchers({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { site } = useRootData();
  const { vouchers } = loaderData;
  return (
    <>
      <h1>{i18n._('Gift cards and vouchers')}</h1>
      {vouchers.length ? (
        <table className="account-table">
          <caption className="visually-hidden">{i18n._('Your gift cards and vouchers with their balances')}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n._('Code')}</th>
              <th scope="col">{i18n._('Type')}</th>
              <th scope="col">{i18n._('Description')}</th>
              <th scope="col">{i18n._('Balance')}</th>
              <th scope="col">{i18n._('Expires')}</th>
            </tr>
          </thead>
          <tbody>
            {vouchers.map((v) => (
              <tr key={v.id}>
                <th scope="row" translate="no">
                  <code>{v.code}</code>
                </th>
                <td>{v.kind === 'GIFT_CARD' ? i18n._('Gift card') : i18n._('Voucher')}</td>
                {/* The voucher's own text, as it was issued. */}
                <td translate="no">{v.description}</td>
                <td>{orderMoney(v.balanceCents, v, site)}</td>
                <td>
                  {v.expiresAt
                    ? v.expired
                      ? i18n._('Expired {date}', { date: formatDate(v.expiresAt, site.intlLocale) })
                      : formatDate(v.expiresAt, site.intlLocale)
                    : i18n._('Never')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{i18n._('You have no gift cards or vouchers.')}</p>
      )}
      <p>
        <Link to="/gift-vouchers">{i18n._('Buy a gift voucher')}</Link>
      </p>
    </>
  );
}
