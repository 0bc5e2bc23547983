import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('wines', 'routes/wines.tsx'),
  route('product/:slug/:itemCode', 'routes/product.tsx'),
  route('product/:itemCode', 'routes/product-by-code.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('unsupported-browser', 'routes/unsupported-browser.tsx'),
  // Identity: login, registration (SPEC §2, CONTRACT.md)
  route('login', 'routes/login.tsx'),
  route('registration', 'routes/registration.tsx'),
  route('jsp/registration/common/account_password.jsp', 'routes/registration-password.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
