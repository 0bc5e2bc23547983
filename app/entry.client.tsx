import { I18nProvider } from '@lingui/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { i18nFor } from './lib/i18n';

// The page's catalogue (named by <html data-locale>, set on the server from the site) loads before hydration,
// so the first client render says what the server said.
const i18n = await i18nFor(document.documentElement.dataset.locale);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <HydratedRouter />
      </I18nProvider>
    </StrictMode>,
  );
});
