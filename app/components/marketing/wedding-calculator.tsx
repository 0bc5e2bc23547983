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
  const id = useId();
  return (
    <div className="count-field">
      <label htmlFor={id}>{label}</label>
      <div className="count-field__controls">
        <button
          type="button"
          className="count-field__step"
          aria-label={`Fewer: ${label}`}
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
          aria-label={`More: ${label}`}
          disabled={value >= MAX_CALCULATOR_VALUE}
          onClick={() => onChange(Math.min(MAX_CALCULATOR_VALUE, value + 1))}
        >
          +
        </button>
      </div>
    </div>
  );
}

function bottlesText(bottles: number, cases: number, extra: number): string {
  const b = `${bottles} ${bottles === 1 ? 'bottle' : 'bottles'}`;
  if (cases === 0) return b;
  const c = `${cases} ${cases === 1 ? 'case' : 'cases'} of 12`;
  return extra === 0 ? `${b} (${c})` : `${b} (${c} and ${extra} more)`;
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
  const [guests, setGuests] = useState(initialGuests);
  const [glasses, setGlasses] = useState(initialGlasses);
  const { wines, totalBottles } = calculateWeddingWine(guests, glasses);
  const resultId = useId();
  return (
    <form method="get" className="wedding__form" aria-describedby={resultId}>
      <fieldset>
        <legend>Your wedding</legend>
        <CountField name="guests" label="Guests" value={guests} onChange={setGuests} />
      </fieldset>
      <fieldset>
        <legend>Glasses per guest</legend>
        {WEDDING_WINES.map((w) => (
          <CountField
            key={w.key}
            name={w.key}
            label={w.label}
            value={glasses[w.key]}
            onChange={(next) => setGlasses((g) => ({ ...g, [w.key]: next }))}
          />
        ))}
      </fieldset>
      <noscript>
        <button type="submit" className="button">
          Calculate
        </button>
      </noscript>
      <section className="wedding__result" aria-labelledby={`${resultId}-title`}>
        <h2 id={`${resultId}-title`}>You will need</h2>
        <p id={resultId} aria-live="polite" className="wedding__total">
          {totalBottles} {totalBottles === 1 ? 'bottle' : 'bottles'} in all ({GLASSES_PER_BOTTLE} glasses a bottle)
        </p>
        <table className="wedding__table">
          <thead>
            <tr>
              <th scope="col">Wine</th>
              <th scope="col">Glasses</th>
              <th scope="col">Bottles</th>
              <th scope="col">
                <span className="visually-hidden">Shop</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {wines.map((w) => (
              <tr key={w.key} data-wine={w.key}>
                <th scope="row">{w.label}</th>
                <td>{w.glasses}</td>
                <td className="wedding__bottles">{bottlesText(w.bottles, w.cases, w.extraBottles)}</td>
                <td>
                  {w.bottles > 0 ? <Link to={`/wines?name=${w.category}`}>Shop {w.label.toLowerCase()}</Link> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </form>
  );
}
