import type { Route } from './+types/not-for-me';
import { listDoNotSend } from '../../../services/personal-lists';
import { PersonalList } from '../../components/account/personal-list';
import { accountTitle } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';

export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  return { list: await listDoNotSend(ctx.db, ctx.site, customerId) };
}

export const meta: Route.MetaFunction = ({ matches }) => accountTitle('Not for me', matches);

export default function NotForMe({ loaderData }: Route.ComponentProps) {
  return (
    <PersonalList
      title="Not for me"
      intro="Wines you told us not to send or recommend."
      empty="You have not marked any wines as not for you."
      items={loaderData.list.userItems.map((u) => ({ product: u.product }))}
    />
  );
}
