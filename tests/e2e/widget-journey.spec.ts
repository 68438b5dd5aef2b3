import { expect, test, type BrowserContext, type FrameLocator, type Page } from '@playwright/test';
import type { Language } from '../../domain/language.ts';
import lvWidget from '../../locales/lv/widget.json' with { type: 'json' };
import ruWidget from '../../locales/ru/widget.json' with { type: 'json' };
import { PUBLISHER_PORT } from '../../playwright.config.ts';
import { answerAtBank, fillApplication, WORDS } from './support/applicant.ts';
import { chooseInWidget, widgetStandsStill } from './support/choose-offer.ts';
import { moveLenderClockUntil } from './support/lender-clock.ts';

/**
 * The whole application inside the application widget on a publisher's article (another origin),
 * against the paced server (lenders answering one by one as the test moves their clock): the
 * host page must not jump while the widget goes from step to step, and signing in the lender's tab
 * comes back to the widget.
 */
const ARTICLE = `http://127.0.0.1:${PUBLISHER_PORT}/article-application.html?server=paced`;

/** The host page's cumulative layout shift through the whole application, at most. */
const CLS_LIMIT = 0.05;

interface ShiftLog {
  /** every shift's value without recent input, summed over the whole journey */
  readonly sum: number;
  /** the largest session window (gaps under 1 s, at most 5 s long): Chrome's own CLS */
  readonly windowed: number;
  readonly shifts: readonly { readonly at: number; readonly value: number; readonly nodes: string }[];
}

