/**
 * Debian's Chromium, never a downloaded browser, with flags that keep it off the network this machine does not
 * have. The Lighthouse bench launches the full browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests launch Debian's headless shell (package chromium-headless-shell): the same Blink and V8
 * without the browser's windowing, which Playwright itself uses for headless runs. The suite takes about 60 %
 * of the full browser's time on two cores.
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
