import { Form, Link, useActionData, useLoaderData } from 'react-router';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { formatMoney } from '../../../domain/money';
import { getSite, isSiteId } from '../../../domain/sites';
import { VoucherChangeSchema, VoucherUsesPageSchema } from '../../../domain/staff-vouchers';
import { changeVoucher, loadVoucher, setVoucherActive } from '../../../services/staff/vouchers';
import { FormError, TextField } from '../components/fields';
import { formFailure, refusalsAsPages, requireStaff } from '../lib/console.server';
import { firstIssue, voucherFields, voucherValue } from '../lib/vouchers';

// /admin/vouchers/{code} (CONTRACT.md): a voucher, its uses (who, which order, when) a page at a time, the form that
// changes its description, dates and limits, and disable or enable; each a POST form (no JavaScript needed).

const when = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export async function loader(args: LoaderFunctionArgs) {
  const { ctx, staffRequest } = requireStaff(args);
  const url = new URL(args.request.url);
  const before = VoucherUsesPageSchema.shape.before.safeParse(url.searchParams.get('before') || undefined);
  const code = args.params.code ?? '';
  const page = await refusalsAsPages(() =>
    loadVoucher(ctx.db, ctx.clock, staffRequest, code, { before: before.success ? before.data : undefined }),
  );
  const v = page.voucher;
  const siteId = v.sites?.[0];
  const money = (cents: number) =>
    siteId && isSiteId(siteId)
      ? formatMoney(cents, getSite(siteId))
      : `${(cents / 100).toFixed(2)} ${v.currency ?? ''}`;
  return {
    made: url.searchParams.get('made') === '1',
    voucher: {
      ...v,
      valueText: voucherValue(v),
      minimum: v.minimumSubtotalCents > 0 ? money(v.minimumSubtotalCents) : 'none',
      minimumInput: v.minimumSubtotalCents > 0 ? (v.minimumSubtotalCents / 100).toFixed(2) : '',
      usesText: v.totalUses === null ? `${v.uses} (no limit)` : `${v.uses} of ${v.totalUses}`,
      sitesText: v.sites ? v.sites.join(', ') : 'every site',
      createdAt: v.createdAt ? when.format(new Date(v.createdAt)) : null,
    },
    uses: page.uses.map((u) => ({ ...u, usedAt: `${when.format(new Date(u.usedAt))} UTC` })),
    nextLink: page.nextBefore ? `/vouchers/${encodeURIComponent(v.code)}?before=${page.nextBefore}` : null,
  };
}

export async function action(args: ActionFunctionArgs) {
  const { ctx, staffRequest } = requireStaff(args);
  const code = args.params.code ?? '';
  const form = await args.request.formData();
  const intent = String(form.get('intent') ?? '');
  try {
    if (intent === 'disable' || intent === 'enable') {
      await refusalsAsPages(() => setVoucherActive(ctx.db, ctx.clock, staffRequest, code, intent === 'enable'));
      return { done: intent === 'enable' ? 'The voucher is enabled again.' : 'The voucher is disabled.' };
    }
    const input = VoucherChangeSchema.safeParse(voucherFields(form));
    if (!input.success) return firstIssue(input.error.issues);
    await refusalsAsPages(() => changeVoucher(ctx.db, ctx.clock, staffRequest, code, input.data));
    return { done: 'The voucher was changed.' };
  } catch (error) {
    return formFailure(error);
  }
}

export const meta = ({ params }: { params: { code?: string } }) => [
  { title: `Voucher ${params.code ?? ''} · Console` },
];

