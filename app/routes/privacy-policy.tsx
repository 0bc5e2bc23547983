import { useLingui } from '@lingui/react';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/privacy-policy';
import { useRootData } from '../root';

export const handle = { pageType: 'customer_service' };

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaI18n(matches)._('Privacy policy') }];

export default function PrivacyPolicy() {
  const { site } = useRootData();
  const { i18n } = useLingui();
  return (
    <article className="content-page">
      <h1>{i18n._('Privacy policy')}</h1>
      <p>
        {i18n._(
          '{brand} collects your name, contact details and order history so we can deliver your wine, look after your account and, if you agree, send you offers by email. You can unsubscribe from marketing emails at any time using the link in every email, or by calling us on {phone}.',
          { brand: site.brand.name, phone: site.supportPhone },
        )}
      </p>
      <h2>{i18n._('What we keep and why')}</h2>
      <p>
        {i18n._(
          'We keep order and delivery details for as long as the law requires, and your preferences for as long as you hold an account with us. We never sell your personal information.',
        )}
      </p>
      <h2>{i18n._('Your rights')}</h2>
      <p>{i18n._('You may ask to see, correct or delete the personal information we hold about you.')}</p>
    </article>
  );
}
