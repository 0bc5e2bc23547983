export function Rating({ average, count }: { average: number; count: number }) {
  if (count === 0) return <span className="rating rating--none">No reviews yet</span>;
  const pct = Math.round((average / 5) * 100);
  return (
    <span className="rating">
      <span className="rating__stars" aria-hidden="true">
        <span className="rating__fill" style={{ width: `${pct}%` }} />
      </span>
      <span className="rating__text">
        {average.toFixed(1)}
        <span className="visually-hidden"> out of 5 stars,</span> ({count}
        <span className="visually-hidden"> reviews</span>)
      </span>
    </span>
  );
}
