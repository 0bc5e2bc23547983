import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/contact-us';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { EmailSignup } from '../components/marketing/email-signup';
import { useRootData } from '../root';

export const handle = { pageType: 'customer_service' };

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData as { site?: { brand: { name: string } } } | undefined;
  return [
    { title: `${metaI18n(matches)._('Contact us')} | ${root?.site?.brand.name ?? ''}` },
    {
      name: 'description',
      content: metaI18n(matches)._('Call our customer service team, or find answers about orders and delivery.'),
    },
  ];
};

/** The customer service page the footer and chat widget link to (SPEC §2 page type customer_service). */
export default function ContactUs() {
  const { site } = useRootData();
  const { i18n } = useLingui();
  const tel = site.supportPhone.replace(/[^+\d]/g, '');
  return (
    <article className="content-page contact">
      <h1>{i18n._('Contact us')}</h1>
      <p>
        {i18n._('Our customer service team is here to help with orders, deliveries, memberships and your account.')}
      </p>
      <section aria-labelledby="contact-phone">
        <h2 id="contact-phone">{i18n._('Call us')}</h2>
        <p>
          <a className="contact__phone" href={`tel:${tel}`}>
            {site.supportPhone}
          </a>
        </p>
        <p>{i18n._('Monday to Friday 8am–8pm, weekends 9am–5pm.')}</p>
      </section>
      <section aria-labelledby="contact-signup">
        <h2 id="contact-signup">{i18n._('Hear from us')}</h2>
        <p>{i18n._('Get our offers and new releases by email.')}</p>
        <EmailSignup site={site} variant="customer-service" />
      </section>
      <section aria-labelledby="contact-help">
        <h2 id="contact-help">{i18n._('Help yourself')}</h2>
        <ul>
          <li>
            <Link to="/account/purchased">{i18n._('Track or review your orders')}</Link>
          </li>
          <li>
            <Link to="/account/memberships">{i18n._('Change a membership')}</Link>
          </li>
          <li>
            <Link to="/gift-vouchers">{i18n._('Buy a gift voucher')}</Link>
          </li>
          <li>
            <Link to="/privacy-policy">{i18n._('How we use your information')}</Link>
          </li>
        </ul>
      </section>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
