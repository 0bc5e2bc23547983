import { useLingui } from '@lingui/react';
import { COLOUR_NAMES } from '../../../domain/categories';
import type { ProductPageData } from '../../routes/product';

/** Tasting notes and the details list (rows without a value are left out). */
export function ProductDetails({ product: p }: Pick<ProductPageData, 'product'>) {
  const { i18n } = useLingui();
  const colour = COLOUR_NAMES[p.colour];
  // The wine's own names (producer, grape, region) stay as they are: translate="no".
  const details: [string, string | null, 'no'?][] = [
    [i18n._('Producer'), p.producer, 'no'],
    [i18n._('Grape'), p.grape || null, 'no'],
    [i18n._('Colour'), colour ? i18n._(colour) : null],
    [i18n._('Style'), p.style || null],
    [i18n._('Region'), [p.appellation, p.region].filter(Boolean).join(', ') || null, 'no'],
    [i18n._('Country'), p.country || null],
    [i18n._('Alcohol'), p.alcoholPercent ? `${p.alcoholPercent}%` : null],
    [
      i18n._('Bottle size'),
      p.bottleSizeMl >= 1500
        ? i18n._('Magnum ({litres} L)', { litres: p.bottleSizeMl / 1000 })
        : i18n._('{ml} ml', { ml: p.bottleSizeMl }),
    ],
    [i18n._('Drink'), p.drinkFrom && p.drinkTo ? `${p.drinkFrom}–${p.drinkTo}` : null],
  ];
  return (
    <>
      <section className="product__section" aria-labelledby="notes-title">
        <h2 id="notes-title">{i18n._('Tasting notes')}</h2>
        {/* Tasting notes stay as written (CONTRACT.md "Languages"): translate="no". */}
        <p translate="no">{p.tastingNotes}</p>
        <p translate="no">{p.description}</p>
      </section>

      <section className="product__section" aria-labelledby="details-title">
        <h2 id="details-title">{i18n._('Details')}</h2>
        <dl className="details">
          {details
            .filter((row): row is [string, string, 'no'?] => Boolean(row[1]))
            .map(([k, v, translate]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd translate={translate}>{v}</dd>
              </div>
            ))}
        </dl>
      </section>
    </>
  );
}
