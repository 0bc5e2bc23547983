import type { Route } from './+types/registration';
import { LoginForm } from '../components/account/login-form';
import { RegistrationForm } from '../components/account/registration-form';
import { registrationFormErrorMessage } from '../../domain/identity-rules';

export const handle = { pageType: 'registration' };

/** ?error={code}: the form was posted without script and came back (SPEC §5 messages). */
export function loader({ request }: Route.LoaderArgs) {
  return { failure: registrationFormErrorMessage(new URL(request.url).searchParams.get('error')) };
}

export const meta: Route.MetaFunction = () => [{ title: 'Create an account' }, { name: 'robots', content: 'noindex' }];

export default function Registration({ loaderData }: Route.ComponentProps) {
  return (
    <div className="registration-page">
      <section aria-labelledby="registration-title">
        <h1 id="registration-title">Create an account</h1>
        <RegistrationForm submitLabel="Create account" action="/registration" initialFailure={loaderData.failure} />
      </section>
      <section aria-labelledby="registration-login-title">
        <h2 id="registration-login-title">Already have an account?</h2>
        <LoginForm />
      </section>
    </div>
  );
}
