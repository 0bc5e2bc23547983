import type { Route } from './+types/not-for-me';
import { listDoNotSend } from '../../../services/personal/lists';
import { PERSONAL_LISTS, PersonalList } from '../../components/account/personal-list';
import { accountTitle } from '../../components/account/sections';
import { loadPersonalList } from '../../lib/account.server';

export const loader = (args: Route.LoaderArgs) => loadPersonalList(args, listDoNotSend);

export const meta: Route.MetaFunction = ({ matches }) => accountTitle(PERSONAL_LISTS.notForMe.title.id, matches);

export default function NotForMe({ loaderData }: Route.ComponentProps) {
  return <PersonalList page={PERSONAL_LISTS.notForMe} list={loaderData.list} />;
}
