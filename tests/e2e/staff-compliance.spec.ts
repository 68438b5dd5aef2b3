import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Page } from '@playwright/test';
import lvStaff from '../../locales/lv/staff.json' with { type: 'json' };
import lv from '../../locales/lv/staff-compliance.json' with { type: 'json' };
import { E2E_STAFF_ADMIN_SECRET } from '../../playwright.config.ts';
import { pageWithAuthenticator as withAuthenticator, scanStaffPage as scan } from './support/staff-pages.ts';
import { personalCode } from './support/personal-code.ts';

/**
 * The compliance officer's pages (issue 34) in Chromium: the audit search's staff picker, a mailed erasure request
 * registered by personal code and carried out, an access request's export downloaded, a complaint with its due
 * date, the lenders' review requests; axe finds nothing on any of them at 1280 and 375 px.
 */

const run = promisify(execFile);
const port = Number(process.env.E2E_PORT ?? 4310);
const suffix = randomBytes(3).toString('hex');

async function enrol(page: Page, link: string) {
  await page.goto(link);
  await page.getByRole('button', { name: lvStaff.enrol.button }).click();
}

async function complianceOfficer(browser: Browser): Promise<Page> {
  const { stdout } = await run(
    process.execPath,
    ['scripts/staff.ts', 'add', `compliance-admin-${suffix}@kreditkompass.lv`, 'admin', 'Admin'],
    {
      env: { ...process.env, STAFF_SERVER_URL: `http://127.0.0.1:${port}`, STAFF_ADMIN_SECRET: E2E_STAFF_ADMIN_SECRET },
    },
  );
  const admin = await withAuthenticator(browser);
  await enrol(admin, stdout.trim().split('\n').at(-1) ?? '');
  await admin.getByLabel(lvStaff.members.email).fill(`officer-${suffix}@kreditkompass.lv`);
  await admin.getByLabel(lvStaff.members.name).fill('Olga Officer');
  await admin.getByLabel(lvStaff.members.role).selectOption('compliance');
  await admin.getByRole('button', { name: lvStaff.add.submit }).click();
  const link = (await admin.getByTestId('enrolment-link').textContent()) ?? '';
  const officer = await withAuthenticator(browser);
  await enrol(officer, link);
  await expect(officer.getByRole('heading', { name: lvStaff.audit.heading })).toBeVisible();
  return officer;
}

test("the compliance officer's registers: picker, data requests, complaints, review requests", async ({ browser }) => {
  // three members' logins and eleven axe scans at two widths: longer than one page's journey
  test.setTimeout(180_000);
  const page = await complianceOfficer(browser);

  // the audit search by a member picked by name
  await page
    .getByLabel(lvStaff.audit.staffId)
    .selectOption({ label: `Olga Officer <officer-${suffix}@kreditkompass.lv>` });
  await page.getByRole('button', { name: lvStaff.audit.search }).click();
  await expect(page.getByRole('cell', { name: 'staff.enrolled' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'staff.added' })).toHaveCount(0);
  await scan(page, 'the audit log with the picker');

  await page.getByRole('tab', { name: lvStaff.sections.dataRequests }).click();
  await expect(page).toHaveURL(/#dataRequests$/);
  await expect(page.getByText(lv.dataRequests.empty)).toBeVisible();
  await scan(page, 'the data requests, empty');
  // a field left out is named
  await page.getByRole('button', { name: lv.dataRequests.submit }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await scan(page, 'the data request form refused');

  await page.getByLabel(lv.dataRequests.kind).selectOption('erasure');
  await page.getByLabel(lv.common.channel).selectOption('post');
  await page.getByLabel(lv.dataRequests.identifiers.personalCode).fill(personalCode(1700, '050577'));
  await page.getByLabel(lv.dataRequests.identityCheck).selectOption('eSignature');
  await page.getByRole('button', { name: lv.dataRequests.submit }).click();
  await expect(page.getByText(lv.dataRequests.registered)).toBeVisible();
  // the code never stays on the page
  await expect(page.getByLabel(lv.dataRequests.identifiers.personalCode)).toHaveValue('');
  await page.getByRole('button', { name: /^Dzēst datus/ }).click();
  await page.getByRole('button', { name: lv.dataRequests.confirmErase }).click();
  await expect(page.getByRole('cell', { name: new RegExp(lv.dataRequests.states.done) })).toBeVisible();

  await page.getByLabel(lv.dataRequests.kind).selectOption('access');
  await page.getByLabel(lv.common.channel).selectOption('email');
  await page.getByLabel(lv.dataRequests.identifiers.personalCode).fill(personalCode(1710, '050577'));
  await page.getByLabel(lv.dataRequests.identityCheck).selectOption('inPerson');
  await page.getByRole('button', { name: lv.dataRequests.submit }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Lejupielādēt datus/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^kreditkompass-dati-[\w-]+\.json$/);
  await expect(page.getByText(lv.dataRequests.exported)).toBeVisible();
  await scan(page, 'the data requests');

  await page.getByRole('tab', { name: lvStaff.sections.complaints }).click();
  await page.getByLabel(lv.common.receivedOn).fill('2026-11-13');
  await page.getByLabel(lv.common.channel).selectOption('phone');
  await page.getByLabel(lv.complaints.category).selectOption('offers');
  await page.getByLabel(lv.complaints.summary).fill('Klients nesaņēma piedāvājumu e-pastā');
  await page.getByRole('button', { name: lv.complaints.submit }).click();
  await expect(page.getByText('Sūdzība reģistrēta. Atbildes termiņš: 07.12.2026.')).toBeVisible();
  await scan(page, 'the complaints');
  await page.getByRole('button', { name: /^Atzīmēt atbildi/ }).click();
  await page.getByLabel(lv.complaints.answerDate).fill('2026-11-20');
  await page.getByRole('button', { name: lv.complaints.saveAnswer }).click();
  await expect(page.getByText(lv.complaints.answered)).toBeVisible();

  await page.getByRole('tab', { name: lvStaff.sections.reviews }).click();
  await expect(page.getByRole('heading', { name: lv.reviews.heading })).toBeVisible();
  await scan(page, 'the review requests');
});
