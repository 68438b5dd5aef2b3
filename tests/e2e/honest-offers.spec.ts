import { expect, test, type Page } from '@playwright/test';
import type { Language } from '../../domain/language.ts';
import { lendersAnswerSchema } from '../../domain/lenders.ts';
import { servesLoan } from '../../domain/lender-reach.ts';
import { applicationStatusSchema } from '../../domain/api.ts';
import lvLenders from '../../locales/lv/lenders.json' with { type: 'json' };
import ruLenders from '../../locales/ru/lenders.json' with { type: 'json' };
import lvForm from '../../locales/lv/form.json' with { type: 'json' };
import ruForm from '../../locales/ru/form.json' with { type: 'json' };
import { answerAtBank, expectStep, fillApplication, submitApplication, WORDS } from './support/applicant.ts';

/**
 * Issue 15 in a real browser against the real server and its sandbox lenders: the person unticks lenders before
 * sending and those are never asked; counter-offers stand apart and are never the best; a declined lender's human
 * review is asked for, reaches that lender signed, and its answer shows on the screen.
 *
 * The applicant earns 700 € and pays 100 € a month on other credits and asks for 5 000 € over 36 months for a car:
 * some lenders offer exactly that, some only over a longer term, Rīgas Līča Banka declines (its minimum income is
 * 800 €), and Pūce Credit and Rasa Kredīts, which lend that amount over that term but not for a car, are never asked.
 */
const LOAN = { amount: 5000, term: 36, purpose: 'buyingCar' } as const;
const NOT_FOR_A_CAR = ['Pūce Credit', 'Rasa Kredīts'];
const UNTICKED = ['Ziemeļu Banka', 'Amber Finance', 'Mēness Kredīts'];

async function servingLenders(page: Page) {
  const lenders = lendersAnswerSchema.parse(await (await page.request.get('/api/lenders')).json());
  return lenders.filter((lender) => servesLoan(lender, LOAN));
}

async function statusOf(page: Page) {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const response = await page.request.get(`/api/getApplicationStatus?token=${token ?? ''}`);
  return applicationStatusSchema.parse(JSON.parse(await response.text()));
}

