import type { Route } from './+types/registration';
import { LoginForm } from '../components/account/login-form';
import { RegistrationForm } from '../components/account/registration-form';

export const handle = { pageType: 'registration' };

export const meta: Route.MetaFunction = () => [{ title: 'Create an account' }, { name: 'robots', content: 'noindex' }];

export default function Registration() {
  return (
    <div className="registration-page">
      <section aria-labelledby="registration-title">
        <h1 id="registration-title">Create an account</h1>
        <RegistrationForm submitLabel="Create account" />
      </section>
      <section aria-labelledby="registration-login-title">
        <h2 id="registration-login-title">Already have an account?</h2>
        <LoginForm />
      </section>
    </div>
  );
}
