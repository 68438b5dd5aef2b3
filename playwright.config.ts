import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from './tests/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 4310);
/**
 * A second server whose lenders answer one by one, each at a random moment 1.5 to 7 s after the application
 * reached it, and pay out 6 s after a signature, on a clock the tests move (tests/e2e/support/lender-clock.ts):
 * offers arriving, reloads while waiting, the signing screen before the payout.
 */
export const PACED_PORT = port + 1;
/** The main server's local administration secret: the staff spec adds the first administrator with it. */
export const E2E_STAFF_ADMIN_SECRET = 'e2e-staff-admin-secret-0123456789';
/** A publisher's site on another origin, embedding the widgets with the product's script tag. */
export const PUBLISHER_PORT = port + 2;

/** The tests that move the paced server's one clock: one at a time, so no test moves another's lenders. */
export const PACED_SPECS = [
  '**/application-journey.spec.ts',
  '**/workflow-accessibility.spec.ts',
  '**/widget-journey.spec.ts',
];
/** `npm run test:slow`: the container recipe and the screenshot sweep, which `npm test` leaves out. */
export const SLOW_SPECS = ['**/container-recipe.spec.ts', '**/screenshots.spec.ts'];

const chromiumLaunch = { executablePath: HEADLESS_SHELL_PATH, args: [...CHROMIUM_FLAGS] };

/** What both tiers of browser tests share: Chromium, the servers, the timeouts. */
export const browserTier: PlaywrightTestConfig = {
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunch,
    trace: 'off',
  },
  webServer: [
    {
      command: 'node server/sandbox/main.ts',
      url: `http://127.0.0.1:${port}/`,
      // an embedded database in memory: every run starts empty
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: 'memory',
        SANDBOX_LENDER_DELAY_MS: '0',
        // every test's browser comes from 127.0.0.1: per-address limits are for people, not for a
        // test suite (tests/server/api-behaviour.test.ts checks the limits themselves)
        RATE_LIMIT_SCALE: '50',
        // messages: "offers ready" after 1 s, and a retry a second after SMTP comes back
        NOTICE_BATCH_SECONDS: '1',
        NOTICE_RETRY_DELAY_SECONDS: '1',
        // the publisher of tests/e2e/publisher, reading its report (tests/e2e/widgets.spec.ts)
        PUBLISHER_KEYS: 'autoportals.lv:autoportals-report-key-0123456789',
        // the staff's local administration, which tests/e2e/staff.spec.ts asks for the first administrator
        STAFF_ADMIN_SECRET: E2E_STAFF_ADMIN_SECRET,
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'node server/sandbox/main.ts',
      url: `http://127.0.0.1:${PACED_PORT}/`,
      env: {
        PORT: String(PACED_PORT),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: 'memory',
        RATE_LIMIT_SCALE: '50',
        SANDBOX_LENDER_DELAY_MS: '1500-7000',
        // long enough to see the signing screen before the payout
        SANDBOX_LENDER_PAYOUT_MS: '6000',
        // the delays pass only as the tests move this clock (POST /sandbox/lenders/clock)
        SANDBOX_LENDER_CLOCK: 'manual',
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'node tests/e2e/support/publisher-server.ts',
      url: `http://127.0.0.1:${PUBLISHER_PORT}/declarative.html`,
      env: {
        PUBLISHER_PORT: String(PUBLISHER_PORT),
        PRODUCT_ORIGIN: `http://127.0.0.1:${port}`,
        PACED_ORIGIN: `http://127.0.0.1:${PACED_PORT}`,
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
};

/** `npm run test:e2e`, part of `npm test`: every browser test but the slow tier's. */
export default defineConfig({
  ...browserTier,
  // the paced tests first: one worker goes through them while the other takes the rest
  projects: [
    { name: 'paced', testMatch: PACED_SPECS, workers: 1 },
    { name: 'browser', testIgnore: [...SLOW_SPECS, ...PACED_SPECS] },
  ],
});
