import type { Config } from '@react-router/dev/config';

// The operator console (CONTRACT.md "Operator console"): a React Router app of its own, built beside the storefront
// (decision 041), so that not a byte of it reaches a storefront page.
export default {
  appDirectory: 'app',
  buildDirectory: '../build/console',
  basename: '/admin',
  ssr: true,
} satisfies Config;
