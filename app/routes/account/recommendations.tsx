import type { Route } from './+types/recommendations';
import { listRecommendations, RECOMMENDATION_TYPES } from '../../../services/personal-lists';
import { PersonalList } from '../../components/account/personal-list';
import { accountTitle } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';

export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  return { list: await listRecommendations(ctx.db, ctx.site, customerId) };
}

export const meta: Route.MetaFunction = ({ matches }) => accountTitle('Recommendations', matches);

const REASON: Record<number, string> = {
  [RECOMMENDATION_TYPES.purchases]: 'Because of wines you bought',
  [RECOMMENDATION_TYPES.ratings]: 'Because of wines you rated highly',
  [RECOMMENDATION_TYPES.favourites]: 'Like your favourites',
  [RECOMMENDATION_TYPES.popular]: 'Popular with our customers',
};

export default function Recommendations({ loaderData }: Route.ComponentProps) {
  return (
    <PersonalList
      title="Recommendations"
      intro="Wines picked for you from what you buy, rate and love."
      empty="We do not have any recommendations for you yet."
      items={loaderData.list.userItems.map((u) => ({
        product: u.product,
        note: REASON[u.userItemDetails.recommendationTypeId],
      }))}
    />
  );
}
