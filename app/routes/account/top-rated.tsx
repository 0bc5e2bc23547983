import type { Route } from './+types/top-rated';
import { listRatings } from '../../../services/personal/lists';
import { PERSONAL_LISTS, PersonalList } from '../../components/account/personal-list';
import { accountTitle } from '../../components/account/sections';
import { loadPersonalList } from '../../lib/account.server';

export const loader = (args: Route.LoaderArgs) => loadPersonalList(args, listRatings);

export const meta: Route.MetaFunction = ({ matches }) => accountTitle(PERSONAL_LISTS.topRated.title.id, matches);

export default function TopRated({ loaderData }: Route.ComponentProps) {
  return <PersonalList page={PERSONAL_LISTS.topRated} list={loaderData.list} />;
}
