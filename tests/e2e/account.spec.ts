import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import lvAccount from '../../locales/lv/account.json' with { type: 'json' };
import ruAccount from '../../locales/ru/account.json' with { type: 'json' };
import lvCommon from '../../locales/lv/common.json' with { type: 'json' };
import ruCommon from '../../locales/ru/common.json' with { type: 'json' };
import lvValidation from '../../locales/lv/validation.json' with { type: 'json' };
import ruValidation from '../../locales/ru/validation.json' with { type: 'json' };
import { validApplication } from '../fixtures/application.ts';
import {
  answerAtBank,
  answerSmartId,
  expectStep,
  fillApplication,
  submitApplication,
  WORDS,
} from './support/applicant.ts';
import { personalCode } from './support/personal-code.ts';

/** this spec's people's birth date, so its codes meet no other spec's */
const BIRTH = '150585';

/**
 * "Mans profils" in a real browser against the real server: log in by a bank and by Smart-ID, see
 * one's applications and choose an offer there, consents, export and erasure, log out.
 */

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const ACCOUNT = { lv: lvAccount, ru: ruAccount };
const VALIDATION = { lv: lvValidation, ru: ruValidation };

async function scan(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** An application through the wizard up to its offers, identified at the bank. */
async function applyUntilOffers(page: Page, code: string) {
  await page.goto('/applicantWorkflow/enteringEssence');
  await fillApplication(page, 'lv', { personalId: code, emailNotices: true, email: `${code}@example.lv` });
  await submitApplication(page, 'lv');
  await page.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(page, 'approve', code);
  await expectStep(page, 'lv', 'offers', WORDS.lv.workflow.steps.offers);
}

test('lv: log in by bank from the header, choose an offer in the account, check the cookie, log out', async ({
  page,
  context,
}) => {
  const code = personalCode(1000, BIRTH);
  await applyUntilOffers(page, code);

  await page.goto('/');
  await page.getByRole('link', { name: lvCommon.nav.account }).click();
  await expect(page).toHaveURL(/\/profils$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(lvAccount.heading);
  await page.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(page, 'approve', code);
  await expect(page).toHaveURL(/\/profils$/);
  await expect(page.getByText(lvAccount.greeting.replace('{{name}}', 'Jānis'))).toBeVisible();

  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'kk_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/account' });

  const application = page.getByRole('article').first();
  await expect(application.getByText(lvAccount.states.offers)).toBeVisible();
  await expect(application.getByText(lvCommon.warning)).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await scan(page);
  }
  const choose = application.getByRole('button', { name: /^Izvēlēties .+ piedāvājumu$/ }).first();
  const label = (await choose.getAttribute('aria-label')) ?? '';
  const lender = label.replace(/^Izvēlēties aizdevēja /, '').replace(/ piedāvājumu$/, '');
  await choose.click();
  await application.getByRole('button', { name: lvAccount.applications.confirm }).click();
  await expect(application.getByText(lvAccount.states.offerChosen)).toBeVisible();
  await expect(application.getByRole('link', { name: `Parakstīt līgumu ar aizdevēju ${lender}` })).toHaveAttribute(
    'href',
    /\/sandbox\/lenders\/.+\/contracts\//,
  );

  await page.getByRole('button', { name: lvAccount.logout, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: lvAccount.login.loggedOut })).toBeVisible();
  expect(await page.request.get('/api/account').then((answer) => answer.status())).toBe(401);
});

test('a logged-out visit to the account, lv and ru, is no error: nothing in the console, the way in on screen', async ({
  page,
}) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
  });
  for (const [path, words] of [
    ['/profils', lvAccount],
    ['/ru/profil', ruAccount],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: words.login.heading })).toBeVisible();
  }
  expect(logged).toEqual([]);
});

