import { useLingui } from '@lingui/react';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/registration';
import { RegistrationPage, registrationFailure } from '../components/account/registration-page';

export const handle = { pageType: 'registration' };

export function loader({ request }: Route.LoaderArgs) {
  return { failure: registrationFailure(request) };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaI18n(matches)._('Create an account') },
  { name: 'robots', content: 'noindex' },
];

export default function Registration({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <RegistrationPage
      title={i18n._('Create an account')}
      submitLabel={i18n._('Create account')}
      action="/registration"
      failure={loaderData.failure}
    />
  );
}
