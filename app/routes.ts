import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('wines', 'routes/wines.tsx'),
  route('product/:slug/:itemCode', 'routes/product.tsx'),
  route('product/:itemCode', 'routes/product-by-code.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('unsupported-browser', 'routes/unsupported-browser.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
