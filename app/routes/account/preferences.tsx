import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import type { Route } from './+types/preferences';
import { getTasteProfile, type TasteScore } from '../../../services/identity/account';
import { accountTitle } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';
import { COLOUR_NAMES } from '../../../domain/categories';

export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  return { profile: await getTasteProfile(ctx.db, customerId) };
}

export const meta: Route.MetaFunction = ({ matches }) => accountTitle('Taste preferences', matches);

function TasteList({
  id,
  title,
  items,
  name,
}: {
  id: string;
  title: string;
  items: TasteScore[];
  /** The shown name of a colour; grapes and regions are names and stay as they are (translate="no"). */
  name?: (s: string) => string;
}) {
  const { i18n } = useLingui();
  return (
    <section className="account-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {items.length ? (
        <ol className="taste-list">
          {items.map((item) => (
            <li key={item.name} translate={name ? undefined : 'no'}>
              {name ? name(item.name) : item.name}
            </li>
          ))}
        </ol>
      ) : (
        <p>{i18n._('Not enough to go on yet.')}</p>
      )}
    </section>
  );
}

export default function Preferences({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { profile } = loaderData;
  const empty = profile.colours.length + profile.grapes.length + profile.regions.length === 0;
  return (
    <>
      <h1>{i18n._('Taste preferences')}</h1>
      {empty ? (
        <p>
          {i18n._('We learn your taste from the wines you buy and rate.')}{' '}
          <Link to="/wines">{i18n._('Browse our wines')}</Link>
        </p>
      ) : (
        <>
          <p>
            {i18n._(
              'Your favourites, most loved first, from {bottles} bottles bought and {ratings, plural, one {# rating} other {# ratings}}.',
              { bottles: profile.basedOn.bottles, ratings: profile.basedOn.ratings },
            )}
          </p>
          <div className="taste-profile">
            <TasteList
              id="taste-colours"
              title={i18n._('Colours')}
              items={profile.colours}
              name={(c) => i18n._(COLOUR_NAMES[c] ?? c)}
            />
            <TasteList id="taste-grapes" title={i18n._('Grapes')} items={profile.grapes} />
            <TasteList id="taste-regions" title={i18n._('Regions')} items={profile.regions} />
          </div>
        </>
      )}
    </>
  );
}
