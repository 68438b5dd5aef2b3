import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import lvStaff from '../../locales/lv/staff.json' with { type: 'json' };
import lvReports from '../../locales/lv/staff-reports.json' with { type: 'json' };
import { E2E_STAFF_ADMIN_SECRET } from '../../playwright.config.ts';
import { pageWithAuthenticator as withAuthenticator, scanStaffPage as scan } from './support/staff-pages.ts';

/**
 * The administrator's reports (issue 34) in Chromium: the login loads no chart code; the funnel, the lenders'
 * health and the commissions each show a chart (or table) that axe finds nothing wrong with at 1280 and 375 px,
 * chart text included; the CSV links answer CSV.
 */

const run = promisify(execFile);
const port = Number(process.env.E2E_PORT ?? 4310);
const suffix = randomBytes(3).toString('hex');

const scripts = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));

test("the administrator's reports: funnel, lenders' health and commissions, charts loaded only there", async ({
  browser,
}) => {
  const { stdout } = await run(
    process.execPath,
    ['scripts/staff.ts', 'add', `reports-${suffix}@kreditkompass.lv`, 'admin', 'Rita'],
    {
      env: { ...process.env, STAFF_SERVER_URL: `http://127.0.0.1:${port}`, STAFF_ADMIN_SECRET: E2E_STAFF_ADMIN_SECRET },
    },
  );
  const admin = await withAuthenticator(browser);
  await admin.goto(stdout.trim().split('\n').at(-1) ?? '');
  await admin.getByRole('button', { name: lvStaff.enrol.button }).click();
  await expect(admin.getByRole('heading', { name: lvStaff.members.heading })).toBeVisible();
  expect((await scripts(admin)).filter((name) => /Chart/.test(name))).toEqual([]);

  await admin.getByRole('tab', { name: lvStaff.sections.funnel }).click();
  await expect(admin.getByRole('heading', { name: lvReports.funnel.heading })).toBeVisible();
  await expect(admin.locator('figcaption', { hasText: lvReports.funnel.chartCaption })).toBeVisible();
  await expect(admin.locator('.recharts-surface').first()).toBeVisible();
  expect((await scripts(admin)).some((name) => /FunnelChart/.test(name))).toBe(true);
  await admin.getByLabel(lvReports.filters.groupBy).selectOption('product');
  await admin.getByLabel(lvReports.filters.unit).selectOption('week');
  await admin.getByRole('button', { name: lvReports.filters.show }).click();
  await scan(admin, 'the funnel');
  const csvHref = await admin.getByRole('link', { name: lvReports.csv }).getAttribute('href');
  expect(csvHref).toMatch(/^\/api\/staff\/reports\/funnel\.csv\?from=\d{4}-\d{2}-\d{2}&to=.*groupBy=product/);
  const csv = await admin.request.get(`http://localhost:${port}${csvHref}`);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');

  await admin.getByRole('tab', { name: lvStaff.sections.lenders }).click();
  await expect(admin.getByRole('heading', { name: lvReports.lenders.heading })).toBeVisible();
  await expect(admin.getByRole('rowheader', { name: 'Ziemeļu Banka' })).toBeVisible();
  await expect(admin.locator('.recharts-surface').first()).toBeVisible();
  await scan(admin, "the lenders' health");
  await admin.getByLabel(lvReports.lenders.window).selectOption('30d');
  await expect(admin.getByRole('table')).toContainText(lvReports.windows['30d']);

  await admin.getByRole('tab', { name: lvStaff.sections.commissions }).click();
  await expect(admin.getByRole('heading', { name: lvReports.commissions.heading })).toBeVisible();
  // the month's paid loans are whatever the other tests paid out: a table of them, or the words for none
  await expect(
    admin
      .getByRole('status')
      .filter({ hasText: lvReports.commissions.empty })
      .or(admin.getByRole('table', { name: lvReports.commissions.byLender })),
  ).toBeVisible();
  // the lenders' terms show either way
  await expect(admin.getByRole('table', { name: lvReports.commissions.terms })).toBeVisible();
  await scan(admin, 'the commissions');
});
