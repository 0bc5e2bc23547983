import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';

// NOTE: a separate config so the React Router Vite plugin does not run under Vitest.
export default defineConfig({
  // The message catalogues (.po) compile as they do in the page build, for tests of texts services write.
  plugins: [lingui()],
  test: {
    include: [
      'domain/**/*.test.ts',
      'services/**/*.test.ts',
      'db/**/*.test.ts',
      'server/**/*.test.ts',
      'tests/api/**/*.test.ts',
    ],
    globalSetup: ['tests/support/global-setup.ts'],
    // NOTE: a login costs an OWASP-strength scrypt hash (about half a second a core), and throttle tests make dozens.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
