import { redirect } from 'react-router';
import { loginPath } from '../../domain/identity-rules';
import { legacyDetailsFor } from '../../domain/legacy-account';
import { catalogueText } from '../../services/catalogue/text';
import type { RequestContext } from '../../services/platform/request-context';
import { appContext } from '../context';

type LoaderArgs = { request: Request; context: { get(key: typeof appContext): RequestContext } };

/**
 * The account routes' gate, called by every account loader.
 * - Test hosts (SPEC §2): the new routes map back to the legacy details page, which renders the account
 *   area there (routes/account/legacy-details.tsx passes `legacyPage` so it is not sent to itself).
 * - SPEC §6: only Hard Logged-In visitors see account routes; everyone else goes (302) to the login page
 *   with redirectingURL naming this page and pageTitle 'Login {Brand}'.
 * NOTE: the redirects are thrown from loaders (not from Hono) so that React Router's client-side
 * navigations (.data requests) get them in the form they understand. Every account loader calls this,
 * not only the layout's: React Router runs child loaders in parallel with the parent's, so a child must
 * never read data before its own check.
 */
export function requireAccount(
  { request, context }: LoaderArgs,
  options: { legacyPage?: boolean } = {},
): { ctx: RequestContext; customerId: number } {
  const ctx = context.get(appContext);
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\.data$/, '').replace(/\/_index$/, '') || '/';
  if (ctx.isTestHost && !options.legacyPage) throw redirect(legacyDetailsFor(pathname), 302);
  const customerId = ctx.visitor.customerId;
  if (ctx.visitor.tier !== 'Hard Logged-In' || customerId === null) {
    url.searchParams.delete('_routes');
    throw redirect(loginPath(pathname + url.search, ctx.site.brand.name), 302);
  }
  return { ctx, customerId };
}

/**
 * The loader of an account product list: the gate, then the customer's list in the site's currency, the wines'
 * countries in the site's language.
 */
export async function loadPersonalList<L extends { userItems: readonly { product: { country: string } }[] }>(
  args: LoaderArgs,
  listFor: (db: RequestContext['db'], site: RequestContext['site'], customerId: number) => Promise<L>,
): Promise<{ list: L }> {
  const { ctx, customerId } = requireAccount(args);
  const [list, i18n] = await Promise.all([listFor(ctx.db, ctx.site, customerId), ctx.messages()]);
  const userItems = list.userItems.map((item) => ({
    ...item,
    product: { ...item.product, country: catalogueText(i18n, item.product.country) },
  }));
  return { list: { ...list, userItems } };
}
