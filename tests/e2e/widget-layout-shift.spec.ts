import { expect, test, type Page, type Request } from '@playwright/test';
import lvCalculator from '../../locales/lv/calculator.json' with { type: 'json' };
import ruCalculator from '../../locales/ru/calculator.json' with { type: 'json' };
import lvPublishers from '../../locales/lv/publishers.json' with { type: 'json' };
import type { WidgetKind } from '../../domain/widget-protocol/config.ts';
import { PUBLISHER_PORT } from '../../playwright.config.ts';
import { answerAtBank, fillApplication, WORDS } from './support/applicant.ts';
import { widgetStandsStill } from './support/choose-offer.ts';

/**
 * What a widget costs the publisher's page it stands on: an article on another origin, with the snippet exactly as
 * the publishers' page writes it in the article's first screen, must not move under its reader's eyes while the
 * widget arrives, sizes itself and (the application) goes from the form to the offers; and the widget brings only the
 * web fonts it draws with.
 */
const PUBLISHER = `http://127.0.0.1:${PUBLISHER_PORT}`;
const { generator } = lvPublishers;
const { form, workflow } = WORDS.lv;

/** The host page's cumulative layout shift, every shift counted, at most: the goal of issue 36. */
const CLS_LIMIT = 0.01;

const WIDTHS = [
  { width: 375, height: 667 },
  { width: 1280, height: 800 },
] as const;

/** The snippet the publishers' page gives for a widget of this kind, with the generator's defaults otherwise. */
async function publishersSnippet(page: Page, kind: WidgetKind): Promise<string> {
  await page.goto('/partneriem');
  const snippet = page.getByTestId('snippet');
  await page.getByRole('combobox', { name: generator.kind.label }).selectOption(kind);
  await expect(snippet).toContainText(`data-loan-widget="${kind}"`);
  return (await snippet.textContent()) ?? '';
}

const PARAGRAPH =
  'Gada kopējā procentu likme ietver ne tikai procentus, bet arī obligātās komisijas un maksas. Tieši tā, nevis ' +
  'nominālā likme, ļauj godīgi salīdzināt dažādu kreditētāju piedāvājumus.';

/** A publisher's article with the snippet after its first paragraph, in the first screen, and text below it. */
async function articleWith(page: Page, name: string, snippet: string, attributes = ''): Promise<string> {
  const code = attributes ? snippet.replace('<div data-loan-widget=', `<div ${attributes} data-loan-widget=`) : snippet;
  const html = `<!doctype html>
<html lang="lv">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Kā izvēlēties kredītu</title>
    <style>
      body { margin: 0 auto; max-width: 760px; padding: 1rem; font: 18px/1.5 Georgia, serif; color: #222; }
      h1 { font: 700 1.6rem/1.2 system-ui, sans-serif; margin: 0 0 0.5rem; }
    </style>
  </head>
  <body>
    <main>
      <h1>Kā izvēlēties kredītu</h1>
      <p>Pirms ņemat kredītu, salīdziniet vairāku kreditētāju piedāvājumus.</p>
      ${code}
      <h2 id="below">Ko vēl ņemt vērā</h2>
      ${`<p>${PARAGRAPH}</p>`.repeat(6)}
    </main>
  </body>
</html>`;
  const put = await page.request.put(`${PUBLISHER}/pasted-${name}.html`, {
    headers: { 'content-type': 'text/html; charset=utf-8' },
    data: html,
  });
  expect(put.status()).toBe(204);
  return `${PUBLISHER}/pasted-${name}.html`;
}

interface Shift {
  readonly value: number;
  readonly at: number;
  /** each moved node with its top and bottom in the viewport, before and after */
  readonly nodes: string;
  readonly scrollY: number;
}

