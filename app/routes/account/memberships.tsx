import { Link } from 'react-router';
import type { Route } from './+types/memberships';
import { membershipSchedule } from '../../../domain/memberships';
import { sellsUnlimited } from '../../../domain/unlimited';
import { listGeneralSubscriptions, loadWinePlanMembership, type Subscription } from '../../../services/account';
import { accountTitle, formatDate } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';
import { useRootData } from '../../root';

export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  const [general, winePlans] = await Promise.all([
    listGeneralSubscriptions(ctx.db, customerId),
    loadWinePlanMembership(ctx.db, customerId),
  ]);
  // SPEC §4: cancelled memberships are no longer memberships.
  const current = (s: Subscription) => s.status !== 'CANCELLED';
  const now = ctx.clock.now();
  const withSchedule = (s: Subscription) => {
    const { nextDeliveryOn, renewsOn } = membershipSchedule({ ...s, startedAt: new Date(s.startedAt) }, now);
    return { ...s, nextDeliveryOn: nextDeliveryOn?.toISOString() ?? null, renewsOn: renewsOn?.toISOString() ?? null };
  };
  return {
    unlimited: general.filter(current).map(withSchedule),
    plans: winePlans.plans.map(withSchedule),
    winePlanMember: winePlans.member,
  };
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

type ScheduledSubscription = Route.ComponentProps['loaderData']['plans'][number];

/** What changing the membership means, in the shopper's terms (the change itself is made by phone). */
function changeText(sub: ScheduledSubscription, phone: string, locale: string): string {
  if (sub.type === 'FREESHIP') {
    if (sub.status === 'ACTIVE' && sub.renewsOn)
      return `To cancel, call us on ${phone} before ${formatDate(sub.renewsOn, locale)}: free delivery and member prices continue until then, and nothing more is charged.`;
    if (sub.status === 'REQUESTED')
      return `Changed your mind? Call us on ${phone} before your membership starts and nothing is charged.`;
    return 'While suspended, orders pay the usual delivery fee and regular prices.';
  }
  if (sub.status === 'ACTIVE' && sub.nextDeliveryOn)
    return `To skip, pause or cancel, call us on ${phone} at least 5 days before ${formatDate(sub.nextDeliveryOn, locale)}: a change after that applies from the following case.`;
  if (sub.status === 'REQUESTED') return `To change your first case before it ships, call us on ${phone}.`;
  return 'While paused, no cases are sent and nothing is charged.';
}

function MembershipCard({ sub, text }: { sub: ScheduledSubscription; text: string }) {
  const { site } = useRootData();
  return (
    <section className="account-card" aria-labelledby={`membership-${sub.id}`} data-status={sub.status}>
      <h2 id={`membership-${sub.id}`}>{sub.name}</h2>
      <p>
        Status: <strong>{STATUS_LABEL[sub.status] ?? sub.status}</strong>
      </p>
      <p>{text}</p>
      {sub.nextDeliveryOn ? (
        <p>
          Next delivery: <strong>{formatDate(sub.nextDeliveryOn, site.intlLocale)}</strong>
        </p>
      ) : null}
      {sub.renewsOn ? (
        <p>
          Renews on: <strong>{formatDate(sub.renewsOn, site.intlLocale)}</strong>
        </p>
      ) : null}
      <p className="membership__change">{changeText(sub, site.supportPhone, site.intlLocale)}</p>
      <p className="help">Member since {formatDate(sub.startedAt, site.intlLocale)}</p>
    </section>
  );
}

export default function Memberships({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const { unlimited, plans, winePlanMember } = loaderData;
  return (
    <>
      <h1>Memberships</h1>
      {unlimited.length + plans.length === 0 ? (
        <>
          <p>You have no memberships</p>
          {/* Unlimited is sold in AUD and NZD only: elsewhere there is nothing to link to. */}
          {sellsUnlimited(site.currency) ? (
            <p>
              <Link className="button" to="/unlimited">
                Find out about Unlimited free delivery
              </Link>
            </p>
          ) : null}
        </>
      ) : (
        <>
          {unlimited.map((s) => (
            <MembershipCard key={s.id} sub={s} text={unlimitedText(s.status, site.supportPhone)} />
          ))}
          {plans.length > 0 ? (
            <p className="membership__summary" data-testid="wine-plan-membership">
              {winePlanMember
                ? "You're a wine plan member."
                : "You're not a wine plan member while your plan is paused."}
            </p>
          ) : null}
          {plans.map((s) => (
            <MembershipCard key={s.id} sub={s} text={planText(s.status, site.supportPhone)} />
          ))}
        </>
      )}
    </>
  );
}
