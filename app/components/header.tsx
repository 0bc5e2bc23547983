import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { Form, useLocation } from 'react-router';
import type { PublicSite } from '../lib/site';
import { AccountLinks } from './account/account-links';
import { Logo } from './logo';
import { Typeahead } from './search/typeahead';
import { PlainLink } from './plain-link';

const NAV = [
  { name: 'red-wine', label: /*i18n*/ { id: 'Red' } },
  { name: 'white-wine', label: /*i18n*/ { id: 'White' } },
  { name: 'rose-wine', label: /*i18n*/ { id: 'Rosé' } },
  { name: 'sparkling-wine', label: /*i18n*/ { id: 'Sparkling' } },
  { name: 'mixed-cases', label: /*i18n*/ { id: 'Mixed cases' } },
  { name: 'under-20', label: /*i18n*/ { id: 'Under $20' } },
];

export function Header({ site, cartSlot }: { site: PublicSite; cartSlot?: ReactNode }) {
  const { i18n } = useLingui();
  // The listing shown: a category by its name, All wines without one; a search is neither.
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const here = (name: string) =>
    pathname === '/wines' && !params.get('Ntt') && (params.get('name') ?? '') === name ? ('page' as const) : undefined;
  return (
    <header className="site-header">
      <div className="site-header__top">
        <PlainLink to="/" className="site-header__home">
          <Logo site={site} />
        </PlainLink>
        <Form method="get" action="/wines" role="search" className="search-form">
          <label htmlFor="site-search" className="visually-hidden">
            {i18n._('Search wines')}
          </label>
          <Typeahead
            id="site-search"
            name="Ntt"
            brand={site.brand.code}
            placeholder={i18n._('Search wines, grapes, regions')}
          />
          <input type="hidden" name="Nty" value="1" />
          <button type="submit">{i18n._('Search')}</button>
        </Form>
        <AccountLinks />
        {cartSlot}
      </div>
      <nav aria-label={i18n._('Wine categories')} className="site-nav">
        <ul>
          <li>
            <PlainLink to="/wines" aria-current={here('')} data-track-category="Navigation" data-track-action="Menu">
              {i18n._('All wines')}
            </PlainLink>
          </li>
          {NAV.map((item) => (
            <li key={item.name}>
              <PlainLink
                to={`/wines?name=${item.name}`}
                aria-current={here(item.name)}
                data-track-category="Navigation"
                data-track-action="Menu"
              >
                {i18n._(item.label)}
              </PlainLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
