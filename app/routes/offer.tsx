import { Trans, useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { sentText } from '../../domain/message';
import { OFFER_CODE_PATTERN } from '../../domain/offer-codes';
import { findReferral } from '../../services/vouchers/referrals';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/offer';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { appContext } from '../context';
import { useRootData } from '../root';

export const handle = { pageType: 'landingpage' };

/**
 * SPEC §2 /offer: the landing page of a shared link. The server has already saved the code (server/legacy.ts);
 * this page says what it is worth: a friend's referral, or a code we keep for later.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const raw = new URL(request.url).searchParams.get('code') ?? '';
  const code = OFFER_CODE_PATTERN.test(raw) ? raw : null;
  const found = code ? await findReferral(ctx.db, ctx.site, code) : null;
  const referral = found
    ? { code: found.code, firstName: found.firstName, offerText: sentText(await ctx.messages(), found.offer) }
    : null;
  return { code, referral };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaI18n(matches)._('Your offer') },
  { name: 'robots', content: 'noindex' },
];

export default function Offer({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const { code, referral } = loaderData;
  const { i18n } = useLingui();
  return (
    <article className="content-page offer-page">
      {referral ? (
        <>
          <h1>
            {i18n._('{firstName} has sent you {offer}', { firstName: referral.firstName, offer: referral.offerText })}
          </h1>
          <p>
            <Trans
              id="Welcome to {brand}. Your code <0>{code}</0> is saved: it comes off your first order in the cart."
              values={{ brand: site.brand.name, code: referral.code }}
              components={{ 0: <strong /> }}
            />
          </p>
        </>
      ) : (
        <>
          <h1>{i18n._('Welcome to {brand}', { brand: site.brand.name })}</h1>
          {code ? (
            <p>
              <Trans
                id="We have kept your code <0>{code}</0> for you."
                values={{ code }}
                components={{ 0: <strong /> }}
              />
            </p>
          ) : null}
        </>
      )}
      <p>
        <Link className="button" to="/wines">
          {i18n._('Start shopping')}
        </Link>
      </p>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
