import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';

// NOTE: a separate config so the React Router Vite plugin does not run under Vitest.
// Two projects: `unit` needs no test database and runs once; `api` runs on the test database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL), where the two databases are proven alike. A test that opens the test database
// (tests/support/test-app.ts, test-db.ts) goes under tests/api/; any other beside its module or in tests/unit/.
export default defineConfig({
  // The message catalogues (.po) compile as they do in the page build, for tests of texts services write.
  plugins: [lingui()],
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // NOTE: a worker keeps its modules from one test file to the next (isolate off): importing the app's module graph
    // again for every file was about half of the api project's time. Each file makes its own app and database; a test
    // that spies on a global puts it back (restoreMocks does it after every test too).
    isolate: false,
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'domain/**/*.test.ts',
            'http/**/*.test.ts',
            'services/**/*.test.ts',
            'db/**/*.test.ts',
            'server/**/*.test.ts',
            'tests/unit/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
    ],
  },
});
