/** Debian's Chromium unless CHROME_PATH names another (Playwright's own browser download does not work here). */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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
