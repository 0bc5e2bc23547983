import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/contact-us';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { EmailSignup } from '../components/marketing/email-signup';
import { ContactForm, type ContactFormTexts } from '../components/contact-form';
import { appContext } from '../context';
import { useRootData } from '../root';
import { CONTACT_TEXTS } from '../../domain/contact-texts';
import { CONTACT_TOPIC_LABELS, CONTACT_TOPICS } from '../../domain/contact';
import { LOGIN_MESSAGES } from '../../domain/identity-rules';
import { supportEmailOf } from '../../domain/site-contacts';

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

/** The form's words in the site's language: written here, so the browser's catalogue need not carry them. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const i18n = await ctx.messages();
  const t = (id: string) => i18n._(id);
  const form: ContactFormTexts = {
    labels: {
      name: t(CONTACT_TEXTS.name),
      email: t(CONTACT_TEXTS.email),
      orderNumber: t(CONTACT_TEXTS.orderNumber),
      topic: t(CONTACT_TEXTS.topic),
      message: t(CONTACT_TEXTS.message),
      send: t(CONTACT_TEXTS.send),
      sending: t(CONTACT_TEXTS.sending),
    },
    topics: Object.fromEntries(
      CONTACT_TOPICS.map((topic) => [topic, t(CONTACT_TOPIC_LABELS[topic])]),
    ) as ContactFormTexts['topics'],
    errors: Object.fromEntries(
      [
        CONTACT_TEXTS.nameRequired,
        CONTACT_TEXTS.nameOneLine,
        CONTACT_TEXTS.orderNumberInvalid,
        CONTACT_TEXTS.topicRequired,
        CONTACT_TEXTS.messageLength,
        LOGIN_MESSAGES.email,
        LOGIN_MESSAGES.generic,
      ].map((id) => [id, t(id)]),
    ),
  };
  form.errors.generic = t(LOGIN_MESSAGES.generic);
  return {
    form,
    heading: t(CONTACT_TEXTS.formHeading),
    emailUs: t(CONTACT_TEXTS.emailUs),
    supportEmail: supportEmailOf(ctx.site.id),
  };
}

/** The customer service page the footer and chat widget link to (SPEC §2 page type customer_service). */
export default function ContactUs({ loaderData }: Route.ComponentProps) {
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
      <section aria-labelledby="contact-email-us">
        <h2 id="contact-email-us">{loaderData.emailUs}</h2>
        <p>
          <a className="contact__email" href={`mailto:${loaderData.supportEmail}`}>
            {loaderData.supportEmail}
          </a>
        </p>
      </section>
      <section aria-labelledby="contact-form">
        <h2 id="contact-form">{loaderData.heading}</h2>
        <ContactForm texts={loaderData.form} />
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
