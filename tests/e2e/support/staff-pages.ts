import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import lvStaff from '../../../locales/lv/staff.json' with { type: 'json' };
import { E2E_STAFF_ADMIN_SECRET } from '../../../playwright.config.ts';

const run = promisify(execFile);
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const port = Number(process.env.E2E_PORT ?? 4310);

/** axe's WCAG 2.2 AA findings on the page at 1280 and at 375 px: none, or the test names them. */
export async function scanStaffPage(page: Page, what: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // react-aria's announcer keeps a pending button's announcement, which names the button after it is gone
    const { violations } = await new AxeBuilder({ page })
      .withTags(WCAG_22_AA)
      .exclude('[data-live-announcer]')
      .analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')}`),
      `${what} at ${width} px`,
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A page in a fresh context with a platform authenticator (CDP WebAuthn) that holds passkeys and verifies its user. */
export async function pageWithAuthenticator(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}

/** `npm run staff -- add EMAIL ROLE NAME` against the test server: its last line, the one-time enrolment link. */
export async function addMemberByCli(email: string, role: 'admin' | 'consultant' | 'compliance', name: string) {
  const { stdout } = await run(process.execPath, ['scripts/staff.ts', 'add', email, role, name], {
    env: { ...process.env, STAFF_SERVER_URL: `http://127.0.0.1:${port}`, STAFF_ADMIN_SECRET: E2E_STAFF_ADMIN_SECRET },
  });
  return stdout.trim().split('\n').at(-1) ?? '';
}

/** Opens a one-time enrolment link and makes the passkey it asks for. */
export async function enrolFromLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: lvStaff.enrol.heading })).toBeVisible();
  await page.getByRole('button', { name: lvStaff.enrol.button }).click();
}
