import { useLingui } from '@lingui/react';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/registration-password';
import type { ChatWidgetHandle } from '../components/chat-widget';
import { RegistrationPage, registrationFailure } from '../components/account/registration-page';

// /jsp/registration/common/account_password.jsp (CONTRACT.md legacy paths): the registration password page.
// SPEC §2: it is also shown inside frames, where chat widgets are hidden.
export const handle: { pageType: 'registration' } & ChatWidgetHandle = {
  pageType: 'registration',
  hideChatWhenFramed: true,
};

export function loader({ request }: Route.LoaderArgs) {
  return { failure: registrationFailure(request) };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaI18n(matches)._('Create your password') },
  { name: 'robots', content: 'noindex' },
];

export default function RegistrationPassword({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <RegistrationPage
      title={i18n._('Create your password')}
      intro={<p>{i18n._('Set a password to finish creating your account.')}</p>}
      submitLabel={i18n._('Create your password')}
      action="/jsp/registration/common/account_password.jsp"
      failure={loaderData.failure}
    />
  );
}
