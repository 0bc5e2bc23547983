import { data, Form, redirect, useActionData, useLoaderData } from 'react-router';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { STAFF_PASSWORD_MIN } from '../../../domain/staff';
import { StaffSetupSchema } from '../../../domain/staff-schemas';
import { completeSetup } from '../../../services/staff/staff-accounts';
import { consoleContext } from '../context';
import { FormError, TextField } from '../components/fields';
import { formFailure } from '../lib/console.server';
import { setupPage } from '../lib/setup.server';

// /admin/setup?token=… (the one-time set-up link of `npm run staff -- add|reset`): a new password, and the
// authenticator enrolled from a QR code (or the otpauth:// address, or the secret typed in), proved by a code.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx } = context.get(consoleContext);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return setupPage(ctx, token);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx } = context.get(consoleContext);
  const form = await request.formData();
  const input = StaffSetupSchema.safeParse(
    Object.fromEntries(['token', 'password', 'confirmPassword', 'code'].map((k) => [k, String(form.get(k) ?? '')])),
  );
  if (!input.success) {
    const issue = input.error.issues[0];
    return data({ error: issue?.message ?? '', field: String(issue?.path[0] ?? 'password'), code: 'invalid' }, 400);
  }
  try {
    await completeSetup(ctx.db, ctx.clock, ctx.staffKey, input.data, {
      passwordCost: ctx.passwordCost,
      address: ctx.clientAddress,
    });
  } catch (error) {
    return formFailure(error);
  }
  return redirect('/login?setup=done');
}

export const meta = () => [{ title: 'Set up your account · Console' }];

export default function Setup() {
  const { email, secret, otpauthUri, qrImage, token } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <main id="main" className="console-main console-narrow">
      <h1>Set up your console account</h1>
      <p>
        This link sets up <strong>{email}</strong> once. Choose a password, then add the console to your authenticator
        app and enter the code it shows.
      </p>
      <FormError failure={failure} />
      <Form method="post" noValidate>
        <input type="hidden" name="token" value={token} />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={STAFF_PASSWORD_MIN}
          hint={`At least ${STAFF_PASSWORD_MIN} characters.`}
          failure={failure}
        />
        <TextField
          label="New password again"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          failure={failure}
        />
        <h2>Your authenticator</h2>
        <figure className="qr">
          <img src={qrImage} alt="QR code of the console account for an authenticator app" width={192} height={192} />
          <figcaption>Scan it with your authenticator app, or enter the secret below.</figcaption>
        </figure>
        <dl className="secret">
          <dt>Secret</dt>
          <dd>
            <code>{secret}</code>
          </dd>
          <dt>Set-up address</dt>
          <dd>
            <a href={otpauthUri}>{otpauthUri}</a>
          </dd>
        </dl>
        <TextField
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          hint="The 6-digit code your app shows now."
          failure={failure}
        />
        <button type="submit">Set up my account</button>
      </Form>
    </main>
  );
}
