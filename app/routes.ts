import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('wines', 'routes/wines.tsx'),
  route('product/:slug/:itemCode', 'routes/product.tsx'),
  route('product/:itemCode', 'routes/product-by-code.tsx'),
  route('cart', 'routes/cart.tsx'),
  // Checkout (CONTRACT.md): one page of steps, then the confirmation.
  route('checkout', 'routes/checkout.tsx'),
  route('checkout/confirmation/:orderNumber', 'routes/checkout-confirmation.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  // The gift voucher form (SPEC §5); /jsp/product/purchaseVoucher.jsp redirects here (server/legacy.ts).
  route('gift-vouchers', 'routes/gift-vouchers.tsx'),
  // A gift card's balance by its code (the recipient's email links here).
  route('gift-vouchers/balance', 'routes/gift-card-balance.tsx'),
  route('campaign', 'routes/campaign.tsx'),
  route('unlimited', 'routes/unlimited.tsx'),
  route('offer', 'routes/offer.tsx'),
  route('reviews/author/:slug', 'routes/review-author.tsx'),
  route('contact-us', 'routes/contact-us.tsx'),
  route('about-us', 'routes/about-us.tsx'),
  // Information pages from the operators' content files (content/pages/: /delivery, /returns, /terms), linked from
  // every footer. NOTE: one route for the three (each route adds to the manifest every page loads); any other
  // one-segment path it meets is the 404 page, as under the catch-all below.
  route(':infoPage', 'routes/info-page.tsx'),
  route('wedding-wine-calculator', 'routes/wedding-wine-calculator.tsx'),
  route('unsupported-browser', 'routes/unsupported-browser.tsx'),
  // Identity: login, registration (SPEC §2, CONTRACT.md)
  route('login', 'routes/login.tsx'),
  route('registration', 'routes/registration.tsx'),
  route('jsp/registration/common/account_password.jsp', 'routes/registration-password.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('verify-email', 'routes/verify-email.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  // The account area (SPEC §2): one layout (guard + section nav) around every section.
  route('account', 'routes/account/layout.tsx', [
    index('routes/account/overview.tsx'),
    route('personal-details', 'routes/account/personal-details.tsx'),
    route('payment-methods', 'routes/account/payment-methods.tsx'),
    route('settings', 'routes/account/settings.tsx'),
    route('purchased', 'routes/account/purchased.tsx'),
    route('purchased/:orderId', 'routes/account/order.tsx'),
    route('wine-cellar', 'routes/account/wine-cellar.tsx'),
    route('preferences', 'routes/account/preferences.tsx'),
    route('memberships', 'routes/account/memberships.tsx'),
    route('gift-cards-and-vouchers', 'routes/account/gift-cards-and-vouchers.tsx'),
    route('favourites', 'routes/account/favourites.tsx'),
    route('top-rated', 'routes/account/top-rated.tsx'),
    route('not-for-me', 'routes/account/not-for-me.tsx'),
    route('recommendations', 'routes/account/recommendations.tsx'),
  ]),
  // The legacy details page; React renders it on test hosts only (server/legacy-account.ts answers live hosts).
  route('jsp/account/common/account_details.jsp', 'routes/account/legacy-details.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
