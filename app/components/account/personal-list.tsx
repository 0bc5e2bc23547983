import { Link } from 'react-router';
import type { ProductSummary } from '../../../services/catalogue';
import { useRootData } from '../../root';
import { ProductTile } from '../product-tile';

/** One of the account's product lists (favourites, top rated, not for me, recommendations). */
export function PersonalList({
  title,
  intro,
  empty,
  items,
}: {
  title: string;
  intro: string;
  empty: string;
  items: { product: ProductSummary; note?: string }[];
}) {
  const { site } = useRootData();
  return (
    <>
      <h1>{title}</h1>
      {items.length ? (
        <>
          <p>
            {intro} ({items.length} {items.length === 1 ? 'item' : 'items'})
          </p>
          <ul className="grid account-grid">
            {items.map(({ product, note }) => (
              <li key={product.itemCode}>
                <ProductTile product={product} site={site} headingLevel={2} />
                {note ? <p className="account-grid__note">{note}</p> : null}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          {empty} <Link to="/wines">Browse our wines</Link>
        </p>
      )}
    </>
  );
}
