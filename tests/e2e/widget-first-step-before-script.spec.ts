import { expect, test, type Page } from '@playwright/test';
import { PUBLISHER_PORT } from '../../playwright.config.ts';
import { loaderUrlOf } from '../../domain/widget-protocol/loader-url.ts';
import type { WidgetOptions } from '../../domain/widget-protocol/config.ts';
import { embedSnippet } from '../../domain/widget-protocol/snippet.ts';
import { APPLICANT, tick, WORDS } from './support/applicant.ts';
import { holdScripts } from './support/held-script.ts';

/**
 * The application widget's first step comes as HTML in its frame, usable before the workflow's code
 * (widgets/frames/application-frame.tsx): that code is fetched at the visitor's first move in the frame and adopts
 * the form as it stands. Here it is held back at the network, as on a slow phone, on a publisher's article on
 * another origin; what the visitor typed before it came is kept and sent.
 */
const PUBLISHER = `http://127.0.0.1:${PUBLISHER_PORT}`;
const ARTICLE = `${PUBLISHER}/article-application.html`;
const WORKFLOW_CODE = /\/assets\/widgets\/application-workflow-[\w-]+\.js$/;

const holdWorkflowCode = (page: Page) => holdScripts(page, WORKFLOW_CODE);

test('lv: what is typed in the widget before its code has come stays, and is what is sent', async ({ page }) => {
  const { form, workflow } = WORDS.lv;
  const code = await holdWorkflowCode(page);
  await page.goto(ARTICLE);
  const widget = page.frameLocator('#application iframe');
  const submit = widget.getByRole('button', { name: form.submit });
  await expect(widget.getByRole('heading', { level: 1 })).toHaveText(workflow.steps.enteringEssence);
  await expect(submit).toBeVisible();
  // the frame is as tall as its form already: the host heard the form's height from the page's own small script
  await expect
    .poll(async () => (await page.locator('#application iframe').boundingBox())?.height ?? 0)
    .toBeGreaterThan(1000);
  expect(code.requested).toHaveLength(0);

  const field = (label: string) => widget.getByRole('textbox', { name: label, exact: true });
  await field(form.monthlyIncome.label).fill(APPLICANT.monthlyIncome);
  // the first move asks for the code; the request leaves a moment after the keystroke
  await expect.poll(() => code.requested.length).toBe(1);
  await field(form.firstname.label).fill(APPLICANT.firstname);
  await field(form.lastname.label).fill("O'Neil-Bērziņa");
  await widget
    .getByRole('combobox', { name: form.loanPurpose.label, exact: true })
    .selectOption({ label: form.purpose.personalNeeds });
  await field(form.personalId.label).fill(APPLICANT.personalId);
  await field(form.email.label).fill(APPLICANT.email);
  await field(form.phone.label).fill(`+371${APPLICANT.phone}`);
  for (const question of [form.hasSpouse.label, form.hasDependents.label, form.hasFinancialLiabilities.label]) {
    await tick(widget.getByRole('radiogroup', { name: question }), 'radio', form.no);
  }
  await tick(widget.getByRole('radiogroup', { name: form.politicalyExposedPerson.label }), 'radio', form.no);
  await tick(widget, 'checkbox', form.acceptTerms.label);
  await tick(widget, 'checkbox', form.acceptDataSharing.label);
  // a press before the code came is held: the form is neither posted to the frame's page nor left
  await submit.click();
  await expect(widget.getByRole('heading', { level: 1 })).toHaveText(workflow.steps.enteringEssence);

  code.release();
  // the code has the form and judged the press: what plain HTML could not ask (the income's kind) is missing
  await expect(widget.getByRole('heading', { name: form.errorSummary.title })).toBeVisible();
  await tick(widget, 'checkbox', form.incomeType.fullTimeJob);
  await widget
    .getByRole('combobox', {
      name: form.incomeTypes.employmentDuration.replace('{{type}}', form.incomeType.fullTimeJob),
      exact: true,
    })
    .selectOption({ label: form.employmentDuration.over12Months });
  await expect(field(form.lastname.label)).toHaveValue("O'Neil-Bērziņa");
  await expect(field(form.personalId.label)).toHaveValue(APPLICANT.personalId);
  await expect(widget.getByRole('radiogroup', { name: form.hasSpouse.label }).getByLabel(form.no)).toBeChecked();

  // everything typed before the code came is in the application: the broker takes it as complete
  await submit.click();
  await expect(widget.getByRole('heading', { level: 1 })).toHaveText(workflow.steps.choosingMethod);
});

