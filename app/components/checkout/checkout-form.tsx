import { Trans, useLingui } from '@lingui/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { CHECKOUT_MESSAGES, type CheckoutActionData } from '../../../domain/checkout';

import { HK_DISTRICT_REGIONS } from '../../../domain/hk-districts';
import { formatAmount, formatMoney } from '../../../domain/money';
import { UNLIMITED_ITEM_CODES } from '../../../domain/unlimited';
import { requestApi } from '../../lib/api-request';
import type { Cart } from '../../lib/cart-client';
import { cartPayload, trackEcommerce } from '../../lib/ecommerce';
import { shownText } from '../../lib/shown-text';
import { useRootData } from '../../root';
import { Field } from '../forms';
import { GiftCardGroup, type GiftCardTexts } from './gift-cards';

interface SavedAddress {
  id: number;
  line1: string;
  locality: string;
  state: string;
  postalCode: string;
  isDefaultDelivery: boolean;
}

interface Props {
  cart: Cart;
  customer: { email: string; name: string; addresses: SavedAddress[] } | null;
  idempotencyKey: string;
  result: CheckoutActionData | null;
  /** The HK form's district select (in place of the postcode): its label and its message when none is chosen. */
  districtTexts: { label: string; missing: string } | null;
  /** An order of e-gift cards alone: the titles of its steps (no address or delivery step), written by the server. */
  deliversNothing: { details: string; note: string; payment: string; review: string } | null;
  /** The gift card field's texts, written by the server in the site's language. */
  giftCardTexts: GiftCardTexts;
}

const ADDRESS_FIELDS = [
  ['firstName', /*i18n*/ { id: 'First name' }, 'given-name', true],
  ['lastName', /*i18n*/ { id: 'Last name' }, 'family-name', true],
  ['line1', /*i18n*/ { id: 'Street address' }, 'address-line1', true],
  ['line2', /*i18n*/ { id: 'Apartment, unit (optional)' }, 'address-line2', false],
  ['city', /*i18n*/ { id: 'Suburb or town' }, 'address-level2', true],
  ['state', /*i18n*/ { id: 'State or region (optional)' }, 'address-level1', false],
  ['postcode', /*i18n*/ { id: 'Postcode' }, 'postal-code', true],
  ['phone', /*i18n*/ { id: 'Phone (optional, for the courier)' }, 'tel', false],
] as const;

const CARD_FIELDS = [
  ['cardNumber', /*i18n*/ { id: 'Card number' }, 'cc-number', 'numeric'],
  ['cardExpiry', /*i18n*/ { id: 'Expiry (MM/YY)' }, 'cc-exp', 'numeric'],
  ['cardCvc', /*i18n*/ { id: 'Security code (CVC)' }, 'cc-csc', 'numeric'],
] as const;

/**
 * The checkout (CONTRACT.md): delivery address, delivery, payment and review on one page, in that order,
 * as one plain form — it submits without JavaScript; with it, the button shows progress and a second
 * click sends nothing (the server's idempotency key makes a resubmission place one order anyway).
 */
