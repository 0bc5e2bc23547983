import { createContext, useContext } from 'react';

const STYLE_ID = 'app-css';

/**
 * The site's stylesheet as text. Only the server render has it (entry.server.tsx reads the built CSS); in the
 * browser, hydration takes the text the server wrote into the page.
 */
export const InlineCssContext = createContext<string | null>(null);

/**
 * The stylesheet inlined in the page's head: the first paint waits for no request besides the page itself
 * (Lighthouse's render-blocking resources), and the CSS is some 6 KB gzip.
 */
export function InlineStylesheet() {
  const fromServer = useContext(InlineCssContext);
  const css =
    fromServer ?? (typeof document === 'undefined' ? '' : (document.getElementById(STYLE_ID)?.textContent ?? ''));
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, not visitor input
  return <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