/** A publisher's page on the other origin with the application's snippet for `options`, as the publishers' page writes it. */
async function pageWithSnippet(page: Page, name: string, options: WidgetOptions, productOrigin: string) {
  const snippet = embedSnippet('application', options, loaderUrlOf(productOrigin));
  const put = await page.request.put(`${PUBLISHER}/pasted-${name}.html`, {
    headers: { 'content-type': 'text/html; charset=utf-8' },
    data: `<!doctype html><html lang="${options.lang}"><head><meta charset="utf-8" /><title>Raksts</title></head><body><main><h1>Kredīts</h1>${snippet}</main></body></html>`,
  });
  expect(put.status()).toBe(204);
  return `${PUBLISHER}/pasted-${name}.html`;
}

test('lv: the default loan the publishers’ page writes into a snippet is the prerendered form’s: the code waits for a move', async ({
  page,
  baseURL,
}) => {
  const { form } = WORDS.lv;
  const code = await holdWorkflowCode(page);
  const options = { lang: 'lv', publisherId: 'autoportals.lv', amount: '5000', term: '60' } as const;
  await page.goto(await pageWithSnippet(page, 'default-loan', options, baseURL ?? ''));
  const widget = page.frameLocator('iframe').first();
  await expect(widget.getByRole('button', { name: form.submit })).toBeVisible();
  await expect(widget.getByRole('combobox', { name: form.amount.label, exact: true })).toHaveValue('5000');
  await page.waitForLoadState('networkidle');
  expect(code.requested).toEqual([]);
  await widget.getByRole('textbox', { name: form.firstname.label, exact: true }).fill('Anna');
  await expect.poll(() => code.requested.length).toBe(1);
  code.release();
});

test('ru: a loan the snippet chose is not the prerendered form: the widget draws its own at once, with that loan', async ({
  page,
  baseURL,
}) => {
  const { form, workflow } = WORDS.ru;
  await page.setViewportSize({ width: 375, height: 740 });
  const code = await holdWorkflowCode(page);
  const options = { lang: 'ru', publisherId: 'autoportals.lv', amount: '2000', term: '24' } as const;
  await page.goto(await pageWithSnippet(page, 'preselected', options, baseURL ?? ''));
  const widget = page.frameLocator('iframe').first();
  // no move was made: the code is asked for at once, and the form it would replace takes no typing meanwhile
  await expect.poll(() => code.requested.length).toBe(1);
  await expect(widget.locator('#widget-root')).toHaveAttribute('aria-busy', 'true');
  code.release();

  await expect(widget.locator('#widget-root')).not.toHaveAttribute('aria-busy');
  await expect(widget.getByRole('heading', { level: 1 })).toHaveText(workflow.steps.enteringEssence);
  await expect(widget.getByRole('combobox', { name: form.amount.label, exact: true })).toHaveValue('2000');
  await expect(widget.getByRole('combobox', { name: form.term.label, exact: true })).toHaveValue('24');
  // the loan it was asked for, in words as a phone shows them: "2000 € на 24 месяца"
  const phrase = form.loanSummary.loan.replace('{{amount}}', '2\\s?000\\s€').replace('{{term}}', '24 месяца');
  await expect(widget.getByText(new RegExp(`^${phrase}$`))).toBeVisible();
  const firstname = widget.getByRole('textbox', { name: form.firstname.label, exact: true });
  await firstname.fill('Anna');
  await expect(firstname).toHaveValue('Anna');
});
