import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_CHROME_PATH as chrome } from './tests/support/chromium';

if (!existsSync(chrome)) {
  throw new Error(
    `No Chromium at ${chrome}. Install one with "apt-get install -y chromium chromium-headless-shell" or point CHROME_PATH at a Chromium or Chrome binary.`,
  );
}

const port = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // NOTE: a whole scenario (log in, several pages, axe) took 20–29 s of a 30 s limit on the 2-core CI machine while
  // the other worker ran; each step still fails on its own 10 s expect limit.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://law-au.localhost:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: chrome,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@mobile/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@mobile/ },
  ],
  webServer: {
    command: 'node --import tsx tests/support/fresh-server.ts',
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
