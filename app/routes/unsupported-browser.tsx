import { Trans, useLingui } from '@lingui/react';
import { useRootData } from '../root';

export const handle = { pageType: 'error_page' };

export default function UnsupportedBrowser() {
  const { i18n } = useLingui();
  const { site } = useRootData();
  const title = i18n._('Please update your browser');
  return (
    <section className="page-message">
      {/* The title in the page's language: a meta function has no catalogue. */}
      <title>{title}</title>
      <h1>{title}</h1>
      <p>
        {i18n._(
          'You are using a browser that we no longer support. To shop with {brand}, please use a recent version of Edge, Chrome, Firefox or Safari.',
          { brand: site.brand.name },
        )}
      </p>
      <p>
        <Trans
          id="You can also order by phone on <0>{phone}</0>."
          values={{ phone: site.supportPhone }}
          // NOTE: Trans puts the message's text in the link; its own children only satisfy the linter.
          components={{ 0: <a href={`tel:${site.supportPhone.replace(/[^+\d]/g, '')}`}>{site.supportPhone}</a> }}
        />
      </p>
    </section>
  );
}
