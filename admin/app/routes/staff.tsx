import { Form, useActionData, useLoaderData } from 'react-router';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { SITE_IDS, type SiteId } from '../../../domain/sites';
import { STAFF_ROLES } from '../../../domain/staff';
import { addStaff, disableStaff, listStaff, resetStaff, setupLinkOf } from '../../../services/staff/staff-accounts';
import { FormError, TextField } from '../components/fields';
import { formFailure, refusalsAsPages, requirePermission, requireStaff } from '../lib/console.server';
import { requireStaffPermission } from '../../../services/staff/access';
import { NewStaffSchema } from '../../../domain/staff-schemas';

// /admin/staff (owner): the staff accounts; add one (its one-time set-up link is shown once), disable, reset.

export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requirePermission(args, 'staff.manage', 'staff.list');
  const accounts = await listStaff(ctx.db);
  return { accounts: accounts.map((a) => ({ ...a, createdAt: a.createdAt.toISOString().slice(0, 10) })) };
}

export async function action(args: ActionFunctionArgs) {
  const { ctx, staffRequest } = requireStaff(args);
  const form = await args.request.formData();
  const intent = String(form.get('intent') ?? '');
  const email = String(form.get('email') ?? '');
  const link = (token: string) => setupLinkOf(ctx.origin, token);
  try {
    const action = intent === 'add' ? 'staff.add' : intent === 'reset' ? 'staff.reset' : 'staff.disable';
    const by = await refusalsAsPages(() =>
      requireStaffPermission(ctx.db, ctx.clock, staffRequest, 'staff.manage', { action, recordType: 'staff' }),
    );
    if (intent === 'add') {
      const input = NewStaffSchema.safeParse({ email, role: form.get('role'), sites: form.getAll('sites') });
      if (!input.success) {
        const issue = input.error.issues[0];
        return { error: issue?.message ?? '', field: String(issue?.path[0] ?? 'email'), code: 'invalid' };
      }
      const { account, setupToken } = await addStaff(
        ctx.db,
        ctx.clock,
        { ...input.data, sites: input.data.sites as SiteId[] },
        by,
      );
      return { done: `${account.email} was added. Send them this one-time set-up link:`, link: link(setupToken) };
    }
    if (intent === 'reset') {
      const { account, setupToken } = await resetStaff(ctx.db, ctx.clock, email, by);
      return {
        done: `${account.email} must set up again: their password and authenticator no longer work. Their new link:`,
        link: link(setupToken),
      };
    }
    const account = await disableStaff(ctx.db, ctx.clock, email, by);
    return { done: `${account.email} is disabled and signed out.`, link: null };
  } catch (error) {
    return formFailure(error);
  }
}

export const meta = () => [{ title: 'Staff · Console' }];

export default function Staff() {
  const { accounts } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = result?.error ? { error: result.error, field: result.field ?? null } : undefined;
  return (
    <>
      <h1>Staff</h1>
      {result && 'done' in result ? (
        <div role="status" className="notice">
          <p>{result.done}</p>
          {result.link ? (
            <p>
              <code>{result.link}</code>
            </p>
          ) : null}
        </div>
      ) : null}
      <FormError failure={failure} />
      <table>
        <caption className="visually-hidden">Staff accounts</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Sites</th>
            <th scope="col">State</th>
            <th scope="col">Added</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((a) => (
            <tr key={a.id}>
              <th scope="row">{a.email}</th>
              <td>{a.role}</td>
              <td>{a.sites.length ? a.sites.join(', ') : 'All sites'}</td>
              <td>{a.state === 'pending' ? 'Set-up pending' : a.state === 'active' ? 'Active' : 'Disabled'}</td>
              <td>{a.createdAt}</td>
              <td className="actions">
                {a.state === 'disabled' ? null : (
                  <>
                    <Form method="post">
                      <input type="hidden" name="email" value={a.email} />
                      <button type="submit" name="intent" value="reset" aria-label={`Reset ${a.email}`}>
                        Reset
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="email" value={a.email} />
                      <button type="submit" name="intent" value="disable" aria-label={`Disable ${a.email}`}>
                        Disable
                      </button>
                    </Form>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 id="add-staff">Add a staff member</h2>
      <Form method="post" noValidate aria-labelledby="add-staff" className="console-narrow">
        <input type="hidden" name="intent" value="add" />
        <TextField label="Email" name="email" type="email" autoComplete="off" failure={failure} />
        <div className="field">
          <label htmlFor="new-role">Role</label>
          <select id="new-role" name="role" defaultValue="support">
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="field">
          <legend>Limited to these sites (none: every site)</legend>
          <div className="checks">
            {SITE_IDS.map((site) => (
              <label key={site} className="check">
                <input type="checkbox" name="sites" value={site} /> {site}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit">Add and make a set-up link</button>
      </Form>
    </>
  );
}
