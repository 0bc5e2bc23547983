import { useLingui } from '@lingui/react';
import { NavLink } from 'react-router';
import { ACCOUNT_SECTIONS } from './sections';

/** The account section nav: a link to every section; NavLink marks the open one with aria-current="page". */
export function AccountNav() {
  const { i18n } = useLingui();
  return (
    <nav className="account-nav" aria-label={i18n._('My account')}>
      <ul>
        {ACCOUNT_SECTIONS.map((s) => (
          <li key={s.path}>
            <NavLink to={s.path} end>
              {i18n._(s.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
