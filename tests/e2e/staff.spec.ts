import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import lvStaff from '../../locales/lv/staff.json' with { type: 'json' };
import ruStaff from '../../locales/ru/staff.json' with { type: 'json' };
import lvConsultant from '../../locales/lv/staff-consultant.json' with { type: 'json' };
import { E2E_STAFF_ADMIN_SECRET } from '../../playwright.config.ts';
import { pageWithAuthenticator as withAuthenticator, scanStaffPage as scan } from './support/staff-pages.ts';
import { validApplication } from '../fixtures/application.ts';

/**
 * The staff's foundation (issue 34) in Chromium with its virtual authenticator (CDP WebAuthn): the first
 * administrator comes from `npm run staff`, enrols a passkey from the link, adds a consultant and a compliance
 * officer, who enrol from theirs; the consultant is refused the audit log; the compliance officer searches it in
 * Russian, their language;
 * a passkey logs back in. axe finds nothing on any staff page at 1280 and 375 px.
 */

const run = promisify(execFile);
const port = Number(process.env.E2E_PORT ?? 4310);
const suffix = randomBytes(3).toString('hex');

async function enrol(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: lvStaff.enrol.heading })).toBeVisible();
  // the token leaves the address at once
  expect(page.url()).not.toContain('enrol=');
  await page.getByRole('button', { name: lvStaff.enrol.button }).click();
}

async function addMember(
  page: Page,
  email: string,
  role: 'consultant' | 'compliance',
  language = 'lv',
): Promise<string> {
  await page.getByLabel(lvStaff.members.email).fill(email);
  await page.getByLabel(lvStaff.members.name).fill(`E2E ${role}`);
  await page.getByLabel(lvStaff.members.role).selectOption(role);
  await page.getByLabel(lvStaff.members.language).selectOption(language);
  await page.getByRole('button', { name: lvStaff.add.submit }).click();
  const link = page.getByTestId('enrolment-link');
  await expect(link).toContainText('#enrol=');
  await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible();
  return (await link.textContent()) ?? '';
}

test('an administrator enrols, adds a consultant and a compliance officer; roles see their own pages only', async ({
  browser,
}) => {
  const { stdout } = await run(
    process.execPath,
    ['scripts/staff.ts', 'add', `admin-${suffix}@kreditkompass.lv`, 'admin', 'Anna'],
    {
      env: { ...process.env, STAFF_SERVER_URL: `http://127.0.0.1:${port}`, STAFF_ADMIN_SECRET: E2E_STAFF_ADMIN_SECRET },
    },
  );
  const adminLink = stdout.trim().split('\n').at(-1) ?? '';
  expect(adminLink).toMatch(new RegExp(`^http://localhost:${port}/staff#enrol=`));

  const admin = await withAuthenticator(browser);
  await enrol(admin, adminLink);
  await expect(admin.getByRole('heading', { name: lvStaff.members.heading })).toBeVisible();
  await scan(admin, "the administrator's members");

  const consultantLink = await addMember(admin, `consultant-${suffix}@kreditkompass.lv`, 'consultant');
  // the compliance officer prefers Russian: the page speaks it once they are in
  const complianceLink = await addMember(admin, `compliance-${suffix}@kreditkompass.lv`, 'compliance', 'ru');
  await scan(admin, 'the members with a new link');

  const consultant = await withAuthenticator(browser);
  await consultant.goto(consultantLink);
  await scan(consultant, 'the enrolment');
  await consultant.getByRole('button', { name: lvStaff.enrol.button }).click();
  await expect(consultant.getByRole('heading', { name: lvConsultant.queue.heading })).toBeVisible();
  await expect(consultant.getByRole('heading', { name: lvConsultant.search.heading })).toBeVisible();
  await scan(consultant, "the consultant's page");
  const refused = await consultant.request.get(`http://localhost:${port}/api/staff/audit`);
  expect(refused.status()).toBe(403);

  const compliance = await withAuthenticator(browser);
  await enrol(compliance, complianceLink);
  await expect(compliance.getByRole('heading', { name: ruStaff.audit.heading })).toBeVisible();
  await expect(compliance.locator('html')).toHaveAttribute('lang', 'ru');
  await compliance.getByRole('button', { name: ruStaff.audit.search }).click();
  await expect(compliance.getByRole('cell', { name: 'staff.enrolled' }).first()).toBeVisible();
  await scan(compliance, 'the audit log');

  // out, and back in with the same passkey, from the login page
  await admin.getByRole('button', { name: lvStaff.header.logout }).click();
  await expect(admin.getByRole('heading', { name: lvStaff.login.heading })).toBeVisible();
  await scan(admin, 'the login');
  await admin.getByRole('button', { name: lvStaff.login.button }).click();
  await expect(admin.getByRole('heading', { name: lvStaff.members.heading })).toBeVisible();
});

