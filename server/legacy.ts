import { Hono } from 'hono';
import type { AppEnv } from './types';

// Legacy /jsp/* paths kept for old links and bookmarks (CONTRACT.md "Legacy paths").
export const legacyRoutes = new Hono<AppEnv>()
  .get('/jsp/content/au/vws/privacy_policy.jsp', (c) => c.redirect('/privacy-policy', 301))
  .get('/jsp/cart/shopping_cart.jsp', (c) => {
    const query = new URL(c.req.url).search;
    return c.redirect(`/cart${query}`, 301);
  });
