import type { Route } from './+types/unsupported-browser';
import { useRootData } from '../root';

export const handle = { pageType: 'error_page' };

export const meta: Route.MetaFunction = () => [{ title: 'Please update your browser' }];

export default function UnsupportedBrowser() {
  const { site } = useRootData();
  return (
    <section className="page-message">
      <h1>Please update your browser</h1>
      <p>
        You are using a browser that we no longer support. To shop with {site.brand.name}, please use a recent version
        of Edge, Chrome, Firefox or Safari.
      </p>
      <p>
        You can also order by phone on{' '}
        <a href={`tel:${site.supportPhone.replace(/[^+\d]/g, '')}`}>{site.supportPhone}</a>.
      </p>
    </section>
  );
}
