import { Trans, useLingui } from '@lingui/react';
import { Link } from 'react-router';
import type { Route } from './+types/overview';
import { getAccountDetails, listPurchases } from '../../../services/identity/account';
import { formatWholeNumber } from '../../../domain/money';
import { pointsBalance } from '../../../services/memberships/points';
import { Address } from '../../components/account/address';
import { EmailVerificationNotice } from '../../components/account/email-verification-notice';
import { OrderCard } from '../../components/account/orders';
import { ACCOUNT_SECTIONS, accountTitle } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';
import { useRootData } from '../../root';

export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  const [details, orders, points] = await Promise.all([
    getAccountDetails(ctx.db, customerId),
    listPurchases(ctx.db, customerId),
    // SPEC §2: points belong to the vir brand.
    ctx.site.brand.code === 'vir' ? pointsBalance(ctx.db, customerId, 'vir') : null,
  ]);
  return {
    firstName: details.firstName,
    email: details.email,
    emailVerified: details.emailVerified,
    defaultAddress: details.defaultDeliveryAddress,
    latestOrder: orders[0] ?? null,
    points,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => accountTitle('Overview', matches);

export default function AccountOverview({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { site } = useRootData();
  const { firstName, email, emailVerified, defaultAddress, latestOrder, points } = loaderData;
  return (
    <>
      <h1>{i18n._('My account')}</h1>
      <p className="account__greeting">
        {i18n._('Hello, {firstName}. Welcome back to {brand}.', { firstName, brand: site.brand.name })}
      </p>
      {emailVerified ? null : <EmailVerificationNotice email={email} />}
      {points ? (
        <section className="account-card account-points" aria-labelledby="overview-points">
          <h2 id="overview-points">{i18n._('Your points')}</h2>
          <p>
            <Trans
              id="<0>{total}</0> points ({base} for what you spent and {bonus} bonus points)"
              values={{
                total: formatWholeNumber(points.totalPoints),
                base: formatWholeNumber(points.basePoints),
                bonus: formatWholeNumber(points.bonusPoints),
              }}
              components={{ 0: <strong className="account-points__total" /> }}
            />
          </p>
        </section>
      ) : null}
      <AccountOverviewBody defaultAddress={defaultAddress} latestOrder={latestOrder} />
    </>
  );
}

/** Also shown by the legacy details page on test hosts. */
export function AccountOverviewBody({
  defaultAddress,
  latestOrder,
}: {
  defaultAddress: Route.ComponentProps['loaderData']['defaultAddress'];
  latestOrder: Route.ComponentProps['loaderData']['latestOrder'];
}) {
  const { i18n } = useLingui();
  const { site } = useRootData();
  return (
    <>
      <section className="account-card" aria-labelledby="overview-address">
        <h2 id="overview-address">{i18n._('Default delivery address')}</h2>
        {defaultAddress ? (
          <Address address={defaultAddress} />
        ) : (
          <p>{i18n._('You have not saved a delivery address yet.')}</p>
        )}
        <p>
          <Link to="/account/personal-details">{i18n._('Personal details and addresses')}</Link>
        </p>
      </section>
      {latestOrder ? (
        <div className="account__latest">
          <p className="account__label">{i18n._('Your latest order')}</p>
          <OrderCard order={latestOrder} site={site} />
          <p>
            <Link to="/account/purchased">{i18n._('See all your orders')}</Link>
          </p>
        </div>
      ) : (
        <p>{i18n._('You have not placed an order yet.')}</p>
      )}
      <section aria-labelledby="overview-links">
        <h2 id="overview-links">{i18n._('Everything in your account')}</h2>
        <ul className="account-overview-links">
          {ACCOUNT_SECTIONS.slice(1).map((s) => (
            <li key={s.path}>
              <Link to={s.path}>{i18n._(s.label)}</Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
