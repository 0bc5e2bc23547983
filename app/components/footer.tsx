import { Trans, useLingui } from '@lingui/react';
import type { PublicSite } from '../lib/site';
import { ChatWidget } from './chat-widget';
import { EmailSignup } from './marketing/email-signup';
import { PlainLink } from './plain-link';

const SHOP_LINKS = [
  ['/wines', /*i18n*/ { id: 'All wines' }],
  ['/wines?name=mixed-cases', /*i18n*/ { id: 'Mixed cases' }],
  ['/wines?name=new-releases', /*i18n*/ { id: 'New releases' }],
  ['/gift-vouchers', /*i18n*/ { id: 'Gift vouchers' }],
  ['/wedding-wine-calculator', /*i18n*/ { id: 'Wedding wine calculator' }],
] as const;

/** What the root loader writes for the footer in the site's language: the help links and the licence. */
interface FooterExtra {
  links: { href: string; label: string }[];
  licence: string;
}

export function Footer({ site, extra }: { site: PublicSite; extra: FooterExtra }) {
  const { i18n } = useLingui();
  const year = 2026;
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{site.brand.name}</h2>
          <p>{i18n._(site.brand.tagline)}.</p>
        </section>
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop">{i18n._('Shop')}</h2>
          <ul>
            {SHOP_LINKS.map(([to, label]) => (
              <li key={to}>
                {/* The analytics label stays the English text on every site. */}
                <PlainLink
                  to={to}
                  data-track-category="Footer"
                  data-track-action="Shop link"
                  data-track-label={label.id}
                >
                  {i18n._(label)}
                </PlainLink>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">{i18n._('Help')}</h2>
          <ul>
            <li>
              <Trans
                id="Call us on <0>{phone}</0>"
                values={{ phone: site.supportPhone }}
                // NOTE: Trans puts the message's text in the link; its own children only satisfy the linter.
                components={{ 0: <a href={`tel:${site.supportPhone.replace(/[^+\d]/g, '')}`}>{site.supportPhone}</a> }}
              />
            </li>
            {extra.links.map((l) => (
              <li key={l.href}>
                <PlainLink to={l.href}>{l.label}</PlainLink>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <section className="site-footer__signup" aria-label={i18n._('Email newsletter')}>
        <p>{i18n._('Sign up for our emails: offers and new wines first.')}</p>
        <EmailSignup site={site} variant="footer" />
      </section>
      <ChatWidget site={site} />
      <p className="site-footer__legal">
        © {year} {site.brand.name}.{' '}
        {i18n._('Liquor must not be sold to or obtained by a person under the legal drinking age.')} {extra.licence}
      </p>
    </footer>
  );
}
