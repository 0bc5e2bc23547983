import { data } from 'react-router';
import { INFO_PAGE_NAMES, type InfoPageName, infoPageLanguage } from '../../domain/content';
import { findInfoPage } from '../../services/content/content';
import type { Route } from './+types/info-page';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { appContext } from '../context';

export const handle = { pageType: 'customer_service' };

/**
 * The information pages (`/delivery`, `/returns`, `/terms`): the operators' content files (`content/pages/`) in the
 * site's language. A page whose file is not imported is the 404 page.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const name = params.infoPage as InfoPageName;
  if (!INFO_PAGE_NAMES.includes(name)) throw data('Not found', { status: 404 });
  const language = infoPageLanguage(ctx.site.intlLocale);
  const page = await ctx.cache.get(`info-page:${name}:${language}`, () => findInfoPage(ctx.db, name, language));
  if (!page) throw data('Not found', { status: 404 });
  return { page, brand: ctx.site.brand.name };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d ? [{ title: `${d.page.title} | ${d.brand}` }, { name: 'description', content: d.page.description }] : [];

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="content-page">
      <h1>{page.title}</h1>
      <p>{page.description}</p>
      {page.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
