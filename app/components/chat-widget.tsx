import { useEffect, useState } from 'react';
import { useMatches } from 'react-router';
import type { PublicSite } from '../lib/site';

/** A route handle flag: on that page chat widgets are hidden when it is shown inside a frame (SPEC §2). */
export interface ChatWidgetHandle {
  hideChatWhenFramed?: boolean;
}

function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent cannot even be compared: that is a frame too.
    return true;
  }
}

/** 'Chat with us': the customer-service entry point in every page footer. */
export function ChatWidget({ site }: { site: PublicSite }) {
  const matches = useMatches();
  const hideWhenFramed = matches.some((m) => (m.handle as ChatWidgetHandle | undefined)?.hideChatWhenFramed);
  const [hidden, setHidden] = useState(false);
  useEffect(() => setHidden(hideWhenFramed && isFramed()), [hideWhenFramed]);
  return (
    <p className="chat-widget" data-chat-widget="" hidden={hidden}>
      <a href="/contact-us">Chat with us</a>
      <span className="chat-widget__phone">
        {' '}
        or call <a href={`tel:${site.supportPhone.replace(/[^+\d]/g, '')}`}>{site.supportPhone}</a>
      </span>
    </p>
  );
}
