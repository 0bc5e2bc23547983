import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { amountToCents, formatMoney } from '../../../domain/money';
import type { AnalyticsEvent } from '../../../domain/page-types';
import { track } from '../../lib/analytics';
import { type Cart, CART_FLOW_FAILED, cartClient, type VoucherCookieOutcome } from '../../lib/cart-client';
import { shownText } from '../../lib/shown-text';
import type { PublicSite } from '../../lib/site';
import { ErrorList, Field } from '../forms';

// SPEC §5 cart voucher box, §4 Voucher (the form hides and a success alert shows; the outcome is tracked),
// §8 "Voucher or catalogue error" (the server's statusMessage on the field) and "Invalid voucher page".

/** The dataLayer event of a voucher outcome: the code when it applied, the message shown when not. */
export function voucherEvent(action: 'Apply Success' | 'Apply Error', label: string): AnalyticsEvent {
  return { event: 'gaEvent', eventCategory: 'Voucher', eventAction: action, eventLabel: label };
}

type CartVoucher = NonNullable<Cart['voucher']>;

/** 'Voucher WELCOME20 applied: $20.00 off your order.' (no amount while there is nothing to take it off). */
export function voucherAppliedText(i18n: I18n, voucher: CartVoucher, site: PublicSite): string {
  const off = amountToCents(voucher.discount);
  return off > 0
    ? i18n._('Voucher {code} applied: {amount} off your order.', {
        code: voucher.code,
        amount: formatMoney(off, site),
      })
    : i18n._('Voucher {code} applied.', { code: voucher.code });
}

/** Why the cart's voucher takes nothing off now (e.g. the order fell below its minimum), if it does not. */
function voucherProblem(cart: Cart): string | null {
  const list = cart.validationInformationDetails?.validationDetailsList ?? [];
  return list.find((v) => v.type === 'VOUCHER')?.message ?? null;
}

/** What became of a voucher link's code that did not apply, said politely (SPEC §8 "Invalid voucher page"). */
export function VoucherLinkNotice({ outcome }: { outcome: VoucherCookieOutcome | null }) {
  const { i18n } = useLingui();
  if (outcome?.status === 'throttled')
    return (
      <p className="notice" role="status" data-testid="voucher-link-notice">
        {shownText(i18n, outcome.message)}
      </p>
    );
  if (outcome?.status !== 'invalid') return null;
  return (
    <p className="notice" role="status" data-testid="voucher-link-notice">
      {shownText(i18n, outcome.message)} ({shownText(i18n, outcome.reason)})
    </p>
  );
}

/** The cart's voucher, when it has one: applied (a success status) or attached but not applying (why). */
export function VoucherStatus({ cart, site }: { cart: Cart; site: PublicSite }) {
  const { i18n } = useLingui();
  const voucher = cart.voucher;
  if (!voucher) return null;
  if (voucher.applied)
    return (
      <p className="notice notice--ok" role="status" id="voucher-status">
        {voucherAppliedText(i18n, voucher, site)}
      </p>
    );
  return (
    <p className="notice" role="status" id="voucher-status">
      {i18n._('Voucher {code} is on your order but takes nothing off: {reason}', {
        code: voucher.code,
        reason: shownText(i18n, voucherProblem(cart)) ?? i18n._('it does not apply.'),
      })}
    </p>
  );
}

/**
 * The voucher box of the cart page: a code field and Apply; with a voucher on the cart, its status and
 * Remove instead (one voucher per order). Every change comes back as the new cart through `onChange`.
 */
export function VoucherBox({
  cart,
  site,
  onChange,
}: {
  cart: Cart;
  site: PublicSite;
  onChange: (cart: Cart) => void | Promise<void>;
}) {
  const { i18n } = useLingui();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const voucher = cart.voucher;

  const apply = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = code.trim().toUpperCase();
    if (!value) return setError('This field is required.');
    setBusy(true);
    const result = await cartClient.applyVoucher(value);
    setBusy(false);
    if (!result.ok) {
      const message = result.message ?? CART_FLOW_FAILED;
      track(voucherEvent('Apply Error', message));
      return setError(message);
    }
    track(voucherEvent('Apply Success', value));
    setError(null);
    setCode('');
    await onChange(result.cart);
  };

  const remove = async () => {
    if (busy || !voucher) return;
    setBusy(true);
    const result = await cartClient.removeVoucher(voucher.code);
    setBusy(false);
    if (!result.ok) return setError(result.message ?? CART_FLOW_FAILED);
    setError(null);
    await onChange(result.cart);
  };

  return (
    <section className="voucher-box" aria-labelledby="voucher-title">
      <h3 id="voucher-title">{i18n._('Voucher')}</h3>
      {voucher ? (
        <>
          <VoucherStatus cart={cart} site={site} />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void remove()}
            disabled={busy}
            aria-label={i18n._('Remove voucher {code}', { code: voucher.code })}
          >
            {i18n._('Remove')}
          </button>
          <ErrorList id="voucher-error" className="help" errors={shownText(i18n, error)} />
        </>
      ) : (
        <form onSubmit={apply} noValidate aria-labelledby="voucher-title">
          <Field
            className="voucher-box__field"
            label={i18n._('Voucher code')}
            inputProps={{
              id: 'voucher-code',
              name: 'voucherCode',
              value: code,
              autoComplete: 'off',
              autoCapitalize: 'characters',
              onChange: (e) => setCode(e.target.value),
            }}
            invalid={Boolean(error)}
            describedBy={[error && 'voucher-error']}
          />
          <ErrorList id="voucher-error" className="help" errors={shownText(i18n, error)} />
          <button type="submit" className="button button--secondary" disabled={busy}>
            {i18n._('Apply')}
          </button>
        </form>
      )}
    </section>
  );
}
