import { expect, test, type Page } from '@playwright/test';
import lvWidget from '../../locales/lv/widget.json' with { type: 'json' };
import { PUBLISHER_PORT } from '../../playwright.config.ts';
import { answerAtBank, fillApplication, WORDS } from './support/applicant.ts';
import { widgetStandsStill } from './support/choose-offer.ts';

/**
 * A visitor who reloads the publisher's page at every step of an application in the widget, and
 * presses its buttons twice: the widget comes back where it was, in test mode still, and the host
 * page hears of each step once, as a publisher counting conversions needs. A publisher who then
 * takes test mode off does not find the test application going on, unmarked, in the live widget.
 */
const PUBLISHER = `http://127.0.0.1:${PUBLISHER_PORT}`;

/** Every widget event the host page hears, across its reloads (the page's own log starts afresh with each). */
async function recordHostEvents(page: Page): Promise<string[]> {
  const heard: string[] = [];
  await page.exposeFunction('recordWidgetEvent', (type: string) => heard.push(type));
  await page.addInitScript(() => {
    for (const type of ['started', 'submitted', 'offersready', 'offerchosen'])
      document.addEventListener(`loanwidget:${type}`, () =>
        (window as unknown as { recordWidgetEvent: (type: string) => void }).recordWidgetEvent(type),
      );
  });
  return heard;
}

test('test mode: reloads at each step bring the widget back where it was and tell the host nothing twice; a live widget then starts afresh', async ({
  page,
  context,
  request,
}) => {
  const heard = await recordHostEvents(page);
  const { form, workflow } = WORDS.lv;
  const widget = page.frameLocator('#application iframe');
  const heading = widget.getByRole('heading', { level: 1 });
  const band = widget.getByText(lvWidget.testMode.badge);

  await page.goto(`${PUBLISHER}/test-mode.html`);
  await widget.getByRole('textbox', { name: form.firstname.label, exact: true }).fill('Jānis');
  await expect.poll(() => heard).toEqual(['started']);
  await page.reload();
  await fillApplication(widget, 'lv');
  await widget.getByRole('button', { name: form.submit }).dblclick();
  await expect(heading).toHaveText(workflow.steps.choosingMethod);

  await page.reload();
  await expect(heading).toHaveText(workflow.steps.choosingMethod);
  await expect(band).toBeVisible();
  // the reloaded frame grows to its step's height: a click computed before that lands beside it
  await widgetStandsStill(page.locator('#application iframe'));
  const bankTab = context.waitForEvent('page');
  await widget.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(await bankTab, 'approve');
  await expect(heading).toHaveText(workflow.steps.offers, { timeout: 20_000 });
  await expect.poll(() => heard).toContain('offersready');

  await page.reload();
  await expect(heading).toHaveText(workflow.steps.offers);
  await expect(band).toBeVisible();
  // the widget has read the status again and shows the offers; the choice is the next event on the same channel,
  // so a second "offersready" from the reloaded widget would have come before it
  await widget
    .getByRole('button', { name: new RegExp(`^${workflow.offers.choose}`) })
    .first()
    .click();
  await expect(heading).toHaveText(workflow.steps.offerChosen);
  await expect.poll(() => heard).toEqual(['started', 'submitted', 'offersready', 'offerchosen']);

  // the publisher goes live: the same page without data-test-mode, in the same browser
  const testPage = await (await request.get(`${PUBLISHER}/test-mode.html`)).text();
  expect(testPage).toContain('data-test-mode');
  await request.put(`${PUBLISHER}/pasted-live-mode.html`, { data: testPage.replace('data-test-mode', '') });
  await page.goto(`${PUBLISHER}/pasted-live-mode.html`);
  await expect(heading).toHaveText(workflow.steps.enteringEssence);
  await expect(band).toBeHidden();
});
