import { useLingui } from '@lingui/react';
import type { Route } from './+types/personal-details';
import { getAccountDetails } from '../../../services/identity/account';
import { Address } from '../../components/account/address';
import { accountTitle } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';

export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  return { details: await getAccountDetails(ctx.db, customerId) };
}

export const meta: Route.MetaFunction = ({ matches }) => accountTitle('Personal details', matches);

export default function PersonalDetails({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <>
      <h1>{i18n._('Personal details')}</h1>
      <PersonalDetailsBody details={loaderData.details} />
    </>
  );
}

/** Also shown by the legacy details page on test hosts (#shipping-address, #billing-address). */
export function PersonalDetailsBody({ details }: { details: Route.ComponentProps['loaderData']['details'] }) {
  const { i18n } = useLingui();
  const others = details.addresses.filter((a) => !a.isDefaultDelivery);
  return (
    <>
      <section className="account-card" aria-labelledby="details-you">
        <h2 id="details-you">{i18n._('Your details')}</h2>
        <dl className="details">
          <div>
            <dt>{i18n._('Name')}</dt>
            <dd translate="no">
              {details.firstName} {details.lastName}
            </dd>
          </div>
          <div>
            <dt>{i18n._('Email')}</dt>
            <dd>{details.email}</dd>
          </div>
          <div>
            <dt>{i18n._('Phone')}</dt>
            <dd>{details.phone ?? i18n._('Not given')}</dd>
          </div>
        </dl>
      </section>
      <section className="account-card" id="shipping-address" aria-labelledby="details-default">
        <h2 id="details-default">{i18n._('Default delivery address')}</h2>
        {details.defaultDeliveryAddress ? (
          <Address address={details.defaultDeliveryAddress} />
        ) : (
          <p>{i18n._('You have not saved a delivery address yet.')}</p>
        )}
      </section>
      <section className="account-card" id="billing-address" aria-labelledby="details-other">
        <h2 id="details-other">{i18n._('Other addresses')}</h2>
        {others.length ? (
          <ul className="account-list">
            {others.map((a) => (
              <li key={a.id}>
                <Address address={a} />
              </li>
            ))}
          </ul>
        ) : (
          <p>{i18n._('You have no other addresses saved. Your billing address is your default delivery address.')}</p>
        )}
      </section>
    </>
  );
}
