import { useLingui } from '@lingui/react';
import { redirect } from 'react-router';
import { formErrorMessage, LOGIN_FORM_ERRORS } from '../../domain/identity-form-errors';
import { safeRedirectTarget } from '../../domain/safe-redirect';
import { metaI18n } from '../lib/i18n';
import type { Route } from './+types/login';
import { LoginForm } from '../components/account/login-form';
import { appContext } from '../context';

export const handle = { pageType: 'account_new' };

const MAX_TITLE = 120;

/** /login?redirectingURL=…&pageTitle=… (CONTRACT.md): the login form as a page. */
export function loader({ context, request }: Route.LoaderArgs) {
  const { site, visitor, origin } = context.get(appContext);
  const query = new URL(request.url).searchParams;
  const target = safeRedirectTarget(query.get('redirectingURL'), origin);
  // Already fully logged in: nothing to do here.
  if (visitor.tier === 'Hard Logged-In') throw redirect(target ?? '/account');
  const defaultTitle = `Login ${site.brand.name}`;
  const pageTitle = query.get('pageTitle')?.trim().slice(0, MAX_TITLE) || defaultTitle;
  return {
    pageTitle,
    // The usual title (the one loginPath() asks for) is shown in the site's language; another stays as asked.
    brandTitle: pageTitle === defaultTitle ? site.brand.name : null,
    redirectingURL: target ?? undefined,
    failure: formErrorMessage(LOGIN_FORM_ERRORS, query.get('error')),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    // The usual title in the site's language, like the heading; another stays as asked.
    title: !loaderData
      ? metaI18n(matches)._('Login')
      : loaderData.brandTitle === null
        ? loaderData.pageTitle
        : metaI18n(matches)._('Login {brand}', { brand: loaderData.brandTitle }),
  },
  { name: 'robots', content: 'noindex' },
];

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export default function Login({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { brandTitle } = loaderData;
  return (
    <section className="account-page">
      <h1>{brandTitle === null ? loaderData.pageTitle : i18n._('Login {brand}', { brand: brandTitle })}</h1>
      <LoginForm redirectingURL={loaderData.redirectingURL} initialFailure={loaderData.failure} />
      <p>
        {i18n._('New here?')} <a href="/registration">{i18n._('Create an account')}</a>
      </p>
    </section>
  );
}
