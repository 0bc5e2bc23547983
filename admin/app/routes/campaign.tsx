import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { CampaignNameSchema } from '../../../domain/content';
import { CampaignStatusSchema, campaignPreviewPath } from '../../../domain/staff-moderation';
import { staffCampaign, staffSetCampaignStatus } from '../../../services/staff/content';
import { FormError } from '../components/fields';
import { formFailure, refusalsAsPages, requireStaff } from '../lib/console.server';

// /admin/content/{name} (CONTRACT.md): a campaign's state, a preview of it as a shopper would see it (the
// storefront's own campaign page, which shows a draft only to a signed-in staff member: decision 046), and publish or
// unpublish as a POST form.

const when = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function nameOf(params: { name?: string }): string {
  const name = CampaignNameSchema.safeParse(params.name ?? '');
  // An impossible name is a campaign that does not exist (the service answers 404 for it).
  return name.success ? name.data : '-';
}

export async function loader(args: LoaderFunctionArgs & { params: { name?: string } }) {
  const { ctx, staffRequest } = requireStaff(args);
  const row = await refusalsAsPages(() => staffCampaign(ctx.db, ctx.clock, staffRequest, nameOf(args.params)));
  return {
    name: row.name,
    title: row.title,
    heading: row.campaign.hero.heading,
    description: row.campaign.description,
    products: row.campaign.products,
    status: row.status,
    fileStatus: row.fileStatus,
    setBy: row.statusSetBy,
    setAt: row.statusSetAt ? `${when.format(row.statusSetAt)} UTC` : null,
    previewPath: campaignPreviewPath(row.name),
    shopPath: `/campaign?${new URLSearchParams({ name: row.name })}`,
  };
}

export async function action(args: ActionFunctionArgs & { params: { name?: string } }) {
  const { ctx, staffRequest } = requireStaff(args);
  const form = await args.request.formData();
  const input = CampaignStatusSchema.safeParse({ status: form.get('status') });
  if (!input.success) return { error: input.error.issues[0]?.message ?? '', field: 'status', code: 'invalid' };
  const { status } = input.data;
  try {
    const result = await refusalsAsPages(() =>
      staffSetCampaignStatus(ctx.db, ctx.clock, staffRequest, nameOf(args.params), status),
    );
    if (!result.changed) return { done: `Nothing changed: the campaign was ${status} already.` };
    return {
      done:
        status === 'published'
          ? 'Published: shoppers see the campaign now.'
          : 'Unpublished: the campaign is a draft again and shoppers no longer see it.',
    };
  } catch (error) {
    return formFailure(error);
  }
}

export const meta = ({ params }: { params: { name?: string } }) => [
  { title: `Campaign ${params.name ?? ''} · Console` },
];

export default function Campaign() {
  const c = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const failure = result && 'error' in result ? { error: result.error ?? '', field: result.field ?? null } : undefined;
  const published = c.status === 'published';
  return (
    <>
      <p>
        <Link to="/content">← Campaigns</Link>
      </p>
      <h1>{c.title}</h1>
      {result && 'done' in result ? (
        <p role="status" className="notice">
          {result.done}
        </p>
      ) : null}
      <FormError failure={failure} />
      <dl className="totals">
        <div>
          <dt>Name</dt>
          <dd>{c.name}</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>{published ? 'Published' : 'Draft'}</dd>
        </div>
        <div>
          <dt>Set by</dt>
          <dd>{c.setBy ? `${c.setBy}${c.setAt ? `, ${c.setAt}` : ''}` : 'its file'}</dd>
        </div>
        <div>
          <dt>Its file says</dt>
          <dd>{c.fileStatus === 'published' ? 'Published' : 'Draft'}</dd>
        </div>
      </dl>
      {c.setBy && c.status !== c.fileStatus ? (
        <p className="hint">
          The state set here is kept when the files are imported again, until the file says the same.
        </p>
      ) : null}
      <h2>{c.heading}</h2>
      <p>{c.description}</p>
      <p className="muted">Wines: {c.products.join(', ')}</p>
      <p className="action-row">
        {/* A page of the storefront, not of the console: a plain link. */}
        <a href={c.previewPath}>Preview as a shopper sees it</a>
        {published ? <a href={c.shopPath}>Open the shop’s page</a> : null}
      </p>
      <Form method="post" className="action-form">
        <input type="hidden" name="status" value={published ? 'draft' : 'published'} />
        <button type="submit" disabled={busy} className={published ? 'secondary' : undefined}>
          {published ? 'Unpublish' : 'Publish'}
        </button>
      </Form>
    </>
  );
}
