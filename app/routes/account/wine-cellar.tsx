import { Link } from 'react-router';
import type { Route } from './+types/wine-cellar';
import { CELLARING_TEXT } from '../../../domain/cellaring';
import { listWineCellar } from '../../../services/account';
import { accountTitle } from '../../components/account/sections';
import { requireAccount } from '../../lib/account.server';

export async function loader(args: Route.LoaderArgs) {
  const { ctx, customerId } = requireAccount(args);
  return { wines: await listWineCellar(ctx.db, ctx.clock, customerId) };
}

export const meta: Route.MetaFunction = ({ matches }) => accountTitle('Wine cellar', matches);

function windowText(from: number | null, to: number | null): string {
  if (from && to) return `${from}–${to}`;
  if (to) return `until ${to}`;
  if (from) return `from ${from}`;
  return 'Not known';
}

export default function WineCellar({ loaderData }: Route.ComponentProps) {
  const { wines } = loaderData;
  return (
    <>
      <h1>Wine cellar</h1>
      {wines.length ? (
        <>
          <p>The wines you have bought, and when to drink them.</p>
          <table className="account-table">
            <caption className="visually-hidden">Bottles bought per wine, with drinking windows</caption>
            <thead>
              <tr>
                <th scope="col">Wine</th>
                <th scope="col">Bottles bought</th>
                <th scope="col">Drinking window</th>
                <th scope="col">Cellaring</th>
              </tr>
            </thead>
            <tbody>
              {wines.map((w) => (
                <tr key={w.itemCode}>
                  <th scope="row">
                    <Link to={`/product/${w.itemCode}`}>{w.vintage ? `${w.name} ${w.vintage}` : w.name}</Link>
                  </th>
                  <td>{w.bottles}</td>
                  <td>{windowText(w.drinkFrom, w.drinkTo)}</td>
                  <td>{w.band ? CELLARING_TEXT[w.band] : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p>
          Your cellar is empty. Wines you buy will appear here. <Link to="/wines">Browse our wines</Link>
        </p>
      )}
    </>
  );
}
