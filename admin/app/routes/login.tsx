import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { StaffCodeSchema, StaffSignInSchema } from '../../../domain/staff-schemas';
import { staffCodeStep, staffPasswordStep } from '../../../services/staff/staff-sign-in';
import { consoleContext } from '../context';
import { FormError, TextField } from '../components/fields';
import { formFailure, safeNext, staffCookie } from '../lib/console.server';

// /admin/login (CONTRACT.md): Email and Password, then the Authentication code. Each step is a form that posts here
// and works without JavaScript.

export function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = context.get(consoleContext);
  const url = new URL(request.url);
  if (staff) throw redirect(safeNext(url.searchParams.get('next')));
  return {
    step: url.searchParams.get('step') === 'code' ? ('code' as const) : ('password' as const),
    next: safeNext(url.searchParams.get('next')),
    setUp: url.searchParams.get('setup') === 'done',
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, sessionToken } = context.get(consoleContext);
  const form = await request.formData();
  const next = safeNext(String(form.get('next') ?? ''));
  try {
    if (form.get('step') === 'code') {
      const input = StaffCodeSchema.safeParse({ code: form.get('code') ?? '' });
      if (!input.success)
        return data({ error: input.error.issues[0]?.message ?? '', field: 'code', code: 'invalid' }, 400);
      const { token } = await staffCodeStep(
        ctx.db,
        ctx.clock,
        ctx.staffKey,
        { token: sessionToken, code: input.data.code },
        { address: ctx.clientAddress },
      );
      return redirect(next, { headers: { 'Set-Cookie': staffCookie(ctx, token) } });
    }
    const input = StaffSignInSchema.safeParse({ email: form.get('email') ?? '', password: form.get('password') ?? '' });
    if (!input.success) {
      const issue = input.error.issues[0];
      return data({ error: issue?.message ?? '', field: String(issue?.path[0] ?? 'email'), code: 'invalid' }, 400);
    }
    const { token } = await staffPasswordStep(ctx.db, ctx.clock, input.data, {
      address: ctx.clientAddress,
      passwordCost: ctx.passwordCost,
    });
    const to = `/login?step=code${next === '/' ? '' : `&next=${encodeURIComponent(next)}`}`;
    return redirect(to, { headers: { 'Set-Cookie': staffCookie(ctx, token) } });
  } catch (error) {
    return formFailure(error);
  }
}

export const meta = () => [{ title: 'Sign in · Console' }];

export default function Login() {
  const { step, next, setUp } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  // A sign-in that took too long starts again at the password.
  const codeStep = step === 'code' && failure?.code !== 'staff.code_expired';
  return (
    <main id="main" className="console-main console-narrow">
      <h1>Sign in to the console</h1>
      {setUp && !failure ? <p role="status">Your account is set up. Sign in with your new password.</p> : null}
      <FormError failure={failure} />
      {codeStep ? (
        <Form method="post" noValidate key="code">
          <input type="hidden" name="step" value="code" />
          <input type="hidden" name="next" value={next} />
          <p>Enter the 6-digit code your authenticator app shows for the console.</p>
          <TextField
            label="Authentication code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            failure={failure}
            autoFocus
          />
          <button type="submit" disabled={busy}>
            Sign in
          </button>
          <p>
            <Link to="/login">Start again</Link>
          </p>
        </Form>
      ) : (
        <Form method="post" noValidate key="password">
          <input type="hidden" name="step" value="password" />
          <input type="hidden" name="next" value={next} />
          <TextField label="Email" name="email" type="email" autoComplete="username" failure={failure} />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            failure={failure}
          />
          <button type="submit" disabled={busy}>
            Continue
          </button>
        </Form>
      )}
    </main>
  );
}
