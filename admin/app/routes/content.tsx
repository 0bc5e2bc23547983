import { Link, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { staffListCampaigns } from '../../../services/staff/content';
import { refusalsAsPages, requireStaff } from '../lib/console.server';

// /admin/content (CONTRACT.md): the campaigns (content/campaigns/*.json, imported into content_pages) with their
// state; each links to its page, where it is previewed, published or unpublished.

const when = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export async function loader(args: LoaderFunctionArgs) {
  const { ctx, staffRequest } = requireStaff(args);
  const rows = await refusalsAsPages(() => staffListCampaigns(ctx.db, ctx.clock, staffRequest));
  return {
    campaigns: rows.map((r) => ({
      name: r.name,
      title: r.title,
      status: r.status,
      source:
        r.statusSetBy === null
          ? 'its file'
          : `${r.statusSetBy} in the console${r.statusSetAt ? `, ${when.format(r.statusSetAt)} UTC` : ''}`,
      differs: r.status !== r.fileStatus,
    })),
  };
}

export const meta = () => [{ title: 'Campaigns · Console' }];

export default function Campaigns() {
  const { campaigns } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Campaigns</h1>
      <p className="hint">
        What a campaign says comes from its file under content/campaigns; whether it is published can be set here.
      </p>
      {campaigns.length === 0 ? (
        <p role="status">There are no campaigns: add a file under content/campaigns and import it.</p>
      ) : (
        <table>
          <caption className="visually-hidden">Campaigns by name, with their state</caption>
          <thead>
            <tr>
              <th scope="col">Campaign</th>
              <th scope="col">State</th>
              <th scope="col">Set by</th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((c) => (
              <tr key={c.name}>
                <th scope="row">
                  <Link to={`/content/${c.name}`}>{c.title}</Link> <span className="muted">({c.name})</span>
                </th>
                <td>{c.status === 'published' ? 'Published' : 'Draft'}</td>
                <td>
                  {c.source}
                  {c.differs ? <span className="muted"> (its file says otherwise)</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
