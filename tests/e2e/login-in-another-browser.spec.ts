import { expect, test, type Browser, type Page } from '@playwright/test';
import lvAccount from '../../locales/lv/account.json' with { type: 'json' };
import ruAccount from '../../locales/ru/account.json' with { type: 'json' };
import { answerAtBank } from './support/applicant.ts';
import { personalCode } from './support/personal-code.ts';

/** this spec's people's birth date, so its codes meet no other spec's */
const BIRTH = '170686';
const ACCOUNT = { lv: lvAccount, ru: ruAccount };
const ACCOUNT_PATH = { lv: '/profils', ru: '/ru/profil' };
const OTHER_BROWSER_PATH = { lv: '/cits-parluks', ru: '/ru/drugoj-brauzer' };
const BANK_RETURN = /\/api\/account\/login\/bank\/[^/]+\/return/;

/** A login begun in one browser: its bank page's address, the link someone could send. */
async function beginLogin(page: Page, lang: 'lv' | 'ru'): Promise<string> {
  await page.goto(ACCOUNT_PATH[lang]);
  await page.getByRole('button', { name: /Daugavas Banka/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/banks\//);
  return page.url();
}

/** Another person's browser: a context of its own, sharing no cookie with the first. */
async function otherBrowser(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

async function expectNoSessionIn(page: Page, lang: 'lv' | 'ru') {
  await expect(page).toHaveURL(new RegExp(`${OTHER_BROWSER_PATH[lang]}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ACCOUNT[lang].otherBrowser.heading);
  await expect(page.getByText(ACCOUNT[lang].otherBrowser.text)).toBeVisible();
  // the page offers to start again, in this browser
  await expect(page.getByRole('link', { name: ACCOUNT[lang].otherBrowser.account })).toHaveAttribute(
    'href',
    ACCOUNT_PATH[lang],
  );
  expect((await page.context().cookies()).some((cookie) => cookie.name.endsWith('kk_session'))).toBe(false);
  expect((await page.request.get('/api/account')).status()).toBe(401);
}

for (const [index, lang] of (['lv', 'ru'] as const).entries()) {
  test(`${lang}: a bank login begun in one browser and finished in another logs no one in there`, async ({
    page,
    browser,
  }) => {
    const victim = personalCode(1000 + index * 100, BIRTH);
    const link = await beginLogin(page, lang);
    const other = await otherBrowser(browser);
    try {
      await other.page.goto(link);
      await answerAtBank(other.page, 'approve', victim);
      await expectNoSessionIn(other.page, lang);
    } finally {
      await other.context.close();
    }
  });

  test(`${lang}: the bank's return of someone else's login, sent as a link, opens no session`, async ({
    page,
    browser,
  }) => {
    const attacker = personalCode(1050 + index * 100, BIRTH);
    await beginLogin(page, lang);
    // the one who began the login confirms at the bank, and keeps the return address instead of following it
    let link = '';
    await page.route(/\/sandbox\/banks\//, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const answer = await route.fetch({ maxRedirects: 0 });
      link = new URL(answer.headers().location ?? '', page.url()).toString();
      return route.fulfill({ status: 204 });
    });
    await answerAtBank(page, 'approve', attacker);
    await expect.poll(() => link).toMatch(BANK_RETURN);
    const other = await otherBrowser(browser);
    try {
      await other.page.goto(link);
      await expectNoSessionIn(other.page, lang);
    } finally {
      await other.context.close();
    }
  });
}
