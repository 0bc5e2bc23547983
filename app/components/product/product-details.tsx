import { COLOUR_NAMES } from '../../../domain/categories';
import type { ProductPageData } from '../../routes/product';

/** Tasting notes and the details list (rows without a value are left out). */
export function ProductDetails({ product: p }: Pick<ProductPageData, 'product'>) {
  const details: [string, string | null][] = [
    ['Producer', p.producer],
    ['Grape', p.grape || null],
    ['Colour', COLOUR_NAMES[p.colour] ?? null],
    ['Style', p.style || null],
    ['Region', [p.appellation, p.region].filter(Boolean).join(', ') || null],
    ['Country', p.country || null],
    ['Alcohol', p.alcoholPercent ? `${p.alcoholPercent}%` : null],
    ['Bottle size', p.bottleSizeMl >= 1500 ? `Magnum (${p.bottleSizeMl / 1000} L)` : `${p.bottleSizeMl} ml`],
    ['Drink', p.drinkFrom && p.drinkTo ? `${p.drinkFrom}–${p.drinkTo}` : null],
  ];
  return (
    <>
      <section className="product__section" aria-labelledby="notes-title">
        <h2 id="notes-title">Tasting notes</h2>
        <p>{p.tastingNotes}</p>
        <p>{p.description}</p>
      </section>

      <section className="product__section" aria-labelledby="details-title">
        <h2 id="details-title">Details</h2>
        <dl className="details">
          {details
            .filter((row): row is [string, string] => Boolean(row[1]))
            .map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
        </dl>
      </section>
    </>
  );
}
