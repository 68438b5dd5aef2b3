import { expect, test, type Page } from '@playwright/test';
import type { Language } from '../../domain/language.ts';
import lvAccount from '../../locales/lv/account.json' with { type: 'json' };
import ruAccount from '../../locales/ru/account.json' with { type: 'json' };
import {
  answerAtBank,
  expectStep,
  fillApplication,
  submitApplication,
  workflowPath,
  WORDS,
} from './support/applicant.ts';
import { personalCode } from './support/personal-code.ts';
import { mailbox, waitForMail } from './support/mailbox.ts';

/** this spec's people's birth date, so its codes meet no other spec's */
const BIRTH = '170390';

/**
 * Messages about the person's own application come by e-mail without asking (service messages), and one click
 * in a message's footer stops the rest: a form sent with its defaults gets the receipt and the offers message in
 * the sandbox's mailbox; the footer's link opens a page with one button; after it, choosing and signing sends
 * nothing more.
 */

const ACCOUNT = { lv: lvAccount, ru: ruAccount };
const ACCOUNT_PATH = { lv: '/profils', ru: '/ru/profil' };
const SUBJECTS = {
  lv: { received: 'Jūsu kredīta pieteikums ir saņemts', offers: /piedāvājumi|aizdevēji ir atbildējuši/ },
  ru: { received: 'Ваша заявка на кредит получена', offers: /предложения|кредиторы ответили/ },
};
const SIGN_AT_LENDER = { lv: 'Parakstīt līgumu', ru: 'Подписать договор' };

/** The person's own messages as their account's export lists them: kind, channel and what became of each. */
async function exportedMessages(page: Page): Promise<{ kind: string; channel: string; state: string }[]> {
  const exported = (await (await page.request.get('/api/account/export')).json()) as {
    applications: { messages: { kind: string; channel: string; state: string }[] }[];
  };
  return exported.applications.flatMap((one) => one.messages);
}

for (const [lang, width, seed] of [
  ['lv', 375, 1100],
  ['ru', 1280, 1200],
] as const satisfies readonly (readonly [Language, number, number])[]) {
  test(`${lang} at ${width} px: a form sent as it stands gets the receipt and the offers by e-mail; the footer's link stops the rest in one click`, async ({
    page,
    browser,
    request,
  }) => {
    const { form, workflow } = WORDS[lang];
    const account = ACCOUNT[lang];
    const code = personalCode(seed, BIRTH);
    const email = `${code}@example.lv`;
    await page.setViewportSize({ width, height: 800 });

    await page.goto(workflowPath(lang, 'enteringEssence'));
    await fillApplication(page, lang, { personalId: code, email });
    // nothing ticked for it: e-mails about the application are on as the form opens, and it says so
    const emailNotices = page.getByRole('checkbox', { name: `${form.emailNotices.label} ${form.optional}` });
    await expect(emailNotices).toBeChecked();
    await expect(emailNotices).toHaveAccessibleDescription(form.emailNotices.description);
    await submitApplication(page, lang);
    await page.getByRole('button', { name: /Daugavas Banka/ }).click();
    await answerAtBank(page, 'approve', code);
    await expectStep(page, lang, 'offers', workflow.steps.offers);

    // the receipt and the offers message, in the application's language
    const mails = await waitForMail(request, email, 2);
    expect(mails.map((mail) => mail.subject)).toContain(SUBJECTS[lang].received);
    const offers = mails.find((mail) => SUBJECTS[lang].offers.test(mail.subject));
    expect(offers).toBeDefined();
    expect(offers?.html).toContain(`lang="${lang}"`);

    // the footer's stop link opens a page with one button; one click and it is done
    const stop = /https?:\/\/\S+(?:\/e-pasta-atteikums|\/ru\/otpiska)#code=\S+/.exec(offers?.text ?? '')?.[0];
    expect(stop).toBeDefined();
    // (in a tab of its own, as a mail client opens it: a site page elsewhere would end the wizard's tab)
    const mailClient = await browser.newContext({ viewport: { width, height: 800 } });
    const stopPage = await mailClient.newPage();
    await stopPage.goto(stop ?? '');
    const confirm = stopPage.getByRole('main').getByRole('button');
    await expect(confirm).toHaveText(account.unsubscribe.button);
    await expect(confirm).toHaveCount(1);
    await confirm.click();
    await expect(stopPage.getByRole('status')).toContainText(account.unsubscribe.done.split(':')[0] ?? '');
    await mailClient.close();
    // what reached the mailbox until the click; nothing after it
    const before = (await mailbox(request, email)).length;

    // back in the wizard's tab: choose an offer and sign with the lender
    const choose = page.getByRole('button', { name: new RegExp(`^${workflow.offers.choose}`) }).first();
    const lender = ((await choose.getAttribute('aria-label')) ?? '').replace(
      workflow.offers.chooseLabel.replace('{{lender}}', ''),
      '',
    );
    await choose.click();
    await expectStep(page, lang, 'offerChosen', workflow.steps.offerChosen);
    await page.getByRole('button', { name: workflow.chosen.sign.replace('{{lender}}', lender) }).click();
    await expect(page).toHaveURL(/\/sandbox\/lenders\/.+\/contracts\//);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: SIGN_AT_LENDER[lang] }).click();
    await expect(page).toHaveURL(/\/applicantWorkflow\/(offerChosen|signing|paid)$/);
    const signedOrPaid = [workflow.signing.signedTitle, workflow.steps.paid].join('|');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^(${signedOrPaid})$`), {
      timeout: 20_000,
    });

    // in the account the e-mails are off, as the link left them; the signature's message was decided on and
    // withheld, as the export says: only then can the mailbox show that nothing more came
    await page.goto(ACCOUNT_PATH[lang]);
    await page.getByRole('button', { name: /Daugavas Banka/ }).click();
    await answerAtBank(page, 'approve', code);
    await expect(page).toHaveURL(new RegExp(`${ACCOUNT_PATH[lang]}$`));
    await expect(page.getByRole('checkbox', { name: account.consents.email })).not.toBeChecked();
    await expect
      .poll(
        async () =>
          (await exportedMessages(page))
            .filter((message) => message.kind === 'signed' && message.channel === 'email')
            .map((message) => message.state),
        { timeout: 20_000 },
      )
      .toEqual(['withheld']);
    expect(await mailbox(request, email)).toHaveLength(before);
  });
}