/** Records the host page's layout shifts from its first paint (the iframes have an observer of their own). */
async function observeLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    if (window.top !== window) return;
    interface Shift extends PerformanceEntry {
      readonly value: number;
      readonly hadRecentInput: boolean;
      readonly sources: readonly { readonly node: Node | null }[];
    }
    const shifts: { at: number; value: number; nodes: string }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        const nodes = entry.sources
          .map(({ node }) => (node instanceof Element ? `${node.localName}${node.id ? `#${node.id}` : ''}` : '#text'))
          .join(' ');
        shifts.push({ at: Math.round(entry.startTime), value: entry.value, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return async (): Promise<ShiftLog> => {
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: ShiftLog['shifts'] }).layoutShifts);
    let windowed = 0;
    let current = 0;
    let start = -Infinity;
    let previous = -Infinity;
    for (const shift of shifts) {
      if (shift.at - previous > 1000 || shift.at - start > 5000) {
        current = 0;
        start = shift.at;
      }
      current += shift.value;
      previous = shift.at;
      windowed = Math.max(windowed, current);
    }
    return { sum: shifts.reduce((total, shift) => total + shift.value, 0), windowed, shifts };
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text of a message up to its first placeholder, as a pattern for a name that starts with it. */
const startingWith = (message: string) => new RegExp(`^${escape(message.split('{{')[0] ?? message)}`);

/** From the form to the contract signed at the lender's, in a new tab that reports back and closes itself. */
async function applyAndSign(page: Page, context: BrowserContext, widget: FrameLocator, lang: Language) {
  const { workflow, form } = WORDS[lang];
  const heading = widget.getByRole('heading', { level: 1 });
  // the frame grows to its form's height once loaded: a click computed before that lands beside it
  await expect(heading).toHaveText(workflow.steps.enteringEssence);
  await widgetStandsStill(page.locator('#application iframe'));
  await fillApplication(widget, lang);
  await widget.getByRole('button', { name: form.submit }).click();
  await expect(heading).toHaveText(workflow.steps.choosingMethod);

  const bankTab = context.waitForEvent('page');
  await widget.getByRole('button', { name: /Daugavas Banka/ }).click();
  const bank = await bankTab;
  await answerAtBank(bank, 'approve');
  await bank.waitForEvent('close', { timeout: 10_000 });

  await expect(heading).toHaveText(workflow.steps.waiting, { timeout: 20_000 });
  await moveLenderClockUntil(page.request, () => expect(heading).toHaveText(workflow.steps.offers, { timeout: 1_000 }));
  await chooseInWidget(
    page.locator('#application iframe'),
    widget.getByRole('button', { name: startingWith(workflow.offers.chooseLabel) }).first(),
    heading,
    workflow.steps.offerChosen,
  );

  const lenderTab = context.waitForEvent('page');
  await widget.getByRole('button', { name: startingWith(workflow.chosen.sign) }).click();
  const lender = await lenderTab;
  await expect(lender).toHaveURL(/\/sandbox\/lenders\/.+\/contracts\//);
  await lender.getByRole('checkbox').check();
  await lender.getByRole('button', { name: lang === 'ru' ? 'Подписать договор' : 'Parakstīt līgumu' }).click();
  return lender;
}

for (const { viewport, lang } of [
  { viewport: { width: 375, height: 667 }, lang: 'lv' },
  { viewport: { width: 1280, height: 800 }, lang: 'ru' },
] as const) {
  test(`${viewport.width}x${viewport.height}, ${lang}: the host page does not jump through a whole application in the widget; signing in the lender's tab comes back to the widget; the paid screen's links open tabs, its button starts anew in the widget`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const layoutShifts = await observeLayoutShifts(page);
    await page.goto(lang === 'ru' ? `${ARTICLE}&lang=ru` : ARTICLE);
    const widget = page.frameLocator('#application iframe');
    const lender = await applyAndSign(page, context, widget, lang);

    // the widget shows the confirmation; the host sizes the iframe to it, and any shift that makes is recorded
    await expect(widget.getByRole('heading', { level: 1 })).toHaveText(WORDS[lang].workflow.signing.signedTitle, {
      timeout: 20_000,
    });
    await widgetStandsStill(page.locator('#application iframe'));
    const { sum, windowed, shifts } = await layoutShifts();
    console.log(
      `host page CLS at ${viewport.width}x${viewport.height} (${lang}), form to signed: ` +
        `${sum.toFixed(4)} summed over ${shifts.length} shifts, largest session window ${windowed.toFixed(4)}`,
    );
    for (const shift of shifts) console.log(`  shift ${shift.value.toFixed(4)} at ${shift.at} ms: ${shift.nodes}`);

    // the lender's tab lands on our page, which closes itself
    if (!lender.isClosed()) await lender.waitForEvent('close', { timeout: 10_000 });
    expect(sum).toBeLessThanOrEqual(CLS_LIMIT);

    // paid: every link of the last screen opens a tab (the account), and the publisher's frame stays as it was
    const heading = widget.getByRole('heading', { level: 1 });
    await moveLenderClockUntil(page.request, () =>
      expect(heading).toHaveText(WORDS[lang].workflow.steps.paid, { timeout: 1_000 }),
    );
    const frameUrl = await widget.locator('body').evaluate(() => window.location.href);
    const hostUrl = page.url();
    const links = await widget.getByRole('main').getByRole('link').all();
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const opened = context.waitForEvent('page');
      await link.click();
      const tab = await opened;
      await tab.waitForLoadState();
      expect(tab.url()).toMatch(lang === 'ru' ? /\/ru\/profil$/ : /\/profils$/);
      await tab.close();
      await expect(heading).toHaveText(WORDS[lang].workflow.steps.paid);
      expect(await widget.locator('body').evaluate(() => window.location.href)).toBe(frameUrl);
    }
    // and its one button starts a new calculation inside the widget, on the publisher's page still
    const buttons = await widget.getByRole('main').getByRole('button').all();
    expect(buttons).toHaveLength(1);
    await widget.getByRole('button', { name: WORDS[lang].workflow.startOver }).click();
    await expect(heading).toHaveText(WORDS[lang].workflow.steps.enteringEssence);
    await expect(widget.getByRole('textbox', { name: WORDS[lang].form.monthlyIncome.label, exact: true })).toHaveValue(
      '',
    );
    expect(page.url()).toBe(hostUrl);
  });
}

test("the page a widget's tab lands on after signing says where the confirmation is, in the application's language", async ({
  page,
}) => {
  for (const [lang, { identified }] of [
    ['lv', lvWidget],
    ['ru', ruWidget],
  ] as const) {
    await page.goto(`/widget/v1/identified?lang=${lang}&result=signed`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(identified.signedTitle);
    await expect(page.getByText(identified.signed)).toBeVisible();
    await expect(page.getByRole('button', { name: identified.close })).toBeVisible();
  }
});
