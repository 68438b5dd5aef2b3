import { defineConfig } from '@playwright/test';
import { browserTier, SLOW_SPECS } from './playwright.config.ts';

/**
 * `npm run test:slow`, which `npm test` and .ci/run do not call: the container recipe (a clean `npm ci` of the
 * runtime stage, two brokers on a throwaway PostgreSQL) and the screenshot sweep (every page and wizard step in
 * both languages at two widths, for a person to look at). The sweep's wizard moves the paced server's clock, so
 * its tests run one at a time.
 */
export default defineConfig({
  ...browserTier,
  testMatch: SLOW_SPECS,
  // a sweep test goes through half the registry's pages, each shot at full length
  timeout: 180_000,
  projects: [
    { name: 'slow-paced', grep: /the wizard/, workers: 1 },
    { name: 'slow', grepInvert: /the wizard/ },
  ],
});
