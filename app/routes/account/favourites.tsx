import type { Route } from './+types/favourites';
import { listFavourites } from '../../../services/personal-lists';
import { PersonalList } from '../../components/account/personal-list';
import { accountTitle } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';

export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  return { list: await listFavourites(ctx.db, ctx.site, customerId) };
}

export const meta: Route.MetaFunction = ({ matches }) => accountTitle('Favourites', matches);

export default function Favourites({ loaderData }: Route.ComponentProps) {
  return (
    <PersonalList
      title="Favourites"
      intro="The wines you have saved as favourites, latest first."
      empty="You have no favourites yet. Tap the heart on any wine to save it here."
      items={loaderData.list.userItems.map((u) => ({ product: u.product }))}
    />
  );
}
