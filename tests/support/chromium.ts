import { existsSync } from 'node:fs';

/** Debian's Chromium unless CHROME_PATH names another (Playwright's own browser download does not work here). */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser the browser tests drive: CHROME_PATH when set, else Debian's headless shell
 * (`apt-get install -y chromium-headless-shell`, the same engine Playwright's own download would use for headless
 * runs) when it is installed, else Chromium. NOTE: the shell has no browser UI to start per page, and the whole
 * browser suite ran in two thirds of the time with it on the 2-core machine. Lighthouse keeps the full Chromium.
 */
export const TEST_CHROME_PATH = !process.env.CHROME_PATH && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROME_PATH;

/**
 * Flags for Chromium in this sandbox: no sandbox or GPU, and none of its background connections (this machine's
 * closed network refuses them, many at a time). Browser tests and the benchmarks launch it with these.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