test('ru: log in by Smart-ID; someone else’s application is not found; the account is accessible at 375 and 1280 px', async ({
  page,
  browser,
}) => {
  const mine = personalCode(1100, BIRTH);
  const theirs = personalCode(1200, BIRTH);
  await applyUntilOffers(page, theirs);
  // the other person's application, as seen in their own account
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/profils');
  await otherPage.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(otherPage, 'approve', theirs);
  const account = (await (await otherPage.request.get('/api/account')).json()) as { applications: { id: string }[] };
  const theirId = account.applications[0]?.id ?? '';
  expect(theirId).not.toBe('');
  await other.close();

  // an application of mine, submitted in Russian and not yet identified
  const submitted = await page.request.post('/api/applications', {
    headers: { 'idempotency-key': `e2e-account-${mine}-${Date.now()}` },
    data: { language: 'ru', application: { ...validApplication, personalId: mine } },
  });
  expect(submitted.status()).toBe(201);

  const ru = ACCOUNT.ru;
  await page.context().clearCookies();
  await page.goto('/ru/profil');
  await page.getByRole('textbox', { name: ru.login.personalCode }).fill(mine);
  await page.getByRole('button', { name: ru.login.smartIdStart }).click();
  await expect(page.getByRole('heading', { name: ru.login.codeHeading })).toBeFocused();
  const verification = (await page.locator('.account-login__code').textContent())?.trim() ?? '';
  await answerSmartId(page, verification, 'OK');
  await expect(page.getByRole('heading', { name: ru.applications.heading })).toBeVisible();
  const listed = page.getByRole('article');
  await expect(listed).toHaveCount(1);
  await expect(listed.getByText(ru.states.draft)).toBeVisible();
  await expect(listed.getByRole('button', { name: ru.applications.continue })).toBeVisible();

  const foreign = await page.request.post(`/api/account/applications/${theirId}/handoff`);
  expect(foreign.status()).toBe(404);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await scan(page);
  }
  // the pending application goes on in the wizard where it stands: the identification
  await listed.getByRole('button', { name: ru.applications.continue }).click();
  await expect(page).toHaveURL(/\/ru\/applicantWorkflow\/choosingIdConfirmationMethod/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(WORDS.ru.workflow.steps.choosingMethod);
});

test('lv: an e-mail consent withdrawn in the account stops the messages: signing sends none', async ({
  page,
  request,
}) => {
  const code = personalCode(1300, BIRTH);
  const mailbox = `/sandbox/mail/messages.json?to=${code}@example.lv`;
  await applyUntilOffers(page, code);
  await page.goto('/profils');
  await page.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(page, 'approve', code);

  const email = page.getByRole('checkbox', { name: lvAccount.consents.email });
  await expect(email).toBeChecked();
  await expect(page.getByText(/Dota .+ pieteikuma veidlapā/).first()).toBeVisible();
  await email.locator('xpath=ancestor::label[1]').click();
  await expect(email).not.toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: /Saglabāts/ })).toBeVisible();
  await expect(page.getByText(/Atsaukta .+ profilā/)).toBeVisible();
  const subjects = async () =>
    ((await (await request.get(mailbox)).json()) as { subject: string }[]).map((mail) => mail.subject);
  expect((await subjects()).length).toBeGreaterThan(0);

  // a signed contract is a moment for a message: none comes now
  const application = page.getByRole('article').first();
  await application
    .getByRole('button', { name: /^Izvēlēties/ })
    .first()
    .click();
  await application.getByRole('button', { name: lvAccount.applications.confirm }).click();
  await application.getByRole('link', { name: /^Parakstīt līgumu ar aizdevēju/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/lenders\/.+\/contracts\//);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Parakstīt līgumu' }).click();
  // back in the account, which shows the contract signed (or already paid)
  await expect(page).toHaveURL(/\/profils$/);
  await expect(
    page
      .getByRole('article')
      .first()
      .locator('.account-application__state')
      .getByText(new RegExp(`${lvAccount.states.signed}|${lvAccount.states.paid}`)),
  ).toBeVisible({ timeout: 20_000 });
  // the signature's message has been decided on, and withheld for the withdrawn consent, as the person's export
  // says; only then can the mailbox show that nothing came
  await expect
    .poll(
      async () => {
        const exported = (await (await page.request.get('/api/account/export')).json()) as {
          applications: { messages: { kind: string; channel: string; state: string }[] }[];
        };
        return exported.applications
          .flatMap((one) => one.messages)
          .filter((message) => message.kind === 'signed' && message.channel === 'email')
          .map((message) => message.state);
      },
      { timeout: 20_000 },
    )
    .toEqual(['withheld']);
  // a message decided before the withdrawal (the offers, every lender's answer) may still be on its way; none of
  // the signature or the payout comes
  expect((await subjects()).filter((subject) => /ir parakstīts|Nauda ir izmaksāta/.test(subject))).toEqual([]);
});

