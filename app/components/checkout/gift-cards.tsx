import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import type { AppliedGiftCards } from '../../../domain/checkout';
import { shownText } from '../../lib/shown-text';

/** The gift card field's texts, written by the checkout's loader in the site's language. */
export interface GiftCardTexts {
  code: string;
  /** Templates: {last4}, {amount} and {balance} are filled in here. */
  applied: string;
  remove: string;
  giftCards: string;
  toPay: string;
  noCard: string;
}

const filled = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * The payment step's gift card group: a code and its Apply button, then the cards applied, each with a Remove button.
 * The buttons submit the checkout form with an `intent` (the page's action checks the cards and places nothing), so
 * it works without JavaScript; the codes applied travel in the hidden `giftCards` field to the order.
 */
export function GiftCardGroup({
  codes,
  applied,
  typed,
  error,
  money,
  texts,
}: {
  texts: GiftCardTexts;
  codes: string;
  applied: AppliedGiftCards | null;
  typed: string;
  error: string | undefined;
  money: (cents: number) => string;
}) {
  const { i18n } = useLingui();
  const field = useRef<HTMLInputElement>(null);
  const shown = shownText(i18n, error);
  useEffect(() => {
    if (error) field.current?.focus();
  }, [error]);
  // A card removed takes its button with it: the focus goes to the code field rather than the page's top.
  const count = applied?.cards.length ?? 0;
  const before = useRef(count);
  useEffect(() => {
    if (count < before.current) field.current?.focus();
    before.current = count;
  }, [count]);
  return (
    <fieldset className="checkout__gift-cards">
      <legend>{i18n._('Gift card')}</legend>
      <input type="hidden" name="giftCards" value={codes} />
      {applied && applied.cards.length > 0 ? (
        <ul className="checkout__gift-card-list">
          {applied.cards.map((card) => (
            <li key={card.last4}>
              <span>
                {filled(texts.applied, {
                  last4: card.last4,
                  amount: money(card.appliedCents),
                  balance: money(card.balanceCents),
                })}
              </span>{' '}
              <button
                type="submit"
                name="intent"
                value={`removeGiftCard:${card.last4}`}
                className="button button--secondary"
                aria-label={filled(texts.remove, { last4: card.last4 })}
              >
                {i18n._('Remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="field">
        <label htmlFor="checkout-giftCardCode">{texts.code}</label>
        <div className="checkout__gift-card-entry">
          <input
            // A new input once a card is applied: the field is empty again for the next one.
            key={codes}
            ref={field}
            id="checkout-giftCardCode"
            name="giftCardCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            defaultValue={typed}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? 'checkout-giftCardCode-error' : undefined}
            onKeyDown={(e) => {
              // Enter in this field applies the code (elsewhere in the form it places the order).
              if (e.key !== 'Enter') return;
              e.preventDefault();
              e.currentTarget.form?.querySelector<HTMLButtonElement>('button[value="applyGiftCard"]')?.click();
            }}
          />
          <button type="submit" id="checkout-giftCardApply" name="intent" value="applyGiftCard" className="button">
            {i18n._('Apply')}
          </button>
        </div>
        <div aria-live="polite">
          {shown ? (
            <p id="checkout-giftCardCode-error" className="form-error" role="alert">
              {shown}
            </p>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
