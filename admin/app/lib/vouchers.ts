import { formatMoney } from '../../../domain/money';
import { getSite, isSiteId } from '../../../domain/sites';
import type { VoucherView } from '../../../services/staff/vouchers';

// What the console's voucher pages share: a voucher's amount as its shoppers read it, and the forms' fields.

/** A voucher's amount off as its shoppers read it. */
export function voucherValue(v: Pick<VoucherView, 'kind' | 'value' | 'currency' | 'sites'>): string {
  if (v.kind === 'percent') return `${v.value}% off`;
  const siteId = v.sites?.[0];
  if (siteId && isSiteId(siteId)) return `${formatMoney(v.value, getSite(siteId))} off`;
  return `${(v.value / 100).toFixed(2)}${v.currency ? ` ${v.currency}` : ''} off`;
}

/** A form's fields as the voucher schemas read them (checkboxes are there when ticked). */
export function voucherFields(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '');
  return {
    description: text('description'),
    minimumSpend: text('minimumSpend'),
    oncePerCustomer: form.get('oncePerCustomer') === 'on',
    validFrom: text('validFrom'),
    validUntil: text('validUntil'),
    totalUses: text('totalUses'),
  };
}

/** The first problem of a form's input, beside its field. */
export function firstIssue(issues: readonly { message: string; path: readonly PropertyKey[] }[]) {
  const issue = issues[0];
  return { error: issue?.message ?? 'Please check the form.', field: String(issue?.path[0] ?? ''), code: 'invalid' };
}
