import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import lvConsultantCall from '../../locales/lv/consultant.json' with { type: 'json' };
import lvStaff from '../../locales/lv/staff.json' with { type: 'json' };
import lvConsultant from '../../locales/lv/staff-consultant.json' with { type: 'json' };
import lvReports from '../../locales/lv/staff-reports.json' with { type: 'json' };
import { answerAtBank, fillApplication, submitApplication, workflowPath } from './support/applicant.ts';
import { personalCode } from './support/personal-code.ts';
import { addMemberByCli, enrolFromLink, pageWithAuthenticator, scanStaffPage } from './support/staff-pages.ts';

/**
 * The back office end to end (issue 34): an administrator enrols and adds a consultant and a compliance officer;
 * a person coming from a publisher uses the calculator, applies in Latvian and asks for a call; the consultant
 * finds the call, opens the application for a stated reason, notes and marks it; compliance finds those very
 * entries in the audit log, which the consultant is refused; the administrator's funnel, filtered to the
 * publisher, shows exactly this person's way. axe finds nothing on any staff page at 1280 and 375 px.
 */

const suffix = randomBytes(3).toString('hex');
const publisherId = `bo-${suffix}.lv`;
const question = `Vai varu atmaksāt ātrāk? ${suffix}`;
const personalId = personalCode(1510, '150585');

async function addMember(admin: Page, email: string, role: 'consultant' | 'compliance'): Promise<string> {
  await admin.getByLabel(lvStaff.members.email).fill(email);
  await admin.getByLabel(lvStaff.members.name).fill(`E2E ${role}`);
  await admin.getByLabel(lvStaff.members.role).selectOption(role);
  await admin.getByLabel(lvStaff.members.language).selectOption('lv');
  await admin.getByRole('button', { name: lvStaff.add.submit }).click();
  await expect(admin.getByRole('row', { name: new RegExp(email) })).toBeVisible();
  return (await admin.getByTestId('enrolment-link').textContent()) ?? '';
}

/** The person: the calculator on the home page from a publisher's link, the application, the bank, the call. */
async function applyAndAskForACall(page: Page): Promise<void> {
  await page.goto(`/?publisherId=${publisherId}`);
  const slider = page.getByRole('slider').first();
  // the calculator counts its first move once the page is live; the count must reach the server before we go on
  await expect(async () => {
    const counted = page.waitForResponse((response) => response.url().endsWith('/api/funnelEvents'), {
      timeout: 2_000,
    });
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    expect((await counted).status()).toBe(204);
  }).toPass({ timeout: 15_000 });
  await page.goto(`${workflowPath('lv', 'enteringEssence')}?amount=3000&term=36`);
  await fillApplication(page, 'lv', { personalId, email: `bo-${suffix}@example.lv`, emailNotices: true });
  await submitApplication(page, 'lv');
  await page.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(page, 'approve', personalId);
  await expect(page).toHaveURL(new RegExp(`${workflowPath('lv', '(waiting|offers)')}$`), { timeout: 20_000 });
  await page.getByRole('button', { name: lvConsultantCall.open }).click();
  await page.getByRole('textbox', { name: lvConsultantCall.question }).fill(question);
  await page.getByRole('button', { name: lvConsultantCall.send }).click();
  await expect(page.getByRole('region', { name: lvConsultantCall.heading })).toContainText(
    'Konsultants jums piezvanīs:',
  );
}

