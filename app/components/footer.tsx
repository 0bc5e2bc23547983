import { Link } from 'react-router';
import type { PublicSite } from '../lib/site';
import { ChatWidget } from './chat-widget';
import { EmailSignup } from './marketing/email-signup';

const SHOP_LINKS = [
  ['/wines', 'All wines'],
  ['/wines?name=mixed-cases', 'Mixed cases'],
  ['/wines?name=new-releases', 'New releases'],
  ['/gift-vouchers', 'Gift vouchers'],
  ['/wedding-wine-calculator', 'Wedding wine calculator'],
] as const;

export function Footer({ site }: { site: PublicSite }) {
  const year = 2026;
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{site.brand.name}</h2>
          <p>{site.brand.tagline}.</p>
        </section>
        <section aria-labelledby="footer-shop">
          <h2 id="footer-shop">Shop</h2>
          <ul>
            {SHOP_LINKS.map(([to, label]) => (
              <li key={to}>
                <Link to={to} data-track-category="Footer" data-track-action="Shop link">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help">Help</h2>
          <ul>
            <li>
              Call us on <a href={`tel:${site.supportPhone.replace(/[^+\d]/g, '')}`}>{site.supportPhone}</a>
            </li>
            <li>
              <Link to="/contact-us">Contact us</Link>
            </li>
            <li>
              <Link to="/about-us">About us</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy policy</Link>
            </li>
          </ul>
        </section>
      </div>
      <section className="site-footer__signup" aria-label="Email newsletter">
        <p>{site.chinese ? '訂閱電子報，搶先獲得優惠。' : 'Sign up for our emails: offers and new wines first.'}</p>
        <EmailSignup site={site} variant="footer" />
      </section>
      <ChatWidget site={site} />
      <p className="site-footer__legal">
        © {year} {site.brand.name}. Liquor must not be sold to or obtained by a person under the legal drinking age.
      </p>
    </footer>
  );
}
