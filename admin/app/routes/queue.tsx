import { Form, Link, useActionData, useLoaderData } from 'react-router';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { formatMoney } from '../../../domain/money';
import { getSite, isSiteId } from '../../../domain/sites';
import { staffMay } from '../../../domain/staff';
import { retryFailedEmail } from '../../../services/staff/access';
import { loadWorkQueue } from '../../../services/staff/work-queue';
import { FormError } from '../components/fields';
import { formFailure, requirePermission, requireStaff } from '../lib/console.server';

// /admin: the work queue (CONTRACT.md) over the sites the staff member sees.

const dateTime = new Intl.DateTimeFormat('en-AU', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Australia/Sydney',
});

const reviewDay = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'UTC' });

export async function loader(args: LoaderFunctionArgs) {
  const { ctx, member } = await requirePermission(args, 'queue.read', 'queue.read');
  const queue = await loadWorkQueue(ctx.db, ctx.clock, member, { lowStockBottles: ctx.lowStockBottles });
  const when = (d: Date | null) => (d ? `${dateTime.format(d)} (Sydney)` : null);
  return {
    toShip: { count: queue.toShip.count, oldest: when(queue.toShip.oldestPlacedAt) },
    authorised: { count: queue.authorisedNotCaptured.count, oldest: when(queue.authorisedNotCaptured.oldestPlacedAt) },
    failedEmails: queue.deadJobs?.map((job) => ({ ...job, createdAt: dateTime.format(job.createdAt) })) ?? null,
    mayRetry: staffMay(member, 'outbox.retry'),
    lowStock: { ...queue.lowStock, mayEdit: staffMay(member, 'catalogue.write') },
    reviewsWaiting: {
      count: queue.reviewsWaiting.count,
      // A review's date has no time zone of its own (the shop's server time): shown as a day.
      oldest: queue.reviewsWaiting.oldestAt ? reviewDay.format(queue.reviewsWaiting.oldestAt) : null,
      mayModerate: staffMay(member, 'reviews.write'),
    },
    sales: queue.salesToday.map((s) => ({
      siteId: s.siteId,
      orders: s.orders,
      total: isSiteId(s.siteId) ? formatMoney(s.totalCents, getSite(s.siteId)) : String(s.totalCents),
      currency: s.currency,
    })),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { ctx, staffRequest } = requireStaff(args);
  const form = await args.request.formData();
  const id = Number(form.get('job'));
  try {
    await retryFailedEmail(ctx.db, ctx.clock, staffRequest, Number.isSafeInteger(id) ? id : 0);
    return { done: `Email ${id} will be sent again shortly.` };
  } catch (error) {
    return formFailure(error);
  }
}

export const meta = () => [{ title: 'Work queue · Console' }];

export default function WorkQueue() {
  const { toShip, authorised, failedEmails, mayRetry, sales, lowStock, reviewsWaiting } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>Work queue</h1>
      {result && 'done' in result ? <p role="status">{result.done}</p> : null}
      <FormError failure={result && 'error' in result ? result : undefined} />
      <section aria-labelledby="waiting" className="cards">
        <h2 id="waiting" className="visually-hidden">
          Waiting
        </h2>
        <div className="card">
          <h3>Orders to ship</h3>
          <p className="figure">{toShip.count}</p>
          <p>{toShip.oldest ? `Oldest placed ${toShip.oldest}` : 'None waiting.'}</p>
        </div>
        <div className="card">
          <h3>Authorised, not captured</h3>
          <p className="figure">{authorised.count}</p>
          <p>{authorised.oldest ? `Oldest placed ${authorised.oldest}` : 'None waiting.'}</p>
        </div>
        <div className="card">
          <h3>{reviewsWaiting.mayModerate ? <Link to="/reviews">Reviews waiting</Link> : 'Reviews waiting'}</h3>
          <p className="figure">{reviewsWaiting.count}</p>
          <p>{reviewsWaiting.oldest ? `Oldest written ${reviewsWaiting.oldest}` : 'None waiting.'}</p>
        </div>
        <div className="card">
          <h3>Products low on stock</h3>
          <p className="figure">{lowStock.count}</p>
          {lowStock.lowest.length === 0 ? (
            <p>None at {lowStock.threshold} bottles or fewer.</p>
          ) : (
            <ul className="low-stock">
              {lowStock.lowest.map((p) => (
                <li key={p.itemCode}>
                  {lowStock.mayEdit ? <Link to={`/products/${p.itemCode}`}>{p.name}</Link> : p.name} ({p.itemCode}):{' '}
                  {p.stockBottles} {p.stockBottles === 1 ? 'bottle' : 'bottles'}
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <section aria-labelledby="sales">
        <h2 id="sales">Today’s sales</h2>
        <table>
          <caption className="visually-hidden">Orders placed today on each site, in its own currency and day</caption>
          <thead>
            <tr>
              <th scope="col">Site</th>
              <th scope="col">Orders</th>
              <th scope="col">Sales</th>
            </tr>
          </thead>
          <tbody>
            {sales.map((s) => (
              <tr key={s.siteId}>
                <th scope="row">{s.siteId}</th>
                <td>{s.orders}</td>
                <td>
                  {s.total} <span className="currency">{s.currency}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {failedEmails ? (
        <section aria-labelledby="failed">
          <h2 id="failed">Emails that could not be sent</h2>
          {failedEmails.length === 0 ? (
            <p>None.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Job</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Queued</th>
                  <th scope="col">Last error</th>
                  {mayRetry ? <th scope="col">Action</th> : null}
                </tr>
              </thead>
              <tbody>
                {failedEmails.map((job) => (
                  <tr key={job.id}>
                    <th scope="row">{job.id}</th>
                    <td>{job.kind}</td>
                    <td>{job.createdAt}</td>
                    <td>{job.lastError}</td>
                    {mayRetry ? (
                      <td>
                        <Form method="post">
                          <input type="hidden" name="job" value={job.id} />
                          <button type="submit" aria-label={`Retry email ${job.id}`}>
                            Retry
                          </button>
                        </Form>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
    </>
  );
}