/** The consultant's part; answers the application's id, from the address its page opened at. */
async function takeTheCall(consultant: Page): Promise<string> {
  await expect(consultant.getByRole('heading', { name: lvConsultant.queue.heading })).toBeVisible();
  const row = consultant.getByRole('row', { name: new RegExp(question.replace(/[?]/g, '\\?')) });
  await expect(row).toBeVisible();
  await scanStaffPage(consultant, 'the call queue');
  await row.getByRole('link', { name: new RegExp(lvConsultant.queue.open) }).click();
  await expect(consultant).toHaveURL(/#calls\/[0-9a-f-]{36}$/);
  const applicationId = /#calls\/([0-9a-f-]{36})$/.exec(consultant.url())?.[1] ?? '';
  await expect(consultant.getByText(`••••••-•${personalId.slice(-4)}`)).toBeVisible();
  await expect(consultant.getByText(`bo-${suffix}@example.lv`)).toHaveCount(0);
  await scanStaffPage(consultant, "the application's page");
  await consultant.getByLabel(lvConsultant.personal.reason).selectOption('callRequested');
  await consultant.getByRole('button', { name: lvConsultant.personal.show }).click();
  await expect(consultant.getByText(`bo-${suffix}@example.lv`)).toBeVisible();
  await consultant.getByLabel(lvConsultant.notes.label).fill('Piezvanīju, viss skaidrs.');
  await consultant.getByRole('button', { name: lvConsultant.notes.add }).click();
  await expect(consultant.getByText('Piezvanīju, viss skaidrs.')).toBeVisible();
  await consultant.getByRole('button', { name: lvConsultant.calls.called, exact: true }).click();
  await expect(consultant.getByText(lvConsultant.calls.states.called, { exact: true }).first()).toBeVisible();
  await scanStaffPage(consultant, "the application's page after the call");
  return applicationId;
}

async function auditEntriesOf(compliance: Page, applicationId: string): Promise<void> {
  await expect(compliance.getByRole('heading', { name: lvStaff.audit.heading })).toBeVisible();
  await compliance.getByLabel(lvStaff.audit.applicationId).fill(applicationId);
  await compliance.getByRole('button', { name: lvStaff.audit.search }).click();
  for (const action of [
    'application.viewed',
    'application.personalDataViewed',
    'application.noteAdded',
    'callRequest.marked',
  ]) {
    await expect(compliance.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
  }
  const viewed = compliance.getByRole('row', { name: /application\.personalDataViewed/ });
  await expect(viewed).toContainText(lvConsultant.personal.reasons.callRequested);
  await scanStaffPage(compliance, 'the audit log');
  for (const section of ['dataRequests', 'complaints', 'reviews'] as const) {
    await compliance.getByRole('tab', { name: lvStaff.sections[section] }).click();
    await expect(compliance.getByRole('tabpanel')).toBeVisible();
    await scanStaffPage(compliance, `compliance's ${section}`);
  }
}

/** The funnel's totals for the test's publisher: each stage's count, as the table's total row shows it. */
async function funnelTotals(admin: Page): Promise<string[]> {
  await admin.getByRole('tab', { name: lvStaff.sections.funnel }).click();
  await admin.getByLabel(lvReports.filters.publisherId).fill(publisherId);
  await admin.getByRole('button', { name: lvReports.filters.show }).click();
  const total = admin.getByRole('row', { name: new RegExp(`^${lvReports.funnel.total}`) });
  await expect(total).toBeVisible();
  const cells = await total.getByRole('cell').allTextContents();
  return cells.slice(0, 8).map((text) => text.split(' ')[0] ?? '');
}

test('the back office end to end: a call asked for in lv, taken, audited, and counted in the reports', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const admin = await pageWithAuthenticator(browser);
  await enrolFromLink(admin, await addMemberByCli(`bo-admin-${suffix}@kreditkompass.lv`, 'admin', 'Anna'));
  await expect(admin.getByRole('heading', { name: lvStaff.members.heading })).toBeVisible();
  const consultantLink = await addMember(admin, `bo-consultant-${suffix}@kreditkompass.lv`, 'consultant');
  const complianceLink = await addMember(admin, `bo-compliance-${suffix}@kreditkompass.lv`, 'compliance');
  await scanStaffPage(admin, 'the members');

  await applyAndAskForACall(page);

  const consultant = await pageWithAuthenticator(browser);
  await enrolFromLink(consultant, consultantLink);
  const applicationId = await takeTheCall(consultant);
  // the staff's cookie is the enrolment link's host's (localhost: a passkey's relying party is a name, not an IP)
  const refused = await consultant.request.get(new URL('/api/staff/audit', consultant.url()).href);
  expect(refused.status()).toBe(403);

  const compliance = await pageWithAuthenticator(browser);
  await enrolFromLink(compliance, complianceLink);
  await auditEntriesOf(compliance, applicationId);

  // calculator, started, submitted, identified, offers (the sandbox's lenders answer), chosen, signed, paid
  await expect(async () => expect(await funnelTotals(admin)).toEqual(['1', '1', '1', '1', '1', '0', '0', '0'])).toPass({
    timeout: 30_000,
  });
  await scanStaffPage(admin, 'the funnel');
  for (const section of ['lenders', 'commissions'] as const) {
    await admin.getByRole('tab', { name: lvStaff.sections[section] }).click();
    await expect(admin.getByRole('tabpanel')).toBeVisible();
    await scanStaffPage(admin, `the ${section} report`);
  }
});