export function CheckoutForm({
  cart,
  customer,
  idempotencyKey,
  result,
  districtTexts,
  deliversNothing,
  giftCardTexts,
}: Props) {
  const { i18n } = useLingui();
  const { site, isTestHost } = useRootData();
  const navigation = useNavigation();
  // The gift card buttons post the form too (intent=…): only the order's own submit is "placing".
  const submitting =
    navigation.state !== 'idle' && navigation.formMethod === 'POST' && !navigation.formData?.get('intent');
  const errors = result?.errors ?? [];
  const values = result?.values ?? {};
  const cartPostcode = cart.shippingDetails.shippingAddress.address.postalCode ?? '';
  const errorOf = (field: string) => shownText(i18n, errors.find((e) => e.field === field)?.message) ?? undefined;
  // The address choice and the billing tick are plain form controls: CSS (:has(:checked)) shows the fields
  // they call for, so a shopper without JavaScript can fill them too.
  const addressChoice =
    values.address ??
    String(customer?.addresses.find((a) => a.isDefaultDelivery)?.id ?? customer?.addresses[0]?.id ?? 'new');
  const billingSame = values.billingSame !== undefined ? values.billingSame === 'on' : !result;
  const summary = useRef<HTMLDivElement>(null);
  // The delivery postcode, checked when the shopper leaves the field (the same table the order is checked on).
  const [postcodeProblem, setPostcodeProblem] = useState('');
  const checkPostcode = async (value: string) => {
    const code = value.trim();
    if (code === '' || (site.country !== 'au' && site.country !== 'nz')) return setPostcodeProblem('');
    if (!/^\d{4}$/.test(code)) return setPostcodeProblem(CHECKOUT_MESSAGES.unknownPostcode);
    const lookup = await requestApi('GET', `/api/address/zipcode/${code}`);
    // Only a definite "no such postcode" is shown; a lookup that fails otherwise is left to the order.
    setPostcodeProblem(lookup.status === 404 ? CHECKOUT_MESSAGES.unknownPostcode : '');
  };
  const money = (amount: number) => formatAmount(amount, site);
  // Hong Kong addresses have a district, not a postcode (CONTRACT.md "Sites").
  const hk = districtTexts !== null;
  const [districtProblems, setDistrictProblems] = useState<Record<string, boolean>>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page view, for the cart the page opened with
  useEffect(() => {
    if (cart.lineItems.length > 0) trackEcommerce('begin_checkout', cartPayload(cart, site.currency));
  }, []);
  useEffect(() => {
    if (errors.length > 0) summary.current?.focus();
  }, [errors]);

  if (cart.lineItems.length === 0) {
    return (
      <article className="checkout">
        <h1>{i18n._('Checkout')}</h1>
        <p>{i18n._('Your cart is empty: add some wine before you check out.')}</p>
        <p>
          <Link className="button" to="/wines">
            {i18n._('Shop wines')}
          </Link>
        </p>
      </article>
    );
  }

  // A membership belongs to an account: a guest is asked to log in first (the server refuses it too).
  const guestMembership = !customer && cart.lineItems.some((l) => UNLIMITED_ITEM_CODES.has(l.sku.itemCode));
  const blocked = !cart.checkoutEnabled || guestMembership;
  const pi = cart.orderPriceInfo;
  const discount = pi.pricingBreakdown.filter((p) => p.adjustmentType === 'Order Discount');
  const giftCards = result?.giftCards ?? null;
  // Gift cards that pay everything leave nothing for the card: its fields are not asked for.
  const noCardNeeded = giftCards !== null && giftCards.cardCents === 0;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute('name') === 'intent') return;
    const payload = cartPayload(cart, site.currency);
    trackEcommerce('add_shipping_info', {
      ...payload,
      shipping_tier: pi.freeShipping ? 'Free delivery' : 'Standard delivery',
    });
    trackEcommerce('add_payment_info', { ...payload, payment_type: 'Card' });
  };

  const addressFields = (prefix: string, legend: string) => (
    <fieldset className={`checkout__address checkout__address--${prefix ? 'billing' : 'delivery'}`}>
      <legend>{legend}</legend>
      {ADDRESS_FIELDS.map(([name, label, autoComplete, required]) => {
        const field = `${prefix}${name}`;
        if (name === 'postcode' && hk) return districtSelect(prefix);
        const deliveryPostcode = field === 'postcode';
        const error =
          errorOf(field) ?? (deliveryPostcode && postcodeProblem ? shownText(i18n, postcodeProblem) : undefined);
        const id = `checkout-${field.replace('.', '-')}`;
        return (
          <Field
            key={field}
            label={i18n._(label)}
            invalid={Boolean(error)}
            describedBy={[error && `${id}-error`]}
            inputProps={{
              id,
              name: field,
              autoComplete: `${prefix ? 'billing' : 'shipping'} ${autoComplete}`,
              // The postcode given in the cart carries over to the delivery address.
              defaultValue: values[field] ?? (deliveryPostcode ? cartPostcode : ''),
              required,
              inputMode: name === 'postcode' ? 'numeric' : undefined,
              onBlur: deliveryPostcode ? (e) => void checkPostcode(e.currentTarget.value) : undefined,
            }}
          >
            {deliveryPostcode ? (
              // A live region from the start, so the message found on leaving the field is read out.
              <div aria-live="polite">{error ? <FieldError id={`${id}-error`} message={error} /> : null}</div>
            ) : error ? (
              <FieldError id={`${id}-error`} message={error} />
            ) : null}
          </Field>
        );
      })}
    </fieldset>
  );

  const districtSelect = (prefix: string) => {
    const field = `${prefix}district`;
    const id = `checkout-${field.replace('.', '-')}`;
    // A choice made since the page came back from the server clears its message; leaving it empty shows one.
    const problem = districtProblems[field];
    const error = problem === false ? undefined : (errorOf(field) ?? (problem ? districtTexts?.missing : undefined));
    return (
      <div className="field" key={field}>
        <label htmlFor={id}>{districtTexts?.label}</label>
        <select
          id={id}
          name={field}
          required
          defaultValue={values[field] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          // Checked as the shopper leaves it (the order is checked on the server too, with the other fields).
          onBlur={(e) => setDistrictProblems({ ...districtProblems, [field]: e.currentTarget.value === '' })}
          onChange={(e) => setDistrictProblems({ ...districtProblems, [field]: e.currentTarget.value === '' })}
        >
          <option value="">—</option>
          {HK_DISTRICT_REGIONS.map((r) => (
            <optgroup key={r.region} label={r.region}>
              {r.districts.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {/* A live region from the start, so the message found on leaving the select is read out. */}
        <div aria-live="polite">{error ? <FieldError id={`${id}-error`} message={error} /> : null}</div>
      </div>
    );
  };

  return (
    <article className="checkout">
      <h1>{i18n._('Checkout')}</h1>
      {errors.length > 0 ? (
        <div ref={summary} tabIndex={-1} className="checkout__errors alert alert--danger" role="alert">
          <p>{i18n._('Please check the following:')}</p>
          <ul>
            {errors.map((e) => (
              <li key={`${e.field}:${e.message}`}>{shownText(i18n, e.message)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" className="checkout__form" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {/* Enter in a field places the order: the form's first submit button is the default one. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" disabled={blocked} />
        <section aria-labelledby="checkout-step-address" className="checkout__step">
          <h2 id="checkout-step-address">
            {deliversNothing ? deliversNothing.details : i18n._('1. Delivery address')}
          </h2>
          {customer ? (
            <p>{i18n._('Ordering as {name} ({email})', { name: customer.name, email: customer.email })}</p>
          ) : (
            <Field
              label={i18n._('Email address (for your order confirmation)')}
              invalid={Boolean(errorOf('email'))}
              describedBy={[errorOf('email') && 'checkout-email-error']}
              inputProps={{
                id: 'checkout-email',
                name: 'email',
                type: 'email',
                autoComplete: 'email',
                required: true,
                defaultValue: values.email ?? '',
              }}
            >
              {errorOf('email') ? <FieldError id="checkout-email-error" message={errorOf('email')} /> : null}
            </Field>
          )}
          {deliversNothing ? (
            <>
              <p className="help">{deliversNothing.note}</p>
              <input type="hidden" name="address" value="none" />
            </>
          ) : (
            <>
              {customer && customer.addresses.length > 0 ? (
                <fieldset className="checkout__saved">
                  <legend>{i18n._('Deliver to')}</legend>
                  {customer.addresses.map((a) => (
                    <div className="checkbox-row" key={a.id}>
                      <input
                        type="radio"
                        id={`checkout-address-${a.id}`}
                        name="address"
                        value={String(a.id)}
                        defaultChecked={addressChoice === String(a.id)}
                      />
                      <label htmlFor={`checkout-address-${a.id}`}>
                        {a.line1}, {a.locality} {a.state} {a.postalCode}
                      </label>
                    </div>
                  ))}
                  <div className="checkbox-row">
                    <input
                      type="radio"
                      id="checkout-address-new"
                      name="address"
                      value="new"
                      defaultChecked={addressChoice === 'new'}
                    />
                    <label htmlFor="checkout-address-new">{i18n._('A new address')}</label>
                  </div>
                  {errorOf('address') ? <FieldError id="checkout-address-error" message={errorOf('address')} /> : null}
                </fieldset>
              ) : (
                <input type="hidden" name="address" value="new" />
              )}
              {addressFields('', i18n._('Delivery address'))}
            </>
          )}
        </section>

        {deliversNothing ? null : (
          <section aria-labelledby="checkout-step-delivery" className="checkout__step">
            <h2 id="checkout-step-delivery">{i18n._('2. Delivery')}</h2>
            <p data-testid="checkout-delivery">
              {pi.shipping === 0
                ? i18n._('Free delivery')
                : i18n._('Standard delivery: {amount}', { amount: money(pi.shipping) })}
            </p>
            {/* Nothing to sign for when nothing is delivered (e-gift cards, a membership). */}
            {cart.numBottles > 0 ? (
              <p className="help">{i18n._('We deliver in 2–5 working days. Someone 18 or over must sign for it.')}</p>
            ) : null}
          </section>
        )}

        <section aria-labelledby="checkout-step-payment" className="checkout__step">
          <h2 id="checkout-step-payment">{deliversNothing ? deliversNothing.payment : i18n._('3. Payment')}</h2>
          <GiftCardGroup
            codes={values.giftCards ?? ''}
            applied={giftCards}
            typed={values.giftCardCode ?? ''}
            error={result?.giftCardError ?? errorOf('giftCardCode')}
            money={(cents) => formatMoney(cents, site)}
            texts={giftCardTexts}
          />
          {noCardNeeded ? (
            <p className="help" data-testid="no-card-needed">
              {giftCardTexts.noCard}
            </p>
          ) : null}
          {isTestHost && !noCardNeeded ? (
            <p className="help">
              {i18n._('Test cards: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined.')}
            </p>
          ) : null}
          {(noCardNeeded ? [] : CARD_FIELDS).map(([name, label, autoComplete, inputMode]) => (
            <Field
              key={name}
              label={i18n._(label)}
              invalid={Boolean(errorOf(name))}
              describedBy={[errorOf(name) && `checkout-${name}-error`]}
              inputProps={{
                id: `checkout-${name}`,
                name,
                autoComplete,
                inputMode,
                required: true,
                defaultValue: name === 'cardExpiry' ? (values.cardExpiry ?? '') : '',
                // The expiry writes its own "/": 1230 typed reads 12/30.
                onInput:
                  name === 'cardExpiry'
                    ? (event) => {
                        const digits = event.currentTarget.value.replace(/\D/g, '').slice(0, 4);
                        event.currentTarget.value =
                          digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
                      }
                    : undefined,
              }}
            >
              {errorOf(name) ? <FieldError id={`checkout-${name}-error`} message={errorOf(name)} /> : null}
            </Field>
          ))}
          {deliversNothing ? null : (
            <>
              <div className="checkbox-row">
                <input type="checkbox" id="checkout-billing-same" name="billingSame" defaultChecked={billingSame} />
                <label htmlFor="checkout-billing-same">{i18n._('Billing address is the same as delivery')}</label>
              </div>
              {addressFields('billing.', i18n._('Billing address'))}
            </>
          )}
        </section>

        <section aria-labelledby="checkout-step-review" className="checkout__step">
          <h2 id="checkout-step-review">
            {deliversNothing ? deliversNothing.review : i18n._('4. Review and place order')}
          </h2>
          <ul className="checkout__lines">
            {cart.lineItems.map((line) => (
              <li key={line.commerceItemId}>
                <span>
                  {line.quantity} × <span translate="no">{line.product.name}</span>
                  {line.sku.preSellItem ? ` ${i18n._('(pre-sale: charged when it ships)')}` : ''}
                </span>
                <span>{money(line.itemPriceInfo.amount)}</span>
              </li>
            ))}
          </ul>
          <dl className="checkout__totals">
            <div>
              <dt>{i18n._('Subtotal')}</dt>
              <dd>{money(pi.subtotal)}</dd>
            </div>
            {discount.map((d) => (
              <div key={d.promotionName}>
                <dt>{d.promotionName}</dt>
                <dd>−{money(d.adjustmentAmount)}</dd>
              </div>
            ))}
            <div>
              <dt>{i18n._('Delivery')}</dt>
              <dd>{pi.shipping === 0 ? i18n._('Free') : money(pi.shipping)}</dd>
            </div>
            <div className="checkout__total">
              <dt>{i18n._('Total')}</dt>
              <dd data-testid="checkout-total">{money(pi.total)}</dd>
            </div>
            <div>
              <dt>{i18n._('Includes tax')}</dt>
              <dd>{money(pi.tax)}</dd>
            </div>
            {pi.payableTodayTotal !== pi.total ? (
              <div>
                <dt>{i18n._('Charged today')}</dt>
                <dd>{money(pi.payableTodayTotal)}</dd>
              </div>
            ) : null}
            {giftCards && giftCards.giftCardCents > 0 ? (
              <>
                <div>
                  <dt>{giftCardTexts.giftCards}</dt>
                  <dd data-testid="checkout-gift-cards">−{formatMoney(giftCards.giftCardCents, site)}</dd>
                </div>
                <div className="checkout__total">
                  <dt>{giftCardTexts.toPay}</dt>
                  <dd data-testid="checkout-card-part">{formatMoney(giftCards.cardCents, site)}</dd>
                </div>
              </>
            ) : null}
          </dl>
          {guestMembership ? (
            <p className="help" role="alert">
              {shownText(i18n, CHECKOUT_MESSAGES.unlimitedGuest)}{' '}
              <Trans
                id="<0>Log in</0> or <1>create an account</1>."
                components={{ 0: <Link to="/login?redirectingURL=/checkout" />, 1: <Link to="/registration" /> }}
              />
            </p>
          ) : blocked ? (
            <p className="help" role="alert">
              <Trans
                id="Please sort out the items marked in <0>your cart</0> before you check out."
                components={{ 0: <Link to="/cart" /> }}
              />
            </p>
          ) : null}
          <button
            type="submit"
            className="button button--buy"
            disabled={blocked}
            aria-disabled={submitting || undefined}
            // The label stays "Place order" while the button reads "Placing your order…".
            data-track-category="Checkout"
            data-track-action="Place order"
            data-track-label="Place order"
            onClick={(e) => {
              if (submitting) e.preventDefault();
            }}
          >
            {submitting ? i18n._('Placing your order…') : i18n._('Place order')}
          </button>
        </section>
      </Form>
    </article>
  );
}

/** A field's own message: the summary above is the alert; this names the problem beside the field. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p id={id} className="form-error">
      {message}
    </p>
  );
}