/** Records every layout shift of the host page (not the iframes' own) from its first paint on. */
async function observeLayoutShifts(page: Page): Promise<() => Promise<readonly Shift[]>> {
  await page.addInitScript(() => {
    if (window.top !== window) return;
    interface LayoutShift extends PerformanceEntry {
      readonly value: number;
      readonly sources: readonly {
        readonly node: Node | null;
        previousRect: DOMRectReadOnly;
        currentRect: DOMRectReadOnly;
      }[];
    }
    const rect = ({ top, bottom }: DOMRectReadOnly) => `${Math.round(top)}–${Math.round(bottom)}`;
    const shifts: Shift[] = [];
    (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      // every entry, those Chromium marks as input-led too: nothing here is the reader's input on the host page
      for (const entry of list.getEntries() as LayoutShift[]) {
        const nodes = entry.sources
          .map(
            ({ node, previousRect, currentRect }) =>
              `${node instanceof Element ? `${node.localName}${node.id ? `#${node.id}` : ''}` : '#text'} ` +
              `${rect(previousRect)} → ${rect(currentRect)}`,
          )
          .join(' ');
        shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          nodes,
          scrollY: Math.round(window.scrollY),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
}

function expectSteady(shifts: readonly Shift[], what: string): void {
  const sum = shifts.reduce((total, shift) => total + shift.value, 0);
  console.log(`host page CLS, ${what}: ${sum.toFixed(4)} over ${shifts.length} shifts`);
  for (const shift of shifts) {
    console.log(`  shift ${shift.value.toFixed(4)} at ${shift.at} ms, scrolled ${shift.scrollY} px: ${shift.nodes}`);
  }
  expect(sum).toBeLessThanOrEqual(CLS_LIMIT);
}

/**
 * The web-font files the widget on the publisher's article fetched from the product. The publishers' page the test
 * left just before, with its preview frame, may still be fetching faces of its own as the article loads: not counted.
 */
function fontRequests(page: Page): Request[] {
  const fonts: Request[] = [];
  page.on('request', (request) => {
    if (request.resourceType() !== 'font') return;
    if (request.frame().parentFrame()?.url().startsWith(PUBLISHER)) fonts.push(request);
  });
  return fonts;
}

/**
 * The files of Open Sans cut to the widgets' characters (scripts/subset-frame-fonts.ts) a frame in this language
 * draws its words from: one per subset, never fontsource's whole files, which only a character the cut files lack
 * brings.
 */
const SUBSET_FILES = {
  lv: /\/open-sans-subset-(latin|latin-ext)-[\w-]+\.woff2$/,
  ru: /\/open-sans-subset-(latin|cyrillic)-[\w-]+\.woff2$/,
} as const;

function expectSubsetFonts(fonts: readonly Request[], lang: keyof typeof SUBSET_FILES, what: string): void {
  const files = fonts.map((request) => new URL(request.url()).pathname);
  console.log(`${what}'s font files: ${files.join(', ')}`);
  expect(files.length).toBeGreaterThan(0);
  expect(files.length).toBeLessThanOrEqual(2);
  for (const file of files) expect(file).toMatch(SUBSET_FILES[lang]);
}

for (const viewport of WIDTHS) {
  test(`${viewport.width} px: the calculator's snippet in an article's first screen moves nothing on the page as the widget arrives and sizes itself`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const article = await articleWith(
      page,
      `calculator-${viewport.width}`,
      await publishersSnippet(page, 'calculator'),
    );
    const layoutShifts = await observeLayoutShifts(page);
    await page.goto(article);
    const iframe = page.locator('[data-loan-widget] iframe');
    const widget = page.frameLocator('[data-loan-widget] iframe');
    await expect(widget.getByRole('slider', { name: lvCalculator.amount })).toBeVisible({ timeout: 10_000 });
    await widget.locator('body').evaluate(() => document.fonts.ready.then(() => undefined));
    await widgetStandsStill(iframe);
    // the text below the widget is where the reader left it: at the widget's bottom edge, or below the screen
    await expect(page.locator('#below')).not.toBeInViewport();
    expectSteady(await layoutShifts(), `calculator at ${viewport.width}x${viewport.height}`);
  });

  test(`${viewport.width} px: the application's snippet in an article's first screen moves nothing on the page from the widget's arrival to the offers`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const article = await articleWith(
      page,
      `application-${viewport.width}`,
      await publishersSnippet(page, 'application'),
    );
    const layoutShifts = await observeLayoutShifts(page);
    const fonts = fontRequests(page);
    await page.goto(article);
    const iframe = page.locator('[data-loan-widget] iframe');
    const widget = page.frameLocator('[data-loan-widget] iframe');
    const heading = widget.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(workflow.steps.enteringEssence, { timeout: 10_000 });
    await widgetStandsStill(iframe);
    await fillApplication(widget, 'lv');
    await widget.getByRole('button', { name: form.submit }).click();
    await expect(heading).toHaveText(workflow.steps.choosingMethod);
    await widgetStandsStill(iframe);

    const bankTab = context.waitForEvent('page');
    await widget.getByRole('button', { name: /Daugavas Banka/ }).click();
    const bank = await bankTab;
    await answerAtBank(bank, 'approve');
    await bank.waitForEvent('close', { timeout: 10_000 });
    await expect(heading).toHaveText(workflow.steps.offers, { timeout: 20_000 });
    await expect(widget.getByRole('article').first()).toBeVisible();
    await widgetStandsStill(iframe);
    expectSteady(await layoutShifts(), `application at ${viewport.width}x${viewport.height}, form to offers`);
    // the applicant's typed name and the offers' figures too draw from the cut files
    expectSubsetFonts(fonts, 'lv', 'the application');
  });
}

test("a widget asked to take the host page's look draws in the host's font and loads no face of its own; otherwise it loads the files of Open Sans cut to its language", async ({
  page,
}) => {
  const snippet = await publishersSnippet(page, 'calculator');
  const widget = page.frameLocator('[data-loan-widget] iframe');
  const slider = widget.getByRole('slider', { name: lvCalculator.amount });
  /** The web-font faces of its own style sheet the widget has loaded or is loading. */
  const facesInUse = () =>
    widget.locator('body').evaluate(async () => {
      await document.fonts.ready;
      return (
        [...document.fonts]
          // the fallback faces are the reader's own fonts (local()), fetched from nowhere
          .filter((face) => face.status !== 'unloaded' && !face.family.includes('Fallback'))
          .map((face) => `${face.family} ${face.weight} ${face.unicodeRange.slice(0, 12)}`)
      );
    });

  await page.goto(await articleWith(page, 'calculator-inherit', snippet, 'data-theme="inherit"'));
  await expect(slider).toBeVisible({ timeout: 10_000 });
  const hostFont = await page.locator('[data-loan-widget]').evaluate((element) => getComputedStyle(element).fontFamily);
  // every text of the widget, its headings and buttons too
  const widgetFonts = await widget.locator('#widget-root').evaluate((root) => {
    const withText = [root, ...root.querySelectorAll('*')].filter((element) =>
      [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()),
    );
    return [...new Set(withText.map((element) => getComputedStyle(element).fontFamily))];
  });
  expect(widgetFonts).toEqual([hostFont]);
  expect(await facesInUse()).toEqual([]);

  // Latvian text draws from two subsets (latin, latin-ext) of the one variable face: one file each, every weight in it
  const fonts = fontRequests(page);
  await page.goto(await articleWith(page, 'calculator-own-font', snippet));
  await expect(slider).toBeVisible({ timeout: 10_000 });
  console.log(`the calculator's faces: ${(await facesInUse()).join('; ')}`);
  expectSubsetFonts(fonts, 'lv', 'the Latvian calculator');

  // Russian text from latin and cyrillic, the same style sheet's other faces: unicode-range keeps latin-ext away
  fonts.length = 0;
  await page.goto(await articleWith(page, 'calculator-russian', snippet, 'data-lang="ru"'));
  await expect(widget.getByRole('slider', { name: ruCalculator.amount })).toBeVisible({ timeout: 10_000 });
  console.log(`the Russian calculator's faces: ${(await facesInUse()).join('; ')}`);
  expectSubsetFonts(fonts, 'ru', 'the Russian calculator');
});
