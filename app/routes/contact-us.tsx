import { Link } from 'react-router';
import type { Route } from './+types/contact-us';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { EmailSignup } from '../components/marketing/email-signup';
import { useRootData } from '../root';

export const handle = { pageType: 'customer_service' };

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData as { site?: { brand: { name: string } } } | undefined;
  return [
    { title: `Contact us | ${root?.site?.brand.name ?? ''}` },
    { name: 'description', content: 'Call our customer service team, or find answers about orders and delivery.' },
  ];
};

/** The customer service page the footer and chat widget link to (SPEC §2 page type customer_service). */
export default function ContactUs() {
  const { site } = useRootData();
  const tel = site.supportPhone.replace(/[^+\d]/g, '');
  return (
    <article className="content-page contact">
      <h1>Contact us</h1>
      <p>Our customer service team is here to help with orders, deliveries, memberships and your account.</p>
      <section aria-labelledby="contact-phone">
        <h2 id="contact-phone">Call us</h2>
        <p>
          <a className="contact__phone" href={`tel:${tel}`}>
            {site.supportPhone}
          </a>
        </p>
        <p>Monday to Friday 8am–8pm, weekends 9am–5pm.</p>
      </section>
      <section aria-labelledby="contact-signup">
        <h2 id="contact-signup">Hear from us</h2>
        <p>Get our offers and new releases by email.</p>
        <EmailSignup site={site} variant="customer-service" />
      </section>
      <section aria-labelledby="contact-help">
        <h2 id="contact-help">Help yourself</h2>
        <ul>
          <li>
            <Link to="/account/purchased">Track or review your orders</Link>
          </li>
          <li>
            <Link to="/account/memberships">Change a membership</Link>
          </li>
          <li>
            <Link to="/gift-vouchers">Buy a gift voucher</Link>
          </li>
          <li>
            <Link to="/privacy-policy">How we use your information</Link>
          </li>
        </ul>
      </section>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