test('lv: export holds the application; erasure empties the account and each lender hears of the withdrawal', async ({
  page,
  request,
}) => {
  const code = personalCode(1400, BIRTH);
  await applyUntilOffers(page, code);
  await page.goto('/profils');
  await page.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(page, 'approve', code);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: lvAccount.myData.export }).click();
  const file = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  const exported = JSON.parse(await readFile(file, 'utf8')) as {
    applications: { applicant: { personalId: string } }[];
  };
  expect(exported.applications.map((application) => application.applicant.personalId)).toEqual([code]);

  const withdrawals = async () =>
    ((await (await request.get('/sandbox/lenders/withdrawals')).json()) as unknown[]).length;
  const already = await withdrawals();
  await page.getByRole('button', { name: lvAccount.myData.erase }).click();
  const dialog = page.getByRole('alertdialog', { name: lvAccount.myData.confirmHeading });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: lvAccount.myData.confirm }).click();
  await expect(page.getByRole('status').filter({ hasText: /Jūsu dati ir dzēsti/ })).toBeVisible();
  await expect.poll(withdrawals, { timeout: 15_000 }).toBeGreaterThan(already);

  await page.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(page, 'approve', code);
  await expect(page.getByText(lvAccount.applications.none)).toBeVisible();
});

test('lv: with SMTP down during a submission the "received" message arrives once it is back', async ({
  page,
  request,
}) => {
  const email = `outage-${Date.now()}@example.lv`;
  await request.post('/sandbox/mail/outage', { data: { down: true } });
  try {
    await page.goto('/applicantWorkflow/enteringEssence');
    await fillApplication(page, 'lv', { email, emailNotices: true });
    // the application goes on while the mail server is down (that the send is tried and retried is
    // tests/server/notices.test.ts's, which sees the job queue)
    await submitApplication(page, 'lv');
    expect(await (await request.get(`/sandbox/mail/messages.json?to=${email}`)).json()).toEqual([]);
  } finally {
    await request.post('/sandbox/mail/outage', { data: { down: false } });
  }
  await expect
    .poll(
      async () => ((await (await request.get(`/sandbox/mail/messages.json?to=${email}`)).json()) as unknown[]).length,
      {
        timeout: 30_000,
      },
    )
    .toBe(1);
});

for (const lang of ['lv', 'ru'] as const) {
  test(`${lang}: the SMS opt-out page sends a code and stops SMS to that number, accessible at 375 and 1280 px`, async ({
    page,
    request,
  }) => {
    const words = ACCOUNT[lang].smsOptOut;
    const phone = `+3712${String(Date.now()).slice(-7)}`;
    await page.goto(lang === 'lv' ? '/' : '/ru');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: (lang === 'lv' ? lvCommon : ruCommon).footer.smsOptOut })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.heading);
    const field = page.getByRole('textbox', { name: words.phone });
    // typing before the page's script runs would be lost, as for a person on a slow line
    await expect(page.locator('.account-form[data-hydrated]')).toBeVisible();
    await field.fill('+3712');
    await page.getByRole('button', { name: words.send }).click();
    // a wrong number keeps what was typed and says why
    await expect(field).toHaveValue('+3712');
    await expect(page.getByText(VALIDATION[lang].phone)).toBeVisible();
    await field.fill(phone);
    await page.getByRole('button', { name: words.send }).click();
    await expect(page.getByRole('status').filter({ hasText: words.sent.split('{{')[0] ?? '' })).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await scan(page);
    }
    const sms = (await (await request.get(`/sandbox/sms/messages.json?to=${encodeURIComponent(phone)}`)).json()) as {
      text: string;
    }[];
    const code = /\b(\d{6})\b/.exec(sms[0]?.text ?? '')?.[1] ?? '';
    await page.getByRole('textbox', { name: words.code }).fill(code);
    await page.getByRole('button', { name: words.confirm }).click();
    await expect(page.getByRole('status').filter({ hasText: words.done.split('{{')[0] ?? '' })).toBeVisible();
    await scan(page);
  });
}
