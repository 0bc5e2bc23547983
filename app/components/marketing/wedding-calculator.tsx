import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  calculateWeddingWine,
  GLASSES_PER_BOTTLE,
  MAX_CALCULATOR_VALUE,
  parseCalculatorValue,
  WEDDING_WINES,
  type WeddingWineKey,
} from '../../../domain/wedding-calculator';

/** A number field that takes digits only, with − and + buttons that stop at 0 (SPEC §5). */
function CountField({
  name,
  label,
  value,
  onChange,
}: {
  name: string;
  label: string;
  value: number;
  onChange: (next: number) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <div className="count-field">
      <label htmlFor={id}>{label}</label>
      <div className="count-field__controls">
        <button
          type="button"
          className="count-field__step"
          aria-label={i18n._('Fewer: {label}', { label })}
          disabled={value <= 0}
          onClick={() => onChange(Math.max(0, value - 1))}
        >
          −
        </button>
        <input
          id={id}
          name={name}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          value={String(value)}
          onChange={(e) => onChange(parseCalculatorValue(e.target.value))}
          className="qty-input"
        />
        <button
          type="button"
          className="count-field__step"
          aria-label={i18n._('More: {label}', { label })}
          disabled={value >= MAX_CALCULATOR_VALUE}
          onClick={() => onChange(Math.min(MAX_CALCULATOR_VALUE, value + 1))}
        >
          +
        </button>
      </div>
    </div>
  );
}

// NOTE: `{n}` rather than `#` in the plurals: the counts print as plain digits, as they always have.
function bottlesText(i18n: I18n, bottles: number, cases: number, extra: number): string {
  const b = i18n._('{bottles, plural, one {{bottles} bottle} other {{bottles} bottles}}', { bottles });
  if (cases === 0) return b;
  const c = i18n._('{cases, plural, one {{cases} case of 12} other {{cases} cases of 12}}', { cases });
  return extra === 0
    ? i18n._('{bottleText} ({caseText})', { bottleText: b, caseText: c })
    : i18n._('{bottleText} ({caseText} and {extra} more)', { bottleText: b, caseText: c, extra });
}

/**
 * SPEC §2/§9 wedding calculator: guests and glasses per guest of each wine, one bottle per 5 glasses. Without
 * script the form submits its values to the page, whose loader starts the calculator with them.
 */
export function WeddingCalculator({
  initialGuests,
  initialGlasses,
}: {
  initialGuests: number;
  initialGlasses: Record<WeddingWineKey, number>;
}) {
  const { i18n } = useLingui();
  const [guests, setGuests] = useState(initialGuests);
  const [glasses, setGlasses] = useState(initialGlasses);
  const { wines, totalBottles } = calculateWeddingWine(guests, glasses);
  const resultId = useId();
  return (
    <form method="get" className="wedding__form" aria-describedby={resultId}>
      <fieldset>
        <legend>{i18n._('Your wedding')}</legend>
        <CountField name="guests" label={i18n._('Guests')} value={guests} onChange={setGuests} />
      </fieldset>
      <fieldset>
        <legend>{i18n._('Glasses per guest')}</legend>
        {WEDDING_WINES.map((w) => (
          <CountField
            key={w.key}
            name={w.key}
            label={i18n._(w.label)}
            value={glasses[w.key]}
            onChange={(next) => setGlasses((g) => ({ ...g, [w.key]: next }))}
          />
        ))}
      </fieldset>
      <noscript>
        <button type="submit" className="button">
          {i18n._('Calculate')}
        </button>
      </noscript>
      <section className="wedding__result" aria-labelledby={`${resultId}-title`}>
        <h2 id={`${resultId}-title`}>{i18n._('You will need')}</h2>
        <p id={resultId} aria-live="polite" className="wedding__total">
          {i18n._(
            '{total, plural, one {{total} bottle in all} other {{total} bottles in all}} ({glasses} glasses a bottle)',
            { total: totalBottles, glasses: GLASSES_PER_BOTTLE },
          )}
        </p>
        <table className="wedding__table">
          <thead>
            <tr>
              <th scope="col">{i18n._('Wine')}</th>
              <th scope="col">{i18n._('Glasses')}</th>
              <th scope="col">{i18n._('Bottles')}</th>
              <th scope="col">
                <span className="visually-hidden">{i18n._('Shop')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {wines.map((w) => (
              <tr key={w.key} data-wine={w.key}>
                <th scope="row">{i18n._(w.label)}</th>
                <td>{w.glasses}</td>
                <td className="wedding__bottles">{bottlesText(i18n, w.bottles, w.cases, w.extraBottles)}</td>
                <td>
                  {w.bottles > 0 ? (
                    <Link to={`/wines?name=${w.category}`}>
                      {i18n._('Shop {wine}', { wine: i18n._(w.label).toLowerCase() })}
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </form>
  );
}
