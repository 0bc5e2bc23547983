import { Hono } from 'hono';
import { IMAGE_SIZES, type ImageSize } from '../../domain/images';
import { drawPlaceholderSvg } from '../../domain/product-art';
import { BRAND_CODES, COUNTRY_CODES, SITES } from '../../domain/sites';
import { renderProductImage } from '../../services/catalogue/product-images';
import type { AppEnv } from '../types';

/** Product images (drawn from the catalogue) and SPEC §8's placeholders by brand, country and size. */
export function imageRoutes() {
  const routes = new Hono<AppEnv>();
  routes.get('/images/products/:file', async (c) => {
    const match = /^(.+)-(small|thumbnail|large)\.svg$/.exec(c.req.param('file'));
    const svg = match ? await renderProductImage(c.var.ctx.db, match[1] ?? '', match[2] as ImageSize) : null;
    if (!svg) return c.text('Not found', 404, { 'Cache-Control': 'public, max-age=300' });
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    });
  });
  routes.get('/images/placeholder/:file', (c) => {
    const match = /^([a-z]{3})-([a-z]{2})-(bottle|case)-(small|thumbnail|large)\.svg$/.exec(c.req.param('file'));
    const brand = match?.[1];
    if (
      !match ||
      !BRAND_CODES.includes(brand as never) ||
      !COUNTRY_CODES.includes(match[2] as never) ||
      !IMAGE_SIZES.includes(match[4] as ImageSize)
    ) {
      return c.text('Not found', 404);
    }
    const brandName = Object.values(SITES).find((s) => s.brand.code === brand)?.brand.name ?? 'Wine';
    return c.body(drawPlaceholderSvg(brandName, match[3] as 'bottle' | 'case', match[4] as ImageSize), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=604800',
    });
  });
  return routes;
}
