import { useLingui } from '@lingui/react';
import { data, Link } from 'react-router';
import { CampaignNameSchema } from '../../domain/content';
import { findSummaries } from '../../services/catalogue/catalogue';
import { findCampaign } from '../../services/content/content';
import type { Route } from './+types/campaign';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { EmailSignup } from '../components/marketing/email-signup';
import { ProductTile } from '../components/product-tile';
import { appContext } from '../context';
import { STAFF_VIEW_HEADERS, staffMaySee, staffViewHeaders } from '../lib/staff-view.server';
import { useRootData } from '../root';

export const handle = { pageType: 'landingpage' };

/**
 * The campaign landing page (SPEC §2; CONTRACT.md `/campaign?name=…[&preview=true]`): content from the operators'
 * files, products with live prices. Drafts show only in preview, which is for a signed-in staff member who may change
 * content (decision 046): to anyone else `preview=true` is the page shoppers see, and a draft is the 404 page like an
 * unknown name.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const query = new URL(request.url).searchParams;
  const name = CampaignNameSchema.safeParse(query.get('name') ?? '');
  if (!name.success) throw data('Not found', { status: 404 });
  const preview = query.get('preview') === 'true' && (await staffMaySee(ctx, 'content.write'));
  // NOTE: previews are read fresh (an editor checks the change they just made); published pages are cached.
  const campaign = preview
    ? await findCampaign(ctx.db, name.data, true)
    : await ctx.cache.get(`campaign:${name.data}`, () => findCampaign(ctx.db, name.data, false));
  if (!campaign) throw data('Not found', { status: 404 });
  const currency = ctx.site.currency;
  const products = await ctx.cache.get(`campaign-products:${currency}:${campaign.products.join(',')}`, () =>
    findSummaries(ctx.db, campaign.products, currency),
  );
  // A preview is the staff member's own view of what may be a draft: never stored anywhere.
  return data(
    { campaign, preview: preview && campaign.status === 'draft', products },
    preview ? { headers: STAFF_VIEW_HEADERS } : undefined,
  );
}

export const headers: Route.HeadersFunction = staffViewHeaders;

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d
    ? [
        { title: d.campaign.title },
        { name: 'description', content: d.campaign.description },
        ...(d.preview ? [{ name: 'robots', content: 'noindex' }] : []),
      ]
    : [];
}

export default function CampaignPage({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const { campaign, preview, products } = loaderData;
  const { i18n } = useLingui();
  return (
    <article className="campaign">
      {preview ? (
        <p className="campaign__preview" role="status">
          {i18n._('Preview: this campaign is a draft and shoppers cannot see it yet.')}
        </p>
      ) : null}
      <header className="campaign__hero">
        <h1>{campaign.hero.heading}</h1>
        {campaign.hero.subheading ? <p>{campaign.hero.subheading}</p> : null}
      </header>
      {campaign.body.map((paragraph) => (
        <p key={paragraph} className="campaign__copy">
          {paragraph}
        </p>
      ))}
      <section aria-labelledby="campaign-wines">
        <h2 id="campaign-wines">{campaign.title}</h2>
        <ul className="grid">
          {products.map((p) => (
            <li key={p.itemCode}>
              <ProductTile product={p} site={site} />
            </li>
          ))}
        </ul>
      </section>
      <p>
        <Link className="button" to={campaign.cta.href}>
          {campaign.cta.label}
        </Link>
      </p>
      {/* SPEC §2 rebrand_2: after the wines and the call to action, the campaign asks for an email. */}
      <section className="newsletter-band newsletter-band--campaign" aria-labelledby="campaign-signup">
        <h2 id="campaign-signup">{i18n._('Get offers like these first')}</h2>
        <p>{i18n._('Sign up for our emails and we will tell you when the next campaign starts.')}</p>
        <EmailSignup site={site} variant="rebrand_2" />
      </section>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