test("a consultant finds a person's call in the queue, opens the application, sees contacts for a reason, notes and marks the call", async ({
  browser,
}) => {
  const email = `call-${suffix}@example.lv`;
  const { stdout } = await run(
    process.execPath,
    ['scripts/staff.ts', 'add', `calls-${suffix}@kreditkompass.lv`, 'consultant', 'Ilze'],
    {
      env: { ...process.env, STAFF_SERVER_URL: `http://127.0.0.1:${port}`, STAFF_ADMIN_SECRET: E2E_STAFF_ADMIN_SECRET },
    },
  );
  const consultant = await withAuthenticator(browser);
  // a person asks for a call, with a question
  const submitted = await consultant.request.post('/api/applications', {
    headers: { 'idempotency-key': `e2e-consultant-${suffix}` },
    data: { language: 'lv', application: { ...validApplication, email } },
  });
  expect(submitted.status()).toBe(201);
  const { token } = (await submitted.json()) as { token: string };
  const slots = (await (await consultant.request.get('/api/consultant/slots')).json()) as {
    days: { slots: string[] }[];
  };
  const asked = await consultant.request.post('/api/applications/callRequests', {
    data: { token, slotStart: slots.days[1]?.slots[0], question: 'Vai varu atmaksāt ātrāk?', language: 'lv' },
  });
  expect(asked.status()).toBe(201);

  await enrol(consultant, stdout.trim().split('\n').at(-1) ?? '');
  await expect(consultant.getByRole('heading', { name: lvConsultant.queue.heading })).toBeVisible();
  const row = consultant.getByRole('row', { name: /Vai varu atmaksāt ātrāk\?/ });
  await expect(row).toBeVisible();
  await scan(consultant, 'the call queue');
  await row.getByRole('link', { name: new RegExp(lvConsultant.queue.open) }).click();
  await expect(consultant).toHaveURL(/#calls\/[0-9a-f-]{36}$/);
  await expect(consultant.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(consultant.getByText('••••••-•5097')).toBeVisible();
  await expect(consultant.getByText(email)).toHaveCount(0);
  await expect(consultant.getByText(lvConsultant.timeline.kinds.submitted)).toBeVisible();
  await scan(consultant, "the application's page");

  await consultant.getByLabel(lvConsultant.personal.reason).selectOption('callRequested');
  await consultant.getByRole('button', { name: lvConsultant.personal.show }).click();
  await expect(consultant.getByText(email)).toBeVisible();

  await consultant.getByLabel(lvConsultant.notes.label).fill('Atzvanīt rīt.');
  await consultant.getByRole('button', { name: lvConsultant.notes.add }).click();
  await expect(consultant.getByText('Atzvanīt rīt.')).toBeVisible();
  await consultant.getByRole('button', { name: lvConsultant.calls.called, exact: true }).click();
  await expect(consultant.getByText(lvConsultant.calls.states.called, { exact: true }).first()).toBeVisible();
  await scan(consultant, "the application's page after the call");

  // in the queue no more
  await consultant.getByRole('link', { name: lvConsultant.application.back }).click();
  await expect(consultant.getByRole('heading', { name: lvConsultant.queue.heading })).toBeVisible();
  await expect(consultant.getByRole('row', { name: /Vai varu atmaksāt ātrāk\?/ })).toHaveCount(0);
});
