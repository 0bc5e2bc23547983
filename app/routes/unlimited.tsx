import { Trans, useLingui } from '@lingui/react';
import { data, Link } from 'react-router';
import { formatMoney } from '../../domain/money';
import { loadUnlimitedState } from '../../services/memberships/unlimited';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/unlimited';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { JoinUnlimitedButton } from '../components/unlimited/join-unlimited-button';
import { appContext } from '../context';
import { useRootData } from '../root';

export const handle = { pageType: 'landingpage' };

/** SPEC §2 /unlimited: what the membership gives, its price on the site, and a join control where it may be joined. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const unlimited = await loadUnlimitedState(ctx);
  // CONTRACT.md: Unlimited is priced in AUD/NZD; the other sites have no such membership.
  if (!unlimited.sold || unlimited.priceCents === null) throw data('Not found', { status: 404 });
  return { unlimited };
}

export const meta: Route.MetaFunction = ({ error, matches }) =>
  error
    ? []
    : [
        { title: metaI18n(matches)._('Unlimited: free delivery all year') },
        {
          name: 'description',
          content: metaI18n(matches)._('Free delivery on every order for 12 months, and member prices.'),
        },
      ];

/** Personal (membership, cart, postcode): never stored by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

function JoinState({
  unlimited,
  phone,
}: {
  unlimited: Route.ComponentProps['loaderData']['unlimited'];
  phone: string;
}) {
  const { i18n } = useLingui();
  if (unlimited.activeMember)
    return (
      <p className="notice notice--ok" data-testid="unlimited-state">
        {i18n._("You're an Unlimited member: delivery is free on every order.")}{' '}
        <Link to="/account/memberships">{i18n._('Your membership')}</Link>
      </p>
    );
  if (unlimited.member)
    return (
      <p className="notice" data-testid="unlimited-state">
        <Trans
          id="Your Unlimited membership is suspended. <0>Contact us</0> on {phone} to restore it."
          values={{ phone }}
          components={{ 0: <Link to="/contact-us" /> }}
        />
      </p>
    );
  if (unlimited.cartHasUnlimited)
    return (
      <p className="notice notice--ok" data-testid="unlimited-state">
        <Trans id="Unlimited is in your cart. <0>Go to your cart</0>" components={{ 0: <Link to="/cart" /> }} />
      </p>
    );
  if (unlimited.outOfArea && unlimited.postcode)
    return (
      <p className="notice" data-testid="unlimited-state">
        {i18n._("Unlimited isn't available for delivery to {postcode}.", { postcode: unlimited.postcode })}
      </p>
    );
  return <JoinUnlimitedButton itemCode={unlimited.itemCode} />;
}

export default function Unlimited({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { site } = useRootData();
  const { unlimited } = loaderData;
  const price = formatMoney(unlimited.priceCents ?? 0, site);
  return (
    <article className="content-page unlimited-page">
      <h1>{i18n._('Unlimited')}</h1>
      <p className="unlimited-page__lead">
        {i18n._('Free delivery on every order for 12 months, for {price}.', { price })}
      </p>
      <ul className="unlimited-page__benefits">
        <li>{i18n._('Free delivery on every order, however small, for a whole year')}</li>
        <li>{i18n._('Unlimited member prices on our wines')}</li>
        <li>{i18n._('No minimum spend and no limit on the number of orders')}</li>
      </ul>
      <p className="unlimited-page__price">
        <Trans id="<0>{price}</0> for 12 months" values={{ price }} components={{ 0: <strong /> }} />
      </p>
      <JoinState unlimited={unlimited} phone={site.supportPhone} />
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
