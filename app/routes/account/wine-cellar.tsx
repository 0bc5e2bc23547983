import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import type { Route } from './+types/wine-cellar';
import { CELLARING_TEXT } from '../../../domain/cellaring';
import { listWineCellar } from '../../../services/identity/account';
import { accountTitle } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';

export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  return { wines: await listWineCellar(ctx.db, ctx.clock, customerId) };
}

export const meta: Route.MetaFunction = ({ matches }) => accountTitle('Wine cellar', matches);

function windowText(from: number | null, to: number | null, i18n: I18n): string {
  if (from && to) return `${from}–${to}`;
  if (to) return i18n._('until {year}', { year: to });
  if (from) return i18n._('from {year}', { year: from });
  return i18n._('Not known');
}

export default function WineCellar({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { wines } = loaderData;
  return (
    <>
      <h1>{i18n._('Wine cellar')}</h1>
      {wines.length ? (
        <>
          <p>{i18n._('The wines you have bought, and when to drink them.')}</p>
          <table className="account-table">
            <caption className="visually-hidden">{i18n._('Bottles bought per wine, with drinking windows')}</caption>
            <thead>
              <tr>
                <th scope="col">{i18n._('Wine')}</th>
                <th scope="col">{i18n._('Bottles bought')}</th>
                <th scope="col">{i18n._('Drinking window')}</th>
                <th scope="col">{i18n._('Cellaring')}</th>
              </tr>
            </thead>
            <tbody>
              {wines.map((w) => (
                <tr key={w.itemCode}>
                  <th scope="row">
                    <Link to={`/product/${w.itemCode}`} translate="no">
                      {w.vintage ? `${w.name} ${w.vintage}` : w.name}
                    </Link>
                  </th>
                  <td>{w.bottles}</td>
                  <td>{windowText(w.drinkFrom, w.drinkTo, i18n)}</td>
                  <td>{w.band ? i18n._(CELLARING_TEXT[w.band]) : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p>
          {i18n._('Your cellar is empty. Wines you buy will appear here.')}{' '}
          <Link to="/wines">{i18n._('Browse our wines')}</Link>
        </p>
      )}
    </>
  );
}
