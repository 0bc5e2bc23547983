/**
 * Query parameters that say where a visitor came from (ad and email click ids) and never change a page. They
 * are left out of the page cache's key and out of the links a page builds from its own address, so a page is
 * the same with and without them (its cached copy hydrates without a mismatch).
 */
const TRACKING_NAMES = new Set(['gclid', 'gbraid', 'wbraid', 'dclid', 'fbclid', 'msclkid', 'mc_cid', 'mc_eid', '_ga']);

export function isTrackingParam(name: string): boolean {
  return name.startsWith('utm_') || TRACKING_NAMES.has(name);
}

/** `search` ('' or '?…') without tracking parameters, the rest in their order: '' or '?…'. */
export function withoutTrackingParams(search: string): string {
  if (search === '' || search === '?') return '';
  const params = new URLSearchParams(search);
  const names = [...params.keys()];
  if (!names.some(isTrackingParam)) return search.startsWith('?') ? search : `?${search}`;
  for (const name of new Set(names)) if (isTrackingParam(name)) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
