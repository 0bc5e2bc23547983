import { Form, NavLink, Outlet, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { STAFF_PERMISSIONS, staffMay } from '../../../domain/staff';
import { requireStaff } from '../lib/console.server';

// Every signed-in console page: who is signed in, the sections their role may open, and Sign out.

export function loader(args: LoaderFunctionArgs) {
  const { member } = requireStaff(args);
  return {
    email: member.email,
    role: member.role,
    sites: [...member.sites],
    permissions: STAFF_PERMISSIONS.filter((p) => staffMay(member, p)),
  };
}

export default function ConsoleLayout() {
  const { email, role, sites, permissions } = useLoaderData<typeof loader>();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="console-header">
        <p className="console-title">Storefront console</p>
        <nav aria-label="Console">
          <ul>
            <li>
              <NavLink to="/" end>
                Work queue
              </NavLink>
            </li>
            {/* The screen offers only what the role may do (the server refuses the rest anyway). */}
            {permissions.includes('orders.read') ? (
              <li>
                <NavLink to="/orders">Orders</NavLink>
              </li>
            ) : null}
            {permissions.includes('customers.read') ? (
              <li>
                <NavLink to="/customers">Customers</NavLink>
              </li>
            ) : null}
            {permissions.includes('catalogue.write') ? (
              <li>
                <NavLink to="/products">Products</NavLink>
              </li>
            ) : null}
            {permissions.includes('vouchers.write') ? (
              <li>
                <NavLink to="/vouchers">Vouchers</NavLink>
              </li>
            ) : null}
            {permissions.includes('gift-cards.write') ? (
              <li>
                <NavLink to="/gift-cards">Gift cards</NavLink>
              </li>
            ) : null}
            {permissions.includes('reviews.write') ? (
              <li>
                <NavLink to="/reviews">Reviews</NavLink>
              </li>
            ) : null}
            {permissions.includes('content.write') ? (
              <li>
                <NavLink to="/content">Campaigns</NavLink>
              </li>
            ) : null}
            {permissions.includes('staff.manage') ? (
              <li>
                <NavLink to="/staff">Staff</NavLink>
              </li>
            ) : null}
            {permissions.includes('audit.read') ? (
              <li>
                <NavLink to="/audit">Audit log</NavLink>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="console-who">
          <span>
            {email} · {role}
            {sites.length ? ` · ${sites.join(', ')}` : ''}
          </span>
          <Form method="post" action="/sign-out">
            <button type="submit">Sign out</button>
          </Form>
        </div>
      </header>
      <main id="main" className="console-main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
