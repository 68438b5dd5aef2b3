import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Language } from '../../domain/language.ts';
import { answerAtBank, fillApplication, submitApplication, WORDS, workflowPath } from './support/applicant.ts';
import lvAccount from '../../locales/lv/account.json' with { type: 'json' };
import { waitForMail } from './support/mailbox.ts';
import { phonePhoto, receivedBy, REQUEST_WORDS, sha256, statementPdf } from './support/documents.ts';
import { personalCode } from './support/personal-code.ts';

/**
 * A lender that needs documents before it decides: two sandbox banks ask anyone over 15 000 € (and anyone
 * self-employed) for a 6-month statement. The person answers on a phone, in the wizard.
 */

const PHONE = { width: 375, height: 812 };
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const LENDER = 'Ziemeļu Banka';
const STATEMENT_TITLE = {
  lv: 'Bankas konta izraksts par pēdējiem 6 mēnešiem',
  ru: 'Выписка со счёта за последние 6 месяцев',
} as const;

/** Applies for 16 000 € and confirms identity at the sandbox bank; answers the request's card of `LENDER`. */
async function applyAndMeetTheRequest(
  page: Page,
  lang: Language,
  { personalId, incomeType = 'fullTimeJob' }: { personalId: string; incomeType?: 'fullTimeJob' | 'selfEmployment' },
) {
  const email = `docs-${randomUUID().slice(0, 8)}@example.lv`;
  await page.setViewportSize(PHONE);
  await page.goto(`${workflowPath(lang, 'enteringEssence')}?amount=16000&term=60`);
  await fillApplication(page, lang, { personalId, incomeType, email, emailNotices: true });
  await submitApplication(page, lang);
  await page.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(page, 'approve', personalId);
  await expect(page).toHaveURL(new RegExp(`${workflowPath(lang, '(waiting|offers)')}$`), { timeout: 20_000 });
  const heading = REQUEST_WORDS[lang].heading.replace('{{lender}}', LENDER);
  const card = page.getByRole('region', { name: heading });
  await expect(card).toBeVisible({ timeout: 20_000 });
  return { card, email };
}

/** The request's e-mail names the lender; its link, in a fresh browser on a phone, lands on the request's card. */
async function expectLinkOpensTheRequest(browser: Browser, page: Page, lang: Language, email: string) {
  let link = '';
  await expect(async () => {
    const mails = await waitForMail(page.request, email, 1);
    const asked = mails.find((mail) => mail.subject.includes(LENDER) && /dokument|документ/i.test(mail.subject));
    link = /https?:\/\/[^\s"<>]+\/api\/continue\?[^\s"<>]+/.exec(asked?.text ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 20_000 });
  const fresh = await browser.newContext({ viewport: PHONE });
  const phone = await fresh.newPage();
  await phone.goto(link);
  await expect(phone).toHaveURL(new RegExp(`${workflowPath(lang, 'waiting')}$`), { timeout: 20_000 });
  const heading = phone.getByRole('heading', {
    level: 2,
    name: REQUEST_WORDS[lang].heading.replace('{{lender}}', LENDER),
  });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await fresh.close();
}

/** "Mans profils" names the open request and its button opens the wizard at it (lv). */
async function expectAccountOpensTheRequest(page: Page, personalId: string) {
  await page.goto('/profils');
  await page.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(page, 'approve', personalId);
  await expect(page).toHaveURL(/\/profils$/);
  const asked = page.getByRole('region', { name: lvAccount.documents.heading_other });
  await expect(asked).toContainText(STATEMENT_TITLE.lv);
  await expectNoViolations(page);
  await asked.getByRole('button', { name: lvAccount.documents.answerLender.replace('{{lender}}', LENDER) }).click();
  await expect(page).toHaveURL(new RegExp(`${workflowPath('lv', 'waiting')}$`), { timeout: 20_000 });
  const heading = page.getByRole('heading', { level: 2, name: REQUEST_WORDS.lv.heading.replace('{{lender}}', LENDER) });
  await expect(heading).toBeFocused();
}

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).exclude('[data-live-announcer]').analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
  ).toEqual([]);
}

