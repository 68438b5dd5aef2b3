import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import lvConsultant from '../../locales/lv/consultant.json' with { type: 'json' };
import { answerAtBank, fillApplication, submitApplication, workflowPath } from './support/applicant.ts';
import { waitForMail } from './support/mailbox.ts';
import { personalCode } from './support/personal-code.ts';

/**
 * "Ask a consultant to call me" on a phone, in Latvian: after the identification the person picks the first open
 * slot, asks a question, gets the confirmation on the page and by e-mail, and cancels the call.
 */

const PHONE = { width: 375, height: 812 };
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).exclude('[data-live-announcer]').analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
  ).toEqual([]);
}

test('lv: on a phone, a call is asked for at the first open slot, confirmed by e-mail, and cancelled', async ({
  page,
}) => {
  const personalId = personalCode(1510, '150585');
  const email = `call-${randomUUID().slice(0, 8)}@example.lv`;
  await page.setViewportSize(PHONE);
  await page.goto(`${workflowPath('lv', 'enteringEssence')}?amount=3000&term=36`);
  await fillApplication(page, 'lv', { personalId, email, emailNotices: true });
  await submitApplication(page, 'lv');
  await page.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(page, 'approve', personalId);
  await expect(page).toHaveURL(new RegExp(`${workflowPath('lv', '(waiting|offers)')}$`), { timeout: 20_000 });

  await page.getByRole('button', { name: lvConsultant.open }).click();
  const time = page.getByRole('combobox', { name: lvConsultant.time });
  await expect(time).toBeVisible();
  const chosen = await time.locator('option:checked').textContent();
  expect(chosen).toMatch(/^\d{1,2}:\d{2}$/);
  await page.getByRole('textbox', { name: lvConsultant.question }).fill('Vai kredītu var atmaksāt ātrāk?');
  await expect(page.getByText(/kas beidzas ar \.\.\d{2}\./)).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole('button', { name: lvConsultant.send }).click();
  const confirmation = page.getByRole('region', { name: lvConsultant.heading });
  await expect(confirmation).toContainText(`Konsultants jums piezvanīs:`);
  await expect(confirmation).toContainText(`${chosen ?? ''} (Rīgas laiks)`);
  await expectNoViolations(page);
  await expect(async () => {
    const mails = await waitForMail(page.request, email, 1);
    expect(mails.some((mail) => mail.subject.startsWith('Konsultants jums piezvanīs'))).toBe(true);
  }).toPass({ timeout: 20_000 });

  await confirmation.getByRole('button', { name: lvConsultant.cancel }).click();
  await expect(page.getByText(lvConsultant.cancelled)).toBeVisible();
  await expect(page.getByRole('button', { name: lvConsultant.open })).toBeVisible();
});
