import type { Route } from './+types/top-rated';
import { listRatings } from '../../../services/personal-lists';
import { PersonalList } from '../../components/account/personal-list';
import { accountTitle } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';

export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  return { list: await listRatings(ctx.db, ctx.site, customerId) };
}

export const meta: Route.MetaFunction = ({ matches }) => accountTitle('Top rated', matches);

export default function TopRated({ loaderData }: Route.ComponentProps) {
  return (
    <PersonalList
      title="Top rated"
      intro="The wines you have rated, best first."
      empty="You have not rated any wines yet."
      items={loaderData.list.userItems.map((u) => ({
        product: u.product,
        note: `Your rating: ${u.userItemDetails.rating} out of 5`,
      }))}
    />
  );
}
