import { Form, Link, redirect, useActionData, useLoaderData } from 'react-router';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { SITE_IDS, SITES } from '../../../domain/sites';
import { staffSeesSite } from '../../../domain/staff';
import { NewVoucherSchema, VoucherListSchema } from '../../../domain/staff-vouchers';
import { createVoucher, listVouchers } from '../../../services/staff/vouchers';
import { FormError, TextField } from '../components/fields';
import { firstIssue, voucherFields, voucherValue } from '../lib/vouchers';
import { formFailure, refusalsAsPages, requireStaff } from '../lib/console.server';

// /admin/vouchers (CONTRACT.md): the codes with their uses and limits, a page at a time (each links to its page), and
// the form that makes one (a POST form: no JavaScript needed). services/staff/vouchers.ts checks and audits.

export async function loader(args: LoaderFunctionArgs) {
  const { ctx, staffRequest, member } = requireStaff(args);
  const params = new URL(args.request.url).searchParams;
  const after = VoucherListSchema.shape.after.safeParse(params.get('after') || undefined);
  const page = await refusalsAsPages(() =>
    listVouchers(ctx.db, ctx.clock, staffRequest, { after: after.success ? after.data : undefined }),
  );
  return {
    vouchers: page.vouchers.map((v) => ({
      code: v.code,
      description: v.description,
      value: voucherValue(v),
      uses: v.totalUses === null ? `${v.uses}` : `${v.uses} of ${v.totalUses}`,
      sites: v.sites ? v.sites.join(', ') : 'every site',
      active: v.active,
    })),
    nextLink: page.next ? `/vouchers?after=${encodeURIComponent(page.next)}` : null,
    sites: SITE_IDS.filter((id) => staffSeesSite(member, id)).map((id) => ({ id, currency: SITES[id].currency })),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { ctx, staffRequest } = requireStaff(args);
  const form = await args.request.formData();
  const input = NewVoucherSchema.safeParse({
    code: String(form.get('code') ?? ''),
    amount: String(form.get('amount') ?? ''),
    sites: form.getAll('sites').map(String),
    ...voucherFields(form),
  });
  if (!input.success) return firstIssue(input.error.issues);
  try {
    const made = await refusalsAsPages(() => createVoucher(ctx.db, ctx.clock, staffRequest, input.data));
    return redirect(`/vouchers/${encodeURIComponent(made.code)}?made=1`);
  } catch (error) {
    return formFailure(error);
  }
}

export const meta = () => [{ title: 'Vouchers · Console' }];

export default function Vouchers() {
  const { vouchers, nextLink, sites } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = result && 'error' in result ? { error: result.error, field: result.field ?? null } : undefined;
  const sitesInvalid = failure?.field === 'sites';
  return (
    <>
      <h1>Vouchers</h1>
      {vouchers.length === 0 ? (
        <p role="status">There are no vouchers yet.</p>
      ) : (
        <table>
          <caption className="visually-hidden">Voucher codes, by code</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Takes off</th>
              <th scope="col">Uses</th>
              <th scope="col">Sites</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {vouchers.map((v) => (
              <tr key={v.code}>
                <th scope="row">
                  <Link to={`/vouchers/${encodeURIComponent(v.code)}`}>{v.code}</Link>
                </th>
                <td>
                  {v.value}
                  <br />
                  <span className="muted">{v.description}</span>
                </td>
                <td>{v.uses}</td>
                <td>{v.sites}</td>
                <td>{v.active ? 'Active' : 'Disabled'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {nextLink ? <Link to={nextLink}>More vouchers</Link> : null}

      <section aria-labelledby="new-voucher-title">
        <h2 id="new-voucher-title">Create a voucher</h2>
        <FormError failure={failure} />
        <Form method="post" className="console-narrow" noValidate>
          <TextField
            label="Code"
            name="code"
            failure={failure}
            hint="3 to 32 letters, digits or dashes. Shoppers may type it in any case."
            autoComplete="off"
            required
          />
          <TextField
            label="Description"
            name="description"
            failure={failure}
            hint="Shoppers see it on the cart."
            required
          />
          <TextField
            label="Amount off"
            name="amount"
            failure={failure}
            hint="In the currency of the sites chosen, such as 20 or 12.50 (whole amounts for TWD)."
            inputMode="decimal"
            required
          />
          <TextField
            label="Minimum spend"
            name="minimumSpend"
            failure={failure}
            hint="The order’s subtotal must be at least this; empty for none."
            inputMode="decimal"
          />
          <div className="field">
            <label className="check">
              <input type="checkbox" name="oncePerCustomer" /> Once per customer (by account and by email)
            </label>
          </div>
          <TextField
            label="Valid from"
            name="validFrom"
            type="date"
            failure={failure}
            hint="The first day it can be used (UTC); empty: from now."
          />
          <TextField
            label="Valid until"
            name="validUntil"
            type="date"
            failure={failure}
            hint="The last day it can be used (UTC), all of that day; empty: no end."
          />
          <TextField
            label="Total uses"
            name="totalUses"
            failure={failure}
            hint="How many orders may use it in all; empty: no limit."
            inputMode="numeric"
          />
          <fieldset
            className="field"
            aria-invalid={sitesInvalid || undefined}
            aria-describedby={sitesInvalid ? 'voucher-sites-error' : 'voucher-sites-hint'}
          >
            <legend>Sites</legend>
            <p className="hint" id="voucher-sites-hint">
              One or more sites that sell in one currency: the amount is in it.
            </p>
            <div className="checks">
              {sites.map((site) => (
                <label key={site.id} className="check">
                  <input type="checkbox" name="sites" value={site.id} /> {site.id} ({site.currency})
                </label>
              ))}
            </div>
            {sitesInvalid ? (
              <p className="field-error" id="voucher-sites-error">
                {failure?.error}
              </p>
            ) : null}
          </fieldset>
          <button type="submit">Create the voucher</button>
        </Form>
      </section>
    </>
  );
}
