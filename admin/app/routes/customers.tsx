import { Form, Link, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { CustomerSearchSchema } from '../../../domain/staff-customer-schemas';
import { searchCustomers } from '../../../services/staff/customers';
import { refusalsAsPages, requireStaff } from '../lib/console.server';

// /admin/customers (CONTRACT.md): search by email or name with a GET form (a search is a link), newest first, a page
// at a time; each customer links to their page. A site-limited account finds only its sites' customers.

const since = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'UTC' });

export async function loader(args: LoaderFunctionArgs) {
  const { ctx, staffRequest } = requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  const q = (params.get('q') ?? '').trim().slice(0, 254);
  const after = CustomerSearchSchema.shape.after.safeParse(params.get('after') || undefined);
  const page = await refusalsAsPages(() =>
    searchCustomers(ctx.db, ctx.clock, staffRequest, {
      q: q || undefined,
      after: after.success ? after.data : undefined,
    }),
  );
  const next = new URLSearchParams(q ? { q } : {});
  if (page.next) next.set('after', String(page.next));
  return {
    q,
    customers: page.customers.map((c) => ({ ...c, createdAt: since.format(new Date(c.createdAt)) })),
    nextLink: page.next ? `/customers?${next}` : null,
  };
}

export const meta = () => [{ title: 'Customers · Console' }];

export default function Customers() {
  const { q, customers, nextLink } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Customers</h1>
      <Form method="get" className="filters" aria-label="Search customers">
        <div className="field">
          <label htmlFor="customers-q">Email or name</label>
          <p className="hint" id="customers-q-hint">
            An email address, a last name, a first and last name, or a customer number such as #42.
          </p>
          <input id="customers-q" name="q" type="search" defaultValue={q} aria-describedby="customers-q-hint" />
        </div>
        <button type="submit">Search</button>
      </Form>
      {customers.length === 0 ? (
        <p role="status">{q ? 'No customers match.' : 'There are no customers yet.'}</p>
      ) : (
        <table>
          <caption className="visually-hidden">{q ? `Customers matching “${q}”` : 'Customers'}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Customer</th>
              <th scope="col">Email</th>
              <th scope="col">Orders</th>
              <th scope="col">Customer since</th>
            </tr>
          </thead>
          <tbody>
            {customers.map((c) => (
              <tr key={c.id}>
                <th scope="row">
                  <Link to={`/customers/${c.id}`}>{c.erased ? `Erased customer #${c.id}` : c.name}</Link>
                </th>
                <td>{c.email}</td>
                <td>{c.orders}</td>
                <td>{c.createdAt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {nextLink ? <Link to={nextLink}>Older customers</Link> : null}
    </>
  );
}
