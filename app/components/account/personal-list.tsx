import { Link } from 'react-router';
import type { ProductSummary } from '../../../services/catalogue';
import { RECOMMENDATION_TYPES } from '../../../services/personal-lists';
import { useRootData } from '../../root';
import { ProductTile } from '../product-tile';

/** The texts of one of the account's product lists, and the note under each wine where the list has one. */
export interface PersonalListPage<D> {
  title: string;
  intro: string;
  empty: string;
  note?: (details: D) => string | undefined;
}

const REASON: Record<number, string> = {
  [RECOMMENDATION_TYPES.purchases]: 'Because of wines you bought',
  [RECOMMENDATION_TYPES.ratings]: 'Because of wines you rated highly',
  [RECOMMENDATION_TYPES.favourites]: 'Like your favourites',
  [RECOMMENDATION_TYPES.popular]: 'Popular with our customers',
};

// One table so that each account list's route names its list, and the page (heading, intro, empty text,
// notes) is the same component for all of them.
export const PERSONAL_LISTS = {
  favourites: {
    title: 'Favourites',
    intro: 'The wines you have saved as favourites, latest first.',
    empty: 'You have no favourites yet. Tap the heart on any wine to save it here.',
  } satisfies PersonalListPage<unknown>,
  notForMe: {
    title: 'Not for me',
    intro: 'Wines you told us not to send or recommend.',
    empty: 'You have not marked any wines as not for you.',
  } satisfies PersonalListPage<unknown>,
  topRated: {
    title: 'Top rated',
    intro: 'The wines you have rated, best first.',
    empty: 'You have not rated any wines yet.',
    note: (details) => `Your rating: ${details.rating} out of 5`,
  } satisfies PersonalListPage<{ rating: number }>,
  recommendations: {
    title: 'Recommendations',
    intro: 'Wines picked for you from what you buy, rate and love.',
    empty: 'We do not have any recommendations for you yet.',
    note: (details) => REASON[details.recommendationTypeId],
  } satisfies PersonalListPage<{ recommendationTypeId: number }>,
};

/** One of the account's product lists (favourites, top rated, not for me, recommendations). */
export function PersonalList<D>({
  page,
  list,
}: {
  page: PersonalListPage<D>;
  list: { userItems: { product: ProductSummary; userItemDetails: D }[] };
}) {
  const { site } = useRootData();
  const items = list.userItems;
  return (
    <>
      <h1>{page.title}</h1>
      {items.length ? (
        <>
          <p>
            {page.intro} ({items.length} {items.length === 1 ? 'item' : 'items'})
          </p>
          <ul className="grid account-grid">
            {items.map(({ product, userItemDetails }) => {
              const note = page.note?.(userItemDetails);
              return (
                <li key={product.itemCode}>
                  <ProductTile product={product} site={site} headingLevel={2} />
                  {note ? <p className="account-grid__note">{note}</p> : null}
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p>
          {page.empty} <Link to="/wines">Browse our wines</Link>
        </p>
      )}
    </>
  );
}
