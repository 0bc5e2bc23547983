import { Form, Link, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { listAudit } from '../../../services/staff/audit';
import { requirePermission } from '../lib/console.server';

// /admin/audit (owner): the audit log, newest first, filtered by person, record and date with a GET form; paged.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requirePermission(args, 'audit.read', 'audit.read');
  const params = new URL(args.request.url).searchParams;
  const text = (name: string, max: number) => (params.get(name) ?? '').trim().slice(0, max);
  const filters = {
    actor: text('actor', 254).toLowerCase(),
    recordType: text('recordType', 40),
    recordId: text('recordId', 80),
    from: text('from', 10),
    until: text('until', 10),
  };
  const before = Number(params.get('before'));
  const page = await listAudit(ctx.db, {
    actor: filters.actor || undefined,
    recordType: filters.recordType || undefined,
    recordId: filters.recordId || undefined,
    from: DAY.test(filters.from) ? new Date(`${filters.from}T00:00:00Z`) : undefined,
    until: DAY.test(filters.until)
      ? new Date(new Date(`${filters.until}T00:00:00Z`).getTime() + 86_400_000)
      : undefined,
    beforeId: Number.isSafeInteger(before) && before > 0 ? before : undefined,
  });
  const older = new URLSearchParams(Object.entries(filters).filter(([, v]) => v));
  if (page.nextBeforeId) older.set('before', String(page.nextBeforeId));
  return {
    filters,
    entries: page.entries.map((e) => ({
      id: e.id,
      at: e.at.toISOString().replace('T', ' ').slice(0, 19),
      actor: e.actor,
      address: e.address,
      action: e.action,
      record: e.recordType ? `${e.recordType}${e.recordId ? ` ${e.recordId}` : ''}` : '',
      outcome: e.outcome,
      change: [e.before ? `before ${JSON.stringify(e.before)}` : '', e.after ? `after ${JSON.stringify(e.after)}` : '']
        .filter(Boolean)
        .join('; '),
    })),
    olderLink: page.nextBeforeId ? `/audit?${older}` : null,
  };
}

export const meta = () => [{ title: 'Audit log · Console' }];

export default function Audit() {
  const { filters, entries, olderLink } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Audit log</h1>
      <Form method="get" className="filters" aria-label="Filter the audit log">
        <div className="field">
          <label htmlFor="audit-actor">Person (email)</label>
          <input id="audit-actor" name="actor" type="search" defaultValue={filters.actor} />
        </div>
        <div className="field">
          <label htmlFor="audit-type">Record type</label>
          <input id="audit-type" name="recordType" defaultValue={filters.recordType} />
        </div>
        <div className="field">
          <label htmlFor="audit-id">Record id</label>
          <input id="audit-id" name="recordId" defaultValue={filters.recordId} />
        </div>
        <div className="field">
          <label htmlFor="audit-from">From</label>
          <input id="audit-from" name="from" type="date" defaultValue={filters.from} />
        </div>
        <div className="field">
          <label htmlFor="audit-until">Until</label>
          <input id="audit-until" name="until" type="date" defaultValue={filters.until} />
        </div>
        <button type="submit">Filter</button>
      </Form>
      {entries.length === 0 ? (
        <p>No entries match.</p>
      ) : (
        <table>
          <caption className="visually-hidden">Audit entries, newest first (times in UTC)</caption>
          <thead>
            <tr>
              <th scope="col">When (UTC)</th>
              <th scope="col">Who</th>
              <th scope="col">From</th>
              <th scope="col">What</th>
              <th scope="col">Record</th>
              <th scope="col">Outcome</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{e.at}</td>
                <td>{e.actor}</td>
                <td>{e.address}</td>
                <th scope="row">{e.action}</th>
                <td>{e.record}</td>
                <td>{e.outcome === 'done' ? 'Done' : 'Refused'}</td>
                <td>
                  <code>{e.change}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {olderLink ? <Link to={olderLink}>Older entries</Link> : null}
    </>
  );
}
