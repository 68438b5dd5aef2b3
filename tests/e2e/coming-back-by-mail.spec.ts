import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { answerAtBank, expectStep, fillApplication, submitApplication, WORDS } from './support/applicant.ts';
import { waitForMail, type Mail } from './support/mailbox.ts';

/**
 * Coming back by e-mail: the messages land in the sandbox's mailbox (a real SMTP server), and their
 * links open the application where it stands in a browser that never saw it.
 */

const continueLink = (mail: Mail | undefined): string => {
  const link = /https?:\/\/[^\s"<>]+\/api\/continue\?[^\s"<>]+/.exec(mail?.text ?? '')?.[0];
  expect(link).toBeDefined();
  return link ?? '';
};

test('ru: the "received" message continues the application in a fresh browser; "offers ready" opens the offers', async ({
  page,
  browser,
  request,
}) => {
  const { workflow } = WORDS.ru;
  const email = `ru-${randomUUID().slice(0, 8)}@example.lv`;
  await page.goto('/ru/applicantWorkflow/enteringEssence');
  await fillApplication(page, 'ru', { email, emailNotices: true });
  await submitApplication(page, 'ru');

  const [received] = await waitForMail(request, email, 1);
  // Russian, with the first name, never the personal code
  expect(received?.subject).toMatch(/[а-яё]/i);
  expect(received?.text).toContain('Jānis');
  expect(received?.text).not.toMatch(/\d{6}-\d{5}/);

  // another device: no token in its storage; the link opens the identification where it stands
  const elsewhere = await browser.newContext();
  const phone = await elsewhere.newPage();
  await phone.goto(continueLink(received));
  await expect(phone).toHaveURL(/\/ru\/applicantWorkflow\/choosingIdConfirmationMethod/);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(workflow.steps.choosingMethod);
  expect(phone.url()).not.toContain('handoff');

  // identified on that device, the lenders answer; then the "offers ready" message arrives
  await phone.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(phone, 'approve');
  // the lenders of this server answer at once: waiting, or already the offers
  await expect(phone).toHaveURL(/\/ru\/applicantWorkflow\/(waiting|offers)$/, { timeout: 20_000 });
  await elsewhere.close();

  const mails = await waitForMail(request, email, 2);
  // "offers ready", or, when every lender has answered by the time it goes, the one message that says so
  const ready = mails.find((mail) => mail !== received && /предложен|кредиторы ответили/i.test(mail.subject));
  expect(ready).toBeDefined();
  const third = await browser.newContext();
  const laptop = await third.newPage();
  await laptop.goto(continueLink(ready));
  await expectStep(laptop, 'ru', 'offers', workflow.steps.offers);
  // the offers, a table on a wide screen and cards on a phone: each with its Choose button
  await expect(
    laptop
      .getByRole('button', { name: new RegExp(`^${workflow.offers.chooseLabel.replace('{{lender}}', '')}`) })
      .first(),
  ).toBeVisible();
  await third.close();
});

test('lv: a forged or spent link gets a clear page that points to "Mans profils"', async ({ page }) => {
  await page.goto('/api/continue?code=not-a-code&lang=lv');
  await expect(page).toHaveURL(/\/saite-nederiga$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /Mans profils/ })).toHaveAttribute('href', '/profils');
});