for (const lang of ['lv', 'ru'] as const satisfies readonly Language[]) {
  test(`${lang}: untick three lenders, see counter-offers apart, ask a declined lender for a human review`, async ({
    page,
  }) => {
    const { workflow } = WORDS[lang];
    // at Playwright's 1280 px the offers are table rows (cards on a phone), each headed by its lender
    const offerRow = (lender: string) =>
      page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: lender }) });
    const form = lang === 'lv' ? lvLenders : ruLenders;
    const serving = await servingLenders(page);
    await page.goto(
      `${lang === 'ru' ? '/ru' : ''}/applicantWorkflow/enteringEssence?amount=${LOAN.amount}&term=${LOAN.term}`,
    );
    await fillApplication(page, lang, { monthlyIncome: '700', monthlyLiabilities: '100', loanPurpose: LOAN.purpose });

    // who gets the application: every lender serving 5 000 € over 36 months, ticked; untick three
    const plural = (count: number) => {
      const rule = new Intl.PluralRules(lang).select(count);
      const key = `count_${rule}` as keyof typeof form.lenders;
      return String(form.lenders[key] ?? form.lenders.count_other)
        .replace('{{count}}', String(count))
        .replace('{{total}}', String(serving.length));
    };
    const group = page.getByRole('group', { name: form.lenders.label });
    await expect(group).toHaveAccessibleDescription(new RegExp(`^${plural(serving.length)}\\.`));
    // the lenders that do not lend for a car: not in the choice, listed with the reason
    const carWords = lang === 'lv' ? lvForm.purpose.buyingCar : ruForm.purpose.buyingCar;
    for (const name of NOT_FOR_A_CAR) {
      await expect(group.getByRole('checkbox', { name, exact: true })).toHaveCount(0);
      await expect(
        page.getByText(form.lenders.notForPurpose.replace('{{name}}', name).replace('{{purpose}}', carWords)),
      ).toBeVisible();
    }
    for (const name of UNTICKED) {
      const box = group.getByRole('checkbox', { name, exact: true });
      await box.locator('xpath=ancestor::label[1]').click();
      await expect(box).not.toBeChecked();
    }
    await expect(group).toHaveAccessibleDescription(new RegExp(`^${plural(serving.length - UNTICKED.length)}\\.`));
    // before sending: who we are as an intermediary
    await expect(page.getByRole('complementary', { name: form.intermediary.heading })).toBeVisible();

    await submitApplication(page, lang);
    await page.getByRole('button', { name: /Daugavas Banka/ }).click();
    await answerAtBank(page, 'approve');
    await expectStep(page, lang, 'offers', workflow.steps.offers);

    // the unticked lenders and those that do not lend for a car were never asked: not in the status, not on the screen
    const status = await statusOf(page);
    const asked = status.lenders.map((lender) => lender.name);
    expect(asked).toHaveLength(serving.length - UNTICKED.length);
    for (const name of [...UNTICKED, ...NOT_FOR_A_CAR]) {
      expect(asked).not.toContain(name);
      await expect(offerRow(name)).toHaveCount(0);
    }

    // counter-offers in their own group, with what differs, never badged best
    const offers = status.offers;
    const counter = offers.filter((offer) => !offer.matchesRequest);
    expect(counter.length).toBeGreaterThan(0);
    const differentHeading = page.getByRole('heading', {
      level: 2,
      name: new RegExp(`^${counter.length} .*(termiņu|сроком)`),
    });
    await expect(differentHeading).toBeVisible();
    for (const offer of counter) {
      const row = offerRow(offer.lenderName);
      await expect(row.getByText(workflow.offers.best)).toHaveCount(0);
      await expect(row.getByRole('list', { name: workflow.offers.differenceLabel })).toBeVisible();
    }
    const best = offers.filter((offer) => offer.best);
    expect(best).toHaveLength(1);
    const matchingApr = Math.min(...offers.filter((offer) => offer.matchesRequest).map((offer) => offer.apr));
    expect(best[0]?.apr).toBe(matchingApr);
    await expect(page.getByText(workflow.offers.best, { exact: true })).toHaveCount(1);
    await expect(offerRow(best[0]?.lenderName ?? '').getByText(workflow.offers.best, { exact: true })).toBeVisible();
    await expect(page.getByText(workflow.offers.order.apr)).toBeVisible();

    // the best offer's standard information opens as a page and as a PDF, in the page's language
    const bestCard = offerRow(best[0]?.lenderName ?? '');
    const pageHref = await bestCard
      .getByRole('link', { name: workflow.offers.standardInformationShort })
      .getAttribute('href');
    const pdfHref = await bestCard
      .getByRole('link', { name: workflow.offers.standardInformationPdf, exact: false })
      .getAttribute('href');
    const info = await page.request.get(pageHref ?? '');
    expect(info.headers()['content-type']).toBe('text/html; charset=utf-8');
    const infoText = await info.text();
    expect(infoText).toContain(`<html lang="${lang}">`);
    expect(infoText).toContain(lang === 'lv' ? 'Atteikuma tiesības' : 'Право отказа');
    const pdf = await page.request.get(pdfHref ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // the declined lender: its reason in words, and a human review asked for
    const declined = page.getByRole('article', { name: 'Rīgas Līča Banka' });
    await expect(declined.getByText(workflow.declined.reason.income)).toBeVisible();
    await declined.getByRole('button', { name: workflow.declined.ask }).click();
    const message = lang === 'lv' ? 'Lūdzu, pārskatiet manu pieteikumu' : 'Прошу пересмотреть мою заявку';
    await declined.getByRole('textbox').fill(message);
    await declined.getByRole('button', { name: new RegExp('Rīgas Līča Banka') }).click();
    await expect(declined.getByText(workflow.declined.outcome.upheld)).toBeVisible({ timeout: 15_000 });
    await expect(declined.getByRole('blockquote')).toContainText(
      lang === 'lv' ? 'Mūsu kredītspeciālists pārskatīja pieteikumu' : 'Наш кредитный специалист пересмотрел заявку',
    );

    // the lender got it, signed, with the person's words and language
    const reviews = (await (await page.request.get('/sandbox/lenders/reviews?lenderId=rigas-lica-banka')).json()) as {
      message: string | null;
      language: string;
      signed: boolean;
      outcome?: string;
    }[];
    expect(reviews.find((review) => review.message === message)).toMatchObject({
      language: lang,
      signed: true,
      outcome: 'upheld',
    });
  });
}
