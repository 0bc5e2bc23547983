import { redirect } from 'react-router';
import type { ActionFunctionArgs } from 'react-router';
import { staffSignOut } from '../../../services/staff/staff-sign-in';
import { consoleContext } from '../context';
import { staffCookie } from '../lib/console.server';

// Sign out: a POST (the layout's button); the session ends on the server and its cookie is cleared.

export function loader() {
  return redirect('/');
}

export async function action({ context }: ActionFunctionArgs) {
  const { ctx, sessionToken } = context.get(consoleContext);
  await staffSignOut(ctx.db, sessionToken);
  return redirect('/login', { headers: { 'Set-Cookie': staffCookie(ctx, null) } });
}
