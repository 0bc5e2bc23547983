import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, useRouteError } from 'react-router';
import consoleCss from './console.css?url';
import { useNonce } from './nonce';

export const links = () => [
  { rel: 'stylesheet', href: consoleCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function Console() {
  return <Outlet />;
}

/** What went wrong, in a sentence a person can act on; a refusal's own message when it has one. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === 'string'
      ? error.data
      : status === 404
        ? 'There is no such page in the console.'
        : 'Something went wrong. Please try again.';
  return (
    <main id="main" className="console-main">
      <title>{`${status === 404 ? 'Not found' : status === 403 ? 'Not allowed' : 'Error'} · Console`}</title>
      <h1>{status === 404 ? 'Not found' : status === 403 ? 'Not allowed' : 'Something went wrong'}</h1>
      <p>{message}</p>
      <p>
        <Link to="/">Back to the work queue</Link>
      </p>
    </main>
  );
}
