import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { AccountNav } from '../../components/account/account-nav';
import { GeneralErrorBoundary } from '../../components/error-boundary';
import { requireAccount } from '../../lib/account.server';

// The account area (SPEC §2): Hard Logged-In only, with the section nav beside every page.
export const handle = { pageType: 'account_new' };

export function loader(args: Route.LoaderArgs) {
  requireAccount(args);
  return null;
}

/** Personal pages: never stored by the browser or a proxy. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export default function AccountLayout() {
  return (
    <div className="account">
      <AccountNav />
      <div className="account__content">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
