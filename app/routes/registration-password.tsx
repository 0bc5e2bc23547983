import type { Route } from './+types/registration-password';
import type { ChatWidgetHandle } from '../components/chat-widget';
import { LoginForm } from '../components/account/login-form';
import { RegistrationForm } from '../components/account/registration-form';
import { registrationFormErrorMessage } from '../../domain/identity-rules';

// /jsp/registration/common/account_password.jsp (CONTRACT.md legacy paths): the registration password page.
// SPEC §2: it is also shown inside frames, where chat widgets are hidden.
export const handle: { pageType: 'registration' } & ChatWidgetHandle = { pageType: 'registration', hideChatWhenFramed: true };

/** ?error={code}: the form was posted without script and came back (SPEC §5 messages). */
export function loader({ request }: Route.LoaderArgs) {
  return { failure: registrationFormErrorMessage(new URL(request.url).searchParams.get('error')) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Create your password' }, { name: 'robots', content: 'noindex' }];

export default function RegistrationPassword({ loaderData }: Route.ComponentProps) {
  return (
    <div className="registration-page">
      <section aria-labelledby="registration-title">
        <h1 id="registration-title">Create your password</h1>
        <p>Set a password to finish creating your account.</p>
        <RegistrationForm submitLabel="Create your password" action="/jsp/registration/common/account_password.jsp" initialFailure={loaderData.failure} />
      </section>
      <section aria-labelledby="registration-login-title">
        <h2 id="registration-login-title">Already have an account?</h2>
        <LoginForm />
      </section>
    </div>
  );
}
