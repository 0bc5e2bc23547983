import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { type ErrorResponse, isRouteErrorResponse, useRouteError, useRouteLoaderData } from 'react-router';
import type { RootData } from '../root';

type StatusHandler = (error: ErrorResponse) => ReactNode;

/** A page's error message (title, text and the ways on), with the browser tab's title to match. */
export function ErrorMessage({ title, text }: { title: string; text: string }) {
  const { i18n } = useLingui();
  const root = useRouteLoaderData('root') as RootData | undefined;
  return (
    <>
      <title>{`${title}${root ? ` | ${root.site.brand.name}` : ''}`}</title>
      <section className="page-message">
        <h1>{title}</h1>
        <p>{text}</p>
        <p>
          <a className="button" href="/wines">
            {i18n._('Browse our wines')}
          </a>{' '}
          <a href="/">{i18n._('Back to the home page')}</a>
        </p>
      </section>
    </>
  );
}

export function NotFoundMessage() {
  const { i18n } = useLingui();
  return (
    <ErrorMessage
      title={i18n._('Sorry, we could not find that page')}
      text={i18n._('The page may have moved, or the link may be out of date.')}
    />
  );
}

export function SomethingWentWrongMessage() {
  const { i18n } = useLingui();
  return (
    <ErrorMessage
      title={i18n._('Sorry, something went wrong')}
      text={i18n._('Please try again in a moment. If it keeps happening, give us a call.')}
    />
  );
}

const DEFAULT_STATUS_HANDLERS: Partial<Record<number, StatusHandler>> = { 404: () => <NotFoundMessage /> };

/**
 * The error boundary every route shares: a response thrown with a status (404 from a loader) gets that
 * status's message, anything else the generic one. A route exports it as its ErrorBoundary, so the
 * site's header and footer (rendered by root) stay usable around the message.
 *
 *   export function ErrorBoundary() { return <GeneralErrorBoundary />; }
 */
export function GeneralErrorBoundary({
  statusHandlers = DEFAULT_STATUS_HANDLERS,
  defaultStatusHandler = () => <SomethingWentWrongMessage />,
  unexpectedErrorHandler = () => <SomethingWentWrongMessage />,
}: {
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  defaultStatusHandler?: StatusHandler;
  unexpectedErrorHandler?: (error: unknown) => ReactNode;
}) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) return unexpectedErrorHandler(error);
  return (statusHandlers[error.status] ?? defaultStatusHandler)(error);
}
