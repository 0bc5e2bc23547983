import { useLingui } from '@lingui/react';
import { data, Form, Link, useNavigation } from 'react-router';
import { ACCOUNT_EMAIL_MESSAGES, LOGIN_MESSAGES } from '../../domain/identity-rules';
import { ResetPasswordSchema } from '../../domain/identity-schemas';
import { resetPassword } from '../../services/identity/account-emails';
import { ServiceError } from '../../services/platform/service-error';
import { statusOfKind } from '../../http/error-status';
import { metaI18n } from '../lib/i18n';
import { tokenLinkHeaders, tokenLinkLoader } from '../lib/token-link';
import type { Route } from './+types/reset-password';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { ErrorList, Field } from '../components/forms';
import { appContext } from '../context';

export const handle = { pageType: 'customer_service' };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaI18n(matches)._('Choose a new password') },
  { name: 'robots', content: 'noindex' },
];

export const headers = tokenLinkHeaders;

/** The link of the reset email opens this page; the token rides in a hidden field of the form. */
export const loader = tokenLinkLoader;

/** A plain form post (works without script): the SPEC's password rules, then the single-use token. */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const parsed = ResetPasswordSchema.safeParse({
    token: String(form.get('token') ?? ''),
    password: String(form.get('password') ?? ''),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { done: false, field: issue?.path[0] === 'password', message: issue?.message ?? LOGIN_MESSAGES.generic };
  }
  try {
    await resetPassword(ctx, parsed.data);
    return { done: true, field: false, message: ACCOUNT_EMAIL_MESSAGES.passwordReset };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const answer = { done: false, field: false, message: error.text as string };
    // A link no longer valid is the page's own answer (200, as a form's message); a throttled one is a 429.
    return error.kind === 'throttled' ? data(answer, { status: statusOfKind(error.kind) }) : answer;
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const busy = useNavigation().state === 'submitting';
  if (actionData?.done) {
    return (
      <section className="account-page">
        <h1>{i18n._('Choose a new password')}</h1>
        <p role="status">{i18n._(actionData.message)}</p>
        <p>
          <Link to="/login">{i18n._('Log in')}</Link>
        </p>
      </section>
    );
  }
  const problem = actionData && !actionData.done ? i18n._(actionData.message) : null;
  return (
    <section className="account-page">
      <h1>{i18n._('Choose a new password')}</h1>
      {problem && !actionData?.field ? (
        <p role="alert" className="alert alert--danger">
          {problem}
        </p>
      ) : null}
      <Form method="post" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <Field
          label={i18n._('New password')}
          inputProps={{ id: 'reset-password', name: 'password', type: 'password', autoComplete: 'new-password' }}
          invalid={Boolean(actionData?.field)}
          describedBy={['reset-password-rule', actionData?.field && 'reset-password-error']}
        >
          <p id="reset-password-rule" className="field-help">
            {i18n._(LOGIN_MESSAGES.passwordRule)}
          </p>
          <ErrorList id="reset-password-error" errors={actionData?.field ? problem : null} />
        </Field>
        <button type="submit" className="button button--primary" disabled={busy}>
          {i18n._('Save the new password')}
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
