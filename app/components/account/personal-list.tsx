import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import type { ProductSummary } from '../../../services/catalogue/catalogue';
import { RECOMMENDATION_TYPES } from '../../../domain/recommendations';
import { useRootData } from '../../root';
import { ProductTile } from '../product-tile';

/**
 * The texts of one of the account's product lists (shown as `i18n._(text)`; `title.id` is the English title),
 * and the note under each wine where the list has one.
 */
export interface PersonalListPage<D> {
  title: MessageDescriptor;
  intro: MessageDescriptor;
  empty: MessageDescriptor;
  note?: (details: D, i18n: I18n) => string | undefined;
}

const REASON: Record<number, MessageDescriptor> = {
  [RECOMMENDATION_TYPES.purchases]: /*i18n*/ { id: 'Because of wines you bought' },
  [RECOMMENDATION_TYPES.ratings]: /*i18n*/ { id: 'Because of wines you rated highly' },
  [RECOMMENDATION_TYPES.favourites]: /*i18n*/ { id: 'Like your favourites' },
  [RECOMMENDATION_TYPES.popular]: /*i18n*/ { id: 'Popular with our customers' },
};

// One table so that each account list's route names its list, and the page (heading, intro, empty text,
// notes) is the same component for all of them.
export const PERSONAL_LISTS = {
  favourites: {
    title: /*i18n*/ { id: 'Favourites' },
    intro: /*i18n*/ { id: 'The wines you have saved as favourites, latest first.' },
    empty: /*i18n*/ { id: 'You have no favourites yet. Tap the heart on any wine to save it here.' },
  } satisfies PersonalListPage<unknown>,
  notForMe: {
    title: /*i18n*/ { id: 'Not for me' },
    intro: /*i18n*/ { id: 'Wines you told us not to send or recommend.' },
    empty: /*i18n*/ { id: 'You have not marked any wines as not for you.' },
  } satisfies PersonalListPage<unknown>,
  topRated: {
    title: /*i18n*/ { id: 'Top rated' },
    intro: /*i18n*/ { id: 'The wines you have rated, best first.' },
    empty: /*i18n*/ { id: 'You have not rated any wines yet.' },
    note: (details, i18n) => i18n._('Your rating: {rating} out of 5', { rating: details.rating }),
  } satisfies PersonalListPage<{ rating: number }>,
  recommendations: {
    title: /*i18n*/ { id: 'Recommendations' },
    intro: /*i18n*/ { id: 'Wines picked for you from what you buy, rate and love.' },
    empty: /*i18n*/ { id: 'We do not have any recommendations for you yet.' },
    note: (details, i18n) => {
      const reason = REASON[details.recommendationTypeId];
      return reason ? i18n._(reason) : undefined;
    },
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
  const { i18n } = useLingui();
  const { site } = useRootData();
  const items = list.userItems;
  return (
    <>
      <h1>{i18n._(page.title)}</h1>
      {items.length ? (
        <>
          <p>
            {i18n._(page.intro)} ({i18n._('{count, plural, one {# item} other {# items}}', { count: items.length })})
          </p>
          <ul className="grid account-grid">
            {items.map(({ product, userItemDetails }) => {
              const note = page.note?.(userItemDetails, i18n);
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
          {i18n._(page.empty)} <Link to="/wines">{i18n._('Browse our wines')}</Link>
        </p>
      )}
    </>
  );
}
