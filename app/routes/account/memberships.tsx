import type { I18n, MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import { Link } from 'react-router';
import type { Route } from './+types/memberships';
import { membershipSchedule } from '../../../domain/memberships';
import { sellsUnlimited } from '../../../domain/unlimited';
import {
  listGeneralSubscriptions,
  loadWinePlanMembership,
  type Subscription,
} from '../../../services/identity/account';
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

const STATUS_LABEL: Record<string, MessageDescriptor> = {
  ACTIVE: /*i18n*/ { id: 'Active' },
  REQUESTED: /*i18n*/ { id: 'Requested' },
  SUSPENDED: /*i18n*/ { id: 'Suspended' },
};

function unlimitedText(status: string, phone: string, i18n: I18n): string {
  if (status === 'ACTIVE')
    return i18n._('Your Unlimited membership is active: free delivery on every order and member prices.');
  if (status === 'REQUESTED')
    return i18n._(
      'We have your Unlimited request and are setting up your membership. Member prices apply while we do.',
    );
  if (status === 'SUSPENDED')
    return i18n._('Your Unlimited membership is suspended. Call us on {phone} to restore it.', { phone });
  return '';
}

function planText(status: string, phone: string, i18n: I18n): string {
  if (status === 'ACTIVE') return i18n._('Your wine plan is active: your next case is on its way on schedule.');
  if (status === 'REQUESTED') return i18n._('We have your wine plan request and are setting it up.');
  if (status === 'SUSPENDED') return i18n._('Your wine plan is paused. Call us on {phone} to restart it.', { phone });
  return '';
}

type ScheduledSubscription = Route.ComponentProps['loaderData']['plans'][number];

/** What changing the membership means, in the shopper's terms (the change itself is made by phone). */
function changeText(sub: ScheduledSubscription, phone: string, locale: string, i18n: I18n): string {
  if (sub.type === 'FREESHIP') {
    if (sub.status === 'ACTIVE' && sub.renewsOn)
      return i18n._(
        'To cancel, call us on {phone} before {date}: free delivery and member prices continue until then, and nothing more is charged.',
        { phone, date: formatDate(sub.renewsOn, locale) },
      );
    if (sub.status === 'REQUESTED')
      return i18n._('Changed your mind? Call us on {phone} before your membership starts and nothing is charged.', {
        phone,
      });
    return i18n._('While suspended, orders pay the usual delivery fee and regular prices.');
  }
  if (sub.status === 'ACTIVE' && sub.nextDeliveryOn)
    return i18n._(
      'To skip, pause or cancel, call us on {phone} at least 5 days before {date}: a change after that applies from the following case.',
      { phone, date: formatDate(sub.nextDeliveryOn, locale) },
    );
  if (sub.status === 'REQUESTED')
    return i18n._('To change your first case before it ships, call us on {phone}.', { phone });
  return i18n._('While paused, no cases are sent and nothing is charged.');
}

function MembershipCard({ sub, text }: { sub: ScheduledSubscription; text: string }) {
  const { i18n } = useLingui();
  const { site } = useRootData();
  const label = STATUS_LABEL[sub.status];
  const statusLabel = label ? i18n._(label) : sub.status;
  return (
    <section className="account-card" aria-labelledby={`membership-${sub.id}`} data-status={sub.status}>
      <h2 id={`membership-${sub.id}`}>{sub.name}</h2>
      <p>
        <Trans id="Status: <0>{status}</0>" values={{ status: statusLabel }} components={{ 0: <strong /> }} />
      </p>
      <p>{text}</p>
      {sub.nextDeliveryOn ? (
        <p>
          <Trans
            id="Next delivery: <0>{date}</0>"
            values={{ date: formatDate(sub.nextDeliveryOn, site.intlLocale) }}
            components={{ 0: <strong /> }}
          />
        </p>
      ) : null}
      {sub.renewsOn ? (
        <p>
          <Trans
            id="Renews on: <0>{date}</0>"
            values={{ date: formatDate(sub.renewsOn, site.intlLocale) }}
            components={{ 0: <strong /> }}
          />
        </p>
      ) : null}
      <p className="membership__change">{changeText(sub, site.supportPhone, site.intlLocale, i18n)}</p>
      <p className="help">{i18n._('Member since {date}', { date: formatDate(sub.startedAt, site.intlLocale) })}</p>
    </section>
  );
}

export default function Memberships({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { site } = useRootData();
  const { unlimited, plans, winePlanMember } = loaderData;
  return (
    <>
      <h1>{i18n._('Memberships')}</h1>
      {unlimited.length + plans.length === 0 ? (
        <>
          <p>{i18n._('You have no memberships')}</p>
          {/* Unlimited is sold in AUD and NZD only: elsewhere there is nothing to link to. */}
          {sellsUnlimited(site.currency) ? (
            <p>
              <Link className="button" to="/unlimited">
                {i18n._('Find out about Unlimited free delivery')}
              </Link>
            </p>
          ) : null}
        </>
      ) : (
        <>
          {unlimited.map((s) => (
            <MembershipCard key={s.id} sub={s} text={unlimitedText(s.status, site.supportPhone, i18n)} />
          ))}
          {plans.length > 0 ? (
            <p className="membership__summary" data-testid="wine-plan-membership">
              {winePlanMember
                ? i18n._("You're a wine plan member.")
                : i18n._("You're not a wine plan member while your plan is paused.")}
            </p>
          ) : null}
          {plans.map((s) => (
            <MembershipCard key={s.id} sub={s} text={planText(s.status, site.supportPhone, i18n)} />
          ))}
        </>
      )}
    </>
  );
}
