import { useLingui } from '@lingui/react';
import { redirect } from 'react-router';
import type { Route } from './+types/legacy-details';
import { getAccountDetails, listPaymentMethods, listPurchases } from '../../../services/identity/account';
import { OrderCard } from '../../components/account/orders';
import { PaymentMethodList } from '../../components/account/payment-method-list';
import { accountTitle } from '../../components/account/sections';
import { appContext } from '../../context';
import { requireAccount } from '../../lib/account.server';
import { PersonalDetailsBody } from './personal-details';
import { SettingsBody } from './settings';
import { useRootData } from '../../root';

// The legacy account details page (/jsp/account/common/account_details.jsp).
// Why a React route: on test hosts the new /account/* routes map back to this page (SPEC §2), so here it
// must *render* the account area, behind the same guard; if it redirected to /account like on live hosts,
// the two would loop. Its sections carry the legacy hashes as ids (#shipping-address, #payment,
// #email-settings, #password, …), so a hash link lands on its section without any script.
// On live hosts full page loads never reach this module: server/legacy-account.ts answers them with the
// hash-reading redirect page, since only the browser sees the hash. A client-side navigation (.data
// request) on a live host can still get here; it goes to /account.
export const handle = { pageType: 'account_new' };

export async function loader(args: Route.LoaderArgs) {
  const ctx = args.context.get(appContext);
  if (!ctx.isTestHost) throw redirect('/account', 302);
  const { customerId } = requireAccount(args, { legacyPage: true });
  const [details, methods, orders] = await Promise.all([
    getAccountDetails(ctx.db, customerId),
    listPaymentMethods(ctx.db, customerId),
    listPurchases(ctx.db, customerId),
  ]);
  return { details, methods, latestOrder: orders[0] ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) => accountTitle('Account details', matches);

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

const SECTIONS = [
  ['#shipping-address', /*i18n*/ { id: 'Personal details' }],
  ['#payment', /*i18n*/ { id: 'Payment methods' }],
  ['#email-settings', /*i18n*/ { id: 'Email settings' }],
  ['#password', /*i18n*/ { id: 'Password' }],
  ['#latest-order', /*i18n*/ { id: 'Latest order' }],
] as const;

export default function LegacyAccountDetails({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { details, methods, latestOrder } = loaderData;
  const { site } = useRootData();
  return (
    <div className="account">
      <nav className="account-nav" aria-label={i18n._('My account')}>
        <ul>
          {SECTIONS.map(([hash, label]) => (
            <li key={hash}>
              <a href={hash}>{i18n._(label)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account__content">
        <h1>{i18n._('My account')}</h1>
        <p className="account__greeting">{i18n._('Hello, {firstName}.', { firstName: details.firstName })}</p>
        <PersonalDetailsBody details={details} />
        <section id="payment" className="account-card" aria-labelledby="legacy-payment">
          <h2 id="legacy-payment">{i18n._('Payment methods')}</h2>
          <PaymentMethodList methods={methods} />
        </section>
        <SettingsBody emailOptIn={details.emailOptIn} />
        <div id="latest-order">
          {latestOrder ? (
            <OrderCard order={latestOrder} site={site} />
          ) : (
            <p>{i18n._('You have not placed an order yet.')}</p>
          )}
        </div>
      </div>
    </div>
  );
}
