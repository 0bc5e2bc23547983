import { type AnchorHTMLAttributes, useEffect } from 'react';
import { useNavigate } from 'react-router';

// Links that cost the server no hooks. A page of product tiles holds two links a tile, and React
// Router's <Link> resolves its path through a dozen hooks each: 7% of a logged-in home page's server time.
// A PlainLink is an <a> to an absolute path of this site; one listener in the root (ClientLinks) turns a click
// on it into a client-side navigation, as <Link> would. data-discover keeps React Router's route discovery.

export function PlainLink({
  to,
  preventScrollReset = false,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  /** As <Link preventScrollReset>: the page keeps its scroll position (a facet or sort of the same listing). */
  preventScrollReset?: boolean;
}) {
  return (
    <a
      {...rest}
      href={to}
      data-discover="true"
      data-client-link=""
      data-keep-scroll={preventScrollReset ? '' : undefined}
    />
  );
}

/** A click of the main button with no modifier key (those open a new tab or window), not yet handled. */
export function isPlainClick(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey
  );
}

/** What <Link> leaves to the browser: other buttons, modifier keys, targets, downloads, other origins. */
function leftToBrowser(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  return (
    !isPlainClick(event) ||
    (anchor.target !== '' && anchor.target !== '_self') ||
    anchor.hasAttribute('download') ||
    anchor.origin !== window.location.origin
  );
}

/** Rendered once in the root: navigates on the client when a PlainLink is clicked. */
export function ClientLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest('a[data-client-link]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || leftToBrowser(event, anchor)) return;
      event.preventDefault();
      void navigate(anchor.pathname + anchor.search + anchor.hash, {
        preventScrollReset: anchor.hasAttribute('data-keep-scroll'),
      });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
  return null;
}
