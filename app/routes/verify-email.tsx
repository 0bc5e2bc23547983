import { useLingui } from '@lingui/react';
import { Form, Link } from 'react-router';
import { ACCOUNT_EMAIL_MESSAGES } from '../../domain/identity-rules';
import { VerifyEmailSchema } from '../../domain/identity-schemas';
import { verifyEmail } from '../../services/identity/account-emails';
import { ServiceError } from '../../services/platform/service-error';
import { metaI18n } from '../lib/i18n';
import { tokenLinkHeaders, tokenLinkLoader } from '../lib/token-link';
import type { Route } from './+types/verify-email';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { appContext } from '../context';
import { GENERIC_ERRORS } from '../../domain/errors';

export const handle = { pageType: 'customer_service' };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaI18n(matches)._('Confirm your email address') },
  { name: 'robots', content: 'noindex' },
];

export const headers = tokenLinkHeaders;

/** The link of the verification email opens this page; the address is confirmed by its button (a post). */
export const loader = tokenLinkLoader;

/**
 * NOTE: confirming is a post, not the link's GET: mail scanners open links, and the token is single-use.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const parsed = VerifyEmailSchema.safeParse({ token: String((await request.formData()).get('token') ?? '') });
  try {
    if (!parsed.success) throw new ServiceError(GENERIC_ERRORS.invalid, ACCOUNT_EMAIL_MESSAGES.invalidLink);
    await verifyEmail(ctx.db, ctx.clock, parsed.data.token);
    return { verified: true, message: ACCOUNT_EMAIL_MESSAGES.verified };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return { verified: false, message: ACCOUNT_EMAIL_MESSAGES.invalidLink };
  }
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <section className="account-page">
      <h1>{i18n._('Confirm your email address')}</h1>
      {actionData ? (
        <>
          <p role={actionData.verified ? 'status' : 'alert'}>{i18n._(actionData.message)}</p>
          <p>
            <Link to="/account">{i18n._('Go to your account')}</Link>
          </p>
        </>
      ) : (
        <Form method="post">
          <input type="hidden" name="token" value={loaderData.token} />
          <p>{i18n._('Confirm that this email address is yours, and see the orders you placed with it as a guest.')}</p>
          <button type="submit" className="button button--primary">
            {i18n._('Confirm my email address')}
          </button>
        </Form>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
