import { NavLink } from 'react-router';
import { ACCOUNT_SECTIONS } from './sections';

/** The account section nav: a link to every section; NavLink marks the open one with aria-current="page". */
export function AccountNav() {
  return (
    <nav className="account-nav" aria-label="My account">
      <ul>
        {ACCOUNT_SECTIONS.map((s) => (
          <li key={s.path}>
            <NavLink to={s.path} end>
              {s.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
