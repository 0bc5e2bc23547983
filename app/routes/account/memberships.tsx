import { Link } from 'react-router';
import type { Route } from './+types/memberships';
import { listGeneralSubscriptions, listWinePlanSubscriptions, type Subscription } from '../../../services/account';
import { accountTitle, formatDate } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';
import { useRootData } from '../../root';

export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  const [general, plans] = await Promise.all([
    listGeneralSubscriptions(ctx.db, customerId),
    listWinePlanSubscriptions(ctx.db, customerId),
  ]);
  // SPEC §4: cancelled memberships are no longer memberships.
  const current = (s: Subscription) => s.status !== 'CANCELLED';
  return { unlimited: general.filter(current), plans: plans.filter(current) };
}

export const meta: Route.MetaFunction = ({ matches }) => accountTitle('Memberships', matches);

const STATUS_LABEL: Record<string, string> = { ACTIVE: 'Active', REQUESTED: 'Requested', SUSPENDED: 'Suspended' };

function unlimitedText(status: string, phone: string): string {
  if (status === 'ACTIVE')
    return 'Your Unlimited membership is active: free delivery on every order and member prices.';
  if (status === 'REQUESTED')
    return 'We have your Unlimited request and are setting up your membership. Member prices apply while we do.';
  if (status === 'SUSPENDED') return `Your Unlimited membership is suspended. Call us on ${phone} to restore it.`;
  return '';
}

function planText(status: string, phone: string): string {
  if (status === 'ACTIVE') return 'Your wine plan is active: your next case is on its way on schedule.';
  if (status === 'REQUESTED') return 'We have your wine plan request and are setting it up.';
  if (status === 'SUSPENDED') return `Your wine plan is paused. Call us on ${phone} to restart it.`;
  return '';
}

function MembershipCard({ sub, text }: { sub: Subscription; text: string }) {
  const { site } = useRootData();
  return (
    <section className="account-card" aria-labelledby={`membership-${sub.id}`} data-status={sub.status}>
      <h2 id={`membership-${sub.id}`}>{sub.name}</h2>
      <p>
        Status: <strong>{STATUS_LABEL[sub.status] ?? sub.status}</strong>
      </p>
      <p>{text}</p>
      <p className="help">Member since {formatDate(sub.startedAt, site.intlLocale)}</p>
    </section>
  );
}

export default function Memberships({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const { unlimited, plans } = loaderData;
  return (
    <>
      <h1>Memberships</h1>
      {unlimited.length + plans.length === 0 ? (
        <>
          <p>You have no memberships</p>
          <p>
            <Link className="button" to="/unlimited">
              Find out about Unlimited free delivery
            </Link>
          </p>
        </>
      ) : (
        <>
          {unlimited.map((s) => (
            <MembershipCard key={s.id} sub={s} text={unlimitedText(s.status, site.supportPhone)} />
          ))}
          {plans.map((s) => (
            <MembershipCard key={s.id} sub={s} text={planText(s.status, site.supportPhone)} />
          ))}
        </>
      )}
    </>
  );
}
