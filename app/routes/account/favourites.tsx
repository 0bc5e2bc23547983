import type { Route } from './+types/favourites';
import { listFavourites } from '../../../services/personal/lists';
import { PERSONAL_LISTS, PersonalList } from '../../components/account/personal-list';
import { accountTitle } from '../../components/account/sections';
import { loadPersonalList } from '../../lib/account.server';

export const loader = (args: Route.LoaderArgs) => loadPersonalList(args, listFavourites);

export const meta: Route.MetaFunction = ({ matches }) => accountTitle(PERSONAL_LISTS.favourites.title.id, matches);

export default function Favourites({ loaderData }: Route.ComponentProps) {
  return <PersonalList page={PERSONAL_LISTS.favourites} list={loaderData.list} />;
}