export default function Voucher() {
  const { voucher: v, uses, nextLink, made } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = result && 'error' in result ? { error: result.error, field: result.field ?? null } : undefined;
  const done = result && 'done' in result ? result.done : made ? 'The voucher was created.' : null;
  return (
    <>
      <p>
        <Link to="/vouchers">← Vouchers</Link>
      </p>
      <h1>Voucher {v.code}</h1>
      {done ? (
        <p role="status" className="notice">
          {done}
        </p>
      ) : null}
      <dl className="details">
        <dt>State</dt>
        <dd>{v.active ? 'Active' : 'Disabled: the cart answers it as an unknown code'}</dd>
        <dt>Description</dt>
        <dd>{v.description}</dd>
        <dt>Takes off</dt>
        <dd>{v.valueText}</dd>
        <dt>Minimum spend</dt>
        <dd>{v.minimum}</dd>
        <dt>Once per customer</dt>
        <dd>{v.oncePerCustomer ? 'Yes' : 'No'}</dd>
        <dt>Valid</dt>
        <dd>
          {v.validFrom ? `from ${v.validFrom}` : 'from now'} {v.validUntil ? `until the end of ${v.validUntil}` : ''}{' '}
          (UTC)
        </dd>
        <dt>Uses</dt>
        <dd>{v.usesText}</dd>
        <dt>Sites</dt>
        <dd>{v.sitesText}</dd>
        {v.createdBy ? (
          <>
            <dt>Created by</dt>
            <dd>
              {v.createdBy}
              {v.createdAt ? `, ${v.createdAt} UTC` : ''}
            </dd>
          </>
        ) : null}
      </dl>

      <section aria-labelledby="uses-title">
        <h2 id="uses-title">Uses</h2>
        {uses.length === 0 ? (
          <p>No order has used it yet.</p>
        ) : (
          <table>
            <caption className="visually-hidden">Orders that used {v.code}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Who</th>
                <th scope="col">Order</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {uses.map((u) => (
                <tr key={u.id}>
                  <td>
                    {u.customerId !== null ? <Link to={`/customers/${u.customerId}`}>{u.email}</Link> : u.email}
                    {u.customerId === null ? ' (guest)' : ''}
                  </td>
                  <td>{u.orderNumber ? <Link to={`/orders/${u.orderNumber}`}>{u.orderNumber}</Link> : '—'}</td>
                  <td>{u.usedAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {nextLink ? <Link to={nextLink}>Older uses</Link> : null}
      </section>

      <section aria-labelledby="change-title">
        <h2 id="change-title">Change its dates and limits</h2>
        <FormError failure={failure} />
        <Form method="post" className="console-narrow" noValidate>
          <input type="hidden" name="intent" value="change" />
          <TextField label="Description" name="description" failure={failure} defaultValue={v.description} required />
          <TextField
            label="Minimum spend"
            name="minimumSpend"
            failure={failure}
            hint="Empty for none."
            inputMode="decimal"
            defaultValue={v.minimumInput}
          />
          <div className="field">
            <label className="check">
              <input type="checkbox" name="oncePerCustomer" defaultChecked={v.oncePerCustomer} /> Once per customer
            </label>
          </div>
          <TextField label="Valid from" name="validFrom" type="date" failure={failure} defaultValue={v.validFrom} />
          <TextField
            label="Valid until"
            name="validUntil"
            type="date"
            failure={failure}
            hint="The last day it can be used (UTC)."
            defaultValue={v.validUntil}
          />
          <TextField
            label="Total uses"
            name="totalUses"
            failure={failure}
            hint="Empty: no limit."
            inputMode="numeric"
            defaultValue={v.totalUses === null ? '' : String(v.totalUses)}
          />
          <button type="submit">Save the changes</button>
        </Form>
      </section>

      <section aria-labelledby="state-title">
        <h2 id="state-title">{v.active ? 'Disable' : 'Enable'}</h2>
        <Form method="post">
          <input type="hidden" name="intent" value={v.active ? 'disable' : 'enable'} />
          <button type="submit" className={v.active ? 'secondary' : undefined}>
            {v.active ? 'Disable this voucher' : 'Enable this voucher again'}
          </button>
        </Form>
      </section>
    </>
  );
}
