import type { Route } from './+types/privacy-policy';
import { useRootData } from '../root';

export const handle = { pageType: 'customer_service' };

export const meta: Route.MetaFunction = () => [{ title: 'Privacy policy' }];

export default function PrivacyPolicy() {
  const { site } = useRootData();
  return (
    <article className="content-page">
      <h1>Privacy policy</h1>
      <p>
        {site.brand.name} collects your name, contact details and order history so we can deliver your wine, look after
        your account and, if you agree, send you offers by email. You can unsubscribe from marketing emails at any time
        using the link in every email, or by calling us on {site.supportPhone}.
      </p>
      <h2>What we keep and why</h2>
      <p>
        We keep order and delivery details for as long as the law requires, and your preferences for as long as you hold
        an account with us. We never sell your personal information.
      </p>
      <h2>Your rights</h2>
      <p>You may ask to see, correct or delete the personal information we hold about you.</p>
    </article>
  );
}
