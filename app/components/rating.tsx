import { useLingui } from '@lingui/react';
import type { CSSProperties } from 'react';
export function Rating({ average, count }: { average: number; count: number }) {
  const { i18n } = useLingui();
  if (count === 0) return <span className="rating rating--none">{i18n._('No reviews yet')}</span>;
  const pct = Math.round((average / 5) * 100);
  return (
    <span className="rating">
      {/* One element: the filled share is a custom property the stars' gradient reads (a tile has ~20 elements). */}
      <span className="rating__stars" aria-hidden="true" style={{ '--rating': `${pct}%` } as CSSProperties} />
      <span className="rating__text">
        {average.toFixed(1)}
        <span className="visually-hidden">{` ${i18n._('out of 5 stars,')}`}</span>
        {` (${count}`}
        <span className="visually-hidden">{` ${i18n._('reviews')}`}</span>)
      </span>
    </span>
  );
}
