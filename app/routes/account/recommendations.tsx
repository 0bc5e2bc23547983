import type { Route } from './+types/recommendations';
import { listRecommendations } from '../../../services/personal/lists';
import { PERSONAL_LISTS, PersonalList } from '../../components/account/personal-list';
import { accountTitle } from '../../components/account/sections';
import { loadPersonalList } from '../../lib/account.server';

export const loader = (args: Route.LoaderArgs) => loadPersonalList(args, listRecommendations);

export const meta: Route.MetaFunction = ({ matches }) => accountTitle(PERSONAL_LISTS.recommendations.title.id, matches);

export default function Recommendations({ loaderData }: Route.ComponentProps) {
  return <PersonalList page={PERSONAL_LISTS.recommendations} list={loaderData.list} />;
}
