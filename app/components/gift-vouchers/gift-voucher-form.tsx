import { useLingui } from '@lingui/react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CUSTOM_GIFT_CARD,
  DEFAULT_GIFT_MESSAGE,
  formatCardAmount,
  GIFT_FORM_FIELDS,
  GIFT_MESSAGE_MAX,
  type GiftVoucherFormField,
  type GiftVoucherFormValues,
  giftVoucherFormSchema,
  previewAmountText,
} from '../../../domain/gift-vouchers';
import { issueText, type Text, translate } from '../../../domain/message';
import { track } from '../../lib/analytics';
import { cartClient } from '../../lib/cart-client';
import type { PublicSite } from '../../lib/site';
import { DangerAlert } from '../account/alerts';
import { ErrorList, Field } from '../forms';
import { GiftCardPreview } from './gift-card-preview';

type Errors = Partial<Record<GiftVoucherFormField, string>>;

/** The form's errors by field (first message of each, in the site's language), or null when it is valid. */
function validate(
  schema: ReturnType<typeof giftVoucherFormSchema>,
  values: GiftVoucherFormValues,
  tr: (text: Text) => string,
) {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { errors: {} as Errors, payload: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as GiftVoucherFormField] ??= tr(issueText(issue));
  return { errors, payload: null };
}

/**
 * The gift voucher form (SPEC §5) with its sample card. Checked on submit with the shared schema, then
 * live as the shopper corrects it; a valid form adds the card (PUT /api/cart/eItemCode) and goes to /cart.
 */
