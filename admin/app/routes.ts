import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

// Under /admin (react-router.config.ts basename). The signed-in pages share one guarded layout.
export default [
  route('login', 'routes/login.tsx'),
  route('setup', 'routes/setup.tsx'),
  route('sign-out', 'routes/sign-out.tsx'),
  layout('routes/layout.tsx', [
    index('routes/queue.tsx'),
    route('orders', 'routes/orders.tsx'),
    route('orders/:orderNumber', 'routes/order.tsx'),
    route('customers', 'routes/customers.tsx'),
    route('customers/:id', 'routes/customer.tsx'),
    route('products', 'routes/products.tsx'),
    route('products/:itemCode', 'routes/product.tsx'),
    route('vouchers', 'routes/vouchers.tsx'),
    route('vouchers/:code', 'routes/voucher.tsx'),
    route('gift-cards', 'routes/gift-cards.tsx'),
    route('gift-cards/:id', 'routes/gift-card.tsx'),
    route('reviews', 'routes/reviews.tsx'),
    route('content', 'routes/content.tsx'),
    route('content/:name', 'routes/campaign.tsx'),
    route('staff', 'routes/staff.tsx'),
    route('audit', 'routes/audit.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
