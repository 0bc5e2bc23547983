import { Trans, useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/about-us';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { useRootData } from '../root';

export const handle = { pageType: 'aboutus' };

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData as { site?: { brand: { name: string } } } | undefined;
  return [
    { title: `${metaI18n(matches)._('About us')} | ${root?.site?.brand.name ?? ''}` },
    { name: 'description', content: metaI18n(matches)._('Who we are and how we choose our wines.') },
  ];
};

export default function AboutUs() {
  const { site } = useRootData();
  const { i18n } = useLingui();
  return (
    <article className="content-page">
      <h1>{i18n._('About {brand}', { brand: site.brand.name })}</h1>
      <p>{i18n._(site.brand.tagline)}.</p>
      <p>
        {i18n._(
          "Our buyers taste thousands of wines a year, from family estates and small growers, and bring the best of them straight to your door. Every bottle is backed by our promise: if you don't enjoy a wine, we'll refund it.",
        )}
      </p>
      <p>
        <Trans
          id="<0>Browse our wines</0> or <1>get in touch</1>."
          components={{ 0: <Link to="/wines" />, 1: <Link to="/contact-us" /> }}
        />
      </p>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