export function GiftVoucherForm({
  site,
  cards,
  minAmount,
  maxAmount,
  initialChoice,
}: {
  site: PublicSite;
  cards: readonly { itemCode: string; amount: number }[];
  minAmount: number;
  maxAmount: number;
  initialChoice: string;
}) {
  const { i18n } = useLingui();
  const tr = (text: Text) => translate(i18n, text);
  const id = useId();
  const navigate = useNavigate();
  const schema = giftVoucherFormSchema(minAmount, maxAmount);
  const [values, setValues] = useState<GiftVoucherFormValues>({
    choice: initialChoice,
    customAmount: '',
    recipientName: '',
    recipientEmail: '',
    verifyEmail: '',
    // The default message in the site's language (it is the shopper's to change, and goes on the card).
    message: i18n._(DEFAULT_GIFT_MESSAGE),
  });
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fieldId = (name: GiftVoucherFormField) => `${id}-${name}`;
  const errorId = (name: GiftVoucherFormField) => `${id}-${name}-error`;
  const set = (name: GiftVoucherFormField, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    // After the first submit, errors follow what the shopper types.
    if (submitted) setErrors(validate(schema, next, tr).errors);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    setSubmitted(true);
    setFailure(null);
    const result = validate(schema, values, tr);
    setErrors(result.errors);
    if (!result.payload) {
      const first = GIFT_FORM_FIELDS.find((name) => result.errors[name]);
      const target =
        first === 'choice'
          ? form.querySelector<HTMLInputElement>('input[name="itemCode"]')
          : first && form.querySelector<HTMLElement>(`[name="${first}"]`);
      target?.focus();
      return;
    }
    setBusy(true);
    const reply = await cartClient.addGiftVoucher(result.payload);
    if (reply.ok) {
      track({
        event: 'gaEvent',
        eventCategory: 'eGift card',
        eventAction: 'Add to cart',
        eventLabel: result.payload.itemCode,
      });
      navigate('/cart');
      return;
    }
    setBusy(false);
    setFailure(reply.message ? i18n._(reply.message) : i18n._('Something went wrong, please try again later.'));
  };

  const remaining = GIFT_MESSAGE_MAX - values.message.length;
  const custom = values.choice === CUSTOM_GIFT_CARD;
  const describe = (name: GiftVoucherFormField, ...help: string[]) => [errors[name] && errorId(name), ...help];
  const textField = (name: 'recipientName' | 'recipientEmail' | 'verifyEmail', label: string, type: string) => (
    <Field
      label={label}
      inputProps={{
        id: fieldId(name),
        name,
        type,
        autoComplete: 'off',
        value: values[name],
        onChange: (event) => set(name, event.target.value),
      }}
      invalid={Boolean(errors[name])}
      describedBy={describe(name)}
    >
      <ErrorList id={errorId(name)} errors={errors[name]} />
    </Field>
  );

  return (
    <div className="gift-voucher">
      <form className="gift-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <DangerAlert message={failure} />
        <fieldset
          className="gift-form__amounts"
          aria-invalid={Boolean(errors.choice) || undefined}
          aria-describedby={errors.choice ? errorId('choice') : undefined}
        >
          <legend>{i18n._('Amount')}</legend>
          {[...cards.map((c) => ({ ...c, label: formatCardAmount(c.amount, site) })), null].map((card) => {
            const value = card ? card.itemCode : CUSTOM_GIFT_CARD;
            return (
              <label key={value} className="gift-form__amount">
                <input
                  type="radio"
                  name="itemCode"
                  value={value}
                  checked={values.choice === value}
                  onChange={() => set('choice', value)}
                />
                {card ? card.label : i18n._('Custom amount')}
              </label>
            );
          })}
          <ErrorList id={errorId('choice')} errors={errors.choice} />
        </fieldset>
        {custom ? (
          <Field
            label={i18n._('Enter an amount')}
            inputProps={{
              id: fieldId('customAmount'),
              name: 'customAmount',
              type: 'text',
              inputMode: 'numeric',
              autoComplete: 'off',
              value: values.customAmount,
              // SPEC §5: digits only, and the decimal point key does nothing here (whole amounts only): a letter or
              // sign typed or pasted is left out.
              onKeyDown: (event) => {
                if (event.key === '.' || event.key === 'Decimal') event.preventDefault();
              },
              onChange: (event) => set('customAmount', event.target.value.replace(/\D/g, '')),
            }}
            invalid={Boolean(errors.customAmount)}
            describedBy={describe('customAmount', `${id}-customAmount-help`)}
          >
            <p id={`${id}-customAmount-help`} className="note">
              {i18n._('A whole amount from {minAmount} to {maxAmount}.', { minAmount, maxAmount })}
            </p>
            <ErrorList id={errorId('customAmount')} errors={errors.customAmount} />
          </Field>
        ) : null}
        {textField('recipientName', i18n._('Recipient name'), 'text')}
        {textField('recipientEmail', i18n._('Recipient email'), 'email')}
        {textField('verifyEmail', i18n._('Confirm recipient email'), 'email')}
        <div className="field">
          <label htmlFor={fieldId('message')}>{i18n._('Gift message')}</label>
          <textarea
            id={fieldId('message')}
            name="message"
            rows={4}
            value={values.message}
            onChange={(event) => set('message', event.target.value)}
            aria-invalid={Boolean(errors.message) || undefined}
            aria-describedby={describe('message', `${id}-message-count`).filter(Boolean).join(' ')}
          />
          <p id={`${id}-message-count`} className="note">
            {remaining >= 0
              ? i18n._('{count, plural, one {{count} character remaining} other {{count} characters remaining}}', {
                  count: remaining,
                })
              : i18n._('{count, plural, one {{count} character too many} other {{count} characters too many}}', {
                  count: -remaining,
                })}
          </p>
          <ErrorList id={errorId('message')} errors={errors.message} />
        </div>
        <button type="submit" className="button" disabled={busy}>
          {busy ? i18n._('Adding to cart…') : i18n._('Add to cart')}
        </button>
      </form>
      <GiftCardPreview
        site={site}
        amountText={previewAmountText(values.choice, values.customAmount, site, maxAmount)}
        recipientName={values.recipientName}
        message={values.message}
      />
    </div>
  );
}