for (const [lang, seed, keyboard] of [
  ['lv', 1310, false],
  ['ru', 1320, true],
] as const) {
  test(`${lang}: on a phone, the request comes by e-mail too, and a PDF and a photo go up and reach the lender that asked${
    keyboard ? ', by keyboard alone' : ''
  }`, async ({ page, browser }) => {
    const words = REQUEST_WORDS[lang];
    const personalId = personalCode(seed, '150585');
    const { card, email } = await applyAndMeetTheRequest(page, lang, { personalId });
    await expect(card.getByRole('heading', { name: STATEMENT_TITLE[lang] })).toBeVisible();
    await expectNoViolations(page);

    // the message's link opens the request, in focus, in a browser that never saw the application
    await expectLinkOpensTheRequest(browser, page, lang, email);
    if (!keyboard) await expectAccountOpensTheRequest(page, personalId);

    const pdf = await statementPdf();
    const photo = await phonePhoto();
    const choose = card.getByRole('button', { name: words.upload.choose });
    const camera = card.getByRole('button', { name: words.upload.camera });
    const chooser = async (button: typeof choose) => {
      const opened = page.waitForEvent('filechooser');
      if (keyboard) {
        await button.focus();
        await page.keyboard.press('Enter');
      } else {
        await button.click();
      }
      return opened;
    };
    await (await chooser(choose)).setFiles({ name: 'izraksts.pdf', mimeType: 'application/pdf', buffer: pdf });
    const files = card.getByRole('list', { name: words.file.list });
    await expect(files.getByText('izraksts.pdf')).toBeVisible();
    await (await chooser(camera)).setFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(files.getByText('foto.jpg')).toBeVisible();
    await expectNoViolations(page);

    const send = card.getByRole('button', { name: words.send.button });
    if (keyboard) {
      await send.focus();
      await page.keyboard.press('Enter');
    } else {
      await send.click();
    }
    // the words on the card; the card's live region may still be saying them to a screen reader
    await expect(card.getByRole('paragraph').filter({ hasText: words.send.done })).toBeVisible();

    // the lender that asked has exactly the PDF, and the photo re-encoded (no location): smaller, a JPEG
    const [received] = await receivedBy(page.request, 'ziemelu-banka', (items) =>
      items.some((item) => item.files.some((file) => file.sha256 === sha256(pdf))),
    );
    expect(received?.files.map((file) => file.contentType).sort()).toEqual(['application/pdf', 'image/jpeg']);
    const stored = received?.files.find((file) => file.contentType === 'image/jpeg');
    expect(stored?.sha256).not.toBe(sha256(photo));
    // the request answered, the lender decides in its usual time
    await expect(card.getByText(new RegExp(`${words.state.sent}|${words.state.received}`)).first()).toBeVisible({
      timeout: 20_000,
    });
  });
}

/** A code the sandbox bank's account data reads as self-employed: the tenth digit is even. */
function selfEmployedCode(seed: number, birth: string): string {
  for (let serial = seed; ; serial += 1) {
    const code = personalCode(serial, birth);
    if (Number(code.replace('-', '')[9]) % 2 === 0) return code;
  }
}

for (const [lang, seed, keyboard] of [
  ['lv', 1330, false],
  ['ru', 1340, true],
] as const) {
  test(`${lang}: on a phone, a self-employed applicant for 16 000 € shares the bank's data, sees the income summary, sends it, and the lender's offer comes${
    keyboard ? ', by keyboard alone on our pages' : ''
  }`, async ({ page }) => {
    const words = REQUEST_WORDS[lang];
    const personalId = selfEmployedCode(seed, '200781');
    const { card } = await applyAndMeetTheRequest(page, lang, { personalId, incomeType: 'selfEmployment' });
    await expect(card.getByRole('heading', { name: STATEMENT_TITLE[lang] })).toBeVisible();

    const bank = card.getByRole('combobox', { name: words.bank.choose });
    const start = card.getByRole('button', { name: words.bank.start });
    if (keyboard) {
      // a closed native select takes typed letters; Tab moves on to the button
      await bank.focus();
      await page.keyboard.type('Daugavas');
      await expect(bank.locator('option:checked')).toHaveText('Daugavas Banka');
      await page.keyboard.press('Tab');
      await expect(start).toBeFocused();
      await page.keyboard.press('Enter');
    } else {
      await bank.selectOption({ label: 'Daugavas Banka' });
      await start.click();
    }
    // the bank's own page: log in and approve reading the accounts, then back to the wizard
    await answerAtBank(page, 'approve', personalId);
    await expect(page).toHaveURL(new RegExp(`${workflowPath(lang, 'waiting')}$`), { timeout: 20_000 });

    const summary = card.getByRole('region', { name: words.summary.heading });
    await expect(summary).toBeVisible({ timeout: 20_000 });
    await expect(summary.getByText(words.summary.kind.selfEmployment)).toBeVisible();
    await expect(summary.getByRole('row')).not.toHaveCount(0);
    await expect(card.getByText(words.file.bankStatement)).toBeVisible();
    await expectNoViolations(page);

    const send = card.getByRole('button', { name: words.send.button });
    if (keyboard) {
      await send.focus();
      await page.keyboard.press('Enter');
    } else {
      await send.click();
    }
    // the words on the card; the card's live region may still be saying them to a screen reader
    await expect(card.getByRole('paragraph').filter({ hasText: words.send.done })).toBeVisible();
    // the lender read the statement and decides as usual: its line in the list turns to an offer
    const lender = page.locator('.lender-list__item', { hasText: LENDER });
    await expect(lender).toContainText(WORDS[lang].workflow.waiting.progress.offer, { timeout: 30_000 });
  });
}
