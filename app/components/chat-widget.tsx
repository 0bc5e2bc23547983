import { Trans, useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
  const matches = useMatches();
  const hideWhenFramed = matches.some((m) => (m.handle as ChatWidgetHandle | undefined)?.hideChatWhenFramed);
  const [hidden, setHidden] = useState(false);
  useEffect(() => setHidden(hideWhenFramed && isFramed()), [hideWhenFramed]);
  return (
    <p className="chat-widget" data-chat-widget="" hidden={hidden}>
      <a href="/contact-us">{i18n._('Chat with us')}</a>
      <span className="chat-widget__phone">
        {' '}
        <Trans
          id="or call <0>{phone}</0>"
          values={{ phone: site.supportPhone }}
          // NOTE: Trans puts the message's text in the link; its own children only satisfy the linter.
          components={{ 0: <a href={`tel:${site.supportPhone.replace(/[^+\d]/g, '')}`}>{site.supportPhone}</a> }}
        />
      </span>
    </p>
  );
}
