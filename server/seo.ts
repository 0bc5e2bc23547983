import { Hono } from 'hono';
import { CATEGORIES } from '../domain/categories';
import { listProductPaths } from '../services/catalogue/catalogue';
import type { AppEnv } from './types';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

// robots.txt and sitemap.xml per site: absolute URLs use the site's configured origin (a Host header is
// the client's to choose, and these answers are cached).
export const seoRoutes = new Hono<AppEnv>()
  .get('/robots.txt', (c) => {
    const { siteOrigin: origin } = c.var.ctx;
    return c.text(
      [
        'User-agent: *',
        'Disallow: /api/',
        'Disallow: /account',
        'Disallow: /cart',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n'),
      200,
      { 'Cache-Control': 'public, max-age=3600' },
    );
  })
  .get('/sitemap.xml', async (c) => {
    const { siteOrigin: origin, db } = c.var.ctx;
    const paths = [
      '/',
      '/wines',
      '/gift-vouchers',
      ...CATEGORIES.map((cat) => `/wines?name=${cat.name}`),
      ...(await listProductPaths(db)),
    ];
    const body = paths.map((p) => `<url><loc>${escapeXml(origin + p)}</loc></url>`).join('');
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>`,
      200,
      { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
    );
  });
