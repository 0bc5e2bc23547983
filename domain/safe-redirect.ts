// SPEC §2 redirectingURL: where to go after login. Only same-origin targets are followed, so a link
// can never bounce a shopper who just logged in to another site (open redirect).

/**
 * The same-origin path (with query and hash) to go to, or null when the target must be ignored:
 * a path starting with a single '/', or an absolute URL of `origin`. Anything else (other hosts,
 * protocol-relative '//x', backslashes, control characters, javascript: URLs) is ignored.
 */
export function safeRedirectTarget(target: string | null | undefined, origin: string): string | null {
  if (!target) return null;
  const value = target.trim();
  if (!value || value.length > 2000) return null;
  // NOTE: browsers read '\' as '/', so '/\evil.example' would leave the site; control characters are dropped
  // by URL parsing, so they could hide one too.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  if (value.includes('\\') || /[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    // NOTE: a relative target is read against our own origin, so '/a/../b' and '/%2e%2e/' normalise
    // the same way the browser will read them.
    url = new URL(value, `${origin}/`);
  } catch {
    return null;
  }
  if (!value.startsWith('/') && !/^https?:\/\//i.test(value)) return null;
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // NOTE: 'https://{origin}//evil.example' has the path '//evil.example', which a browser follows off-site.
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}
