import { expect, test, type Page } from '@playwright/test';
import { PAGES } from '../../domain/site-pages.ts';
import type { Language } from '../../domain/language.ts';
import { workflowPath } from './support/applicant.ts';
import { webFontsLoaded, webFontsMark } from './support/web-fonts.ts';

/**
 * How the text is drawn, as Chromium really renders it: the fonts that drew a heading's glyphs
 * (the DevTools protocol's platform fonts, not the CSS font-family a face may lack glyphs for),
 * and numbers that never break across lines.
 */

/** The font faces that drew the text of the first element matching the selector, with their glyph counts. */
async function renderedFonts(page: Page, selector: string) {
  const session = await page.context().newCDPSession(page);
  await session.send('DOM.enable');
  await session.send('CSS.enable');
  const { root } = await session.send('DOM.getDocument');
  const { nodeId } = await session.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await session.send('CSS.getPlatformFontsForNode', { nodeId });
  await session.detach();
  return fonts.map(({ familyName, postScriptName, glyphCount }) => ({ familyName, postScriptName, glyphCount }));
}

const HEADING_PAGES: readonly { name: string; path: Record<Language, string> }[] = [
  { name: 'home', path: { lv: '/', ru: '/ru' } },
  {
    name: 'a product page',
    path: {
      lv: PAGES.find((entry) => entry.kind.type === 'product')?.paths.lv ?? '',
      ru: PAGES.find((entry) => entry.kind.type === 'product')?.paths.ru ?? '',
    },
  },
  {
    name: 'the wizard',
    path: { lv: workflowPath('lv', 'enteringEssence'), ru: workflowPath('ru', 'enteringEssence') },
  },
];

for (const { name, path } of HEADING_PAGES) {
  test(`${name}: the main heading is drawn in the heading face in Latvian and in Russian alike`, async ({ page }) => {
    for (const lang of ['lv', 'ru'] as const) {
      await page.goto(path[lang]);
      await webFontsLoaded(page);
      const heading = page.locator('h1').first();
      await expect(heading).toBeVisible();
      // Russian words in a Russian heading: the glyphs a Latin-only face would lack
      if (lang === 'ru') await expect(heading).toHaveText(/[а-яё]/i);
      const fonts = await renderedFonts(page, 'h1');
      // every glyph from Montserrat's bold (its files name the family "Montserrat Thin", the variable
      // font's default instance), none from a fallback face
      expect(fonts, `${lang} ${path[lang]}`).toEqual([
        expect.objectContaining({
          familyName: expect.stringMatching(/^Montserrat/),
          postScriptName: expect.stringMatching(/-Bold$/),
        }),
      ]);
      expect(await heading.evaluate((element) => getComputedStyle(element).fontWeight)).toBe('700');
    }
  });
}

test('Russian body text is drawn in Open Sans, Cyrillic included', async ({ page }) => {
  await page.goto('/ru');
  await webFontsLoaded(page);
  await expect(page.locator('footer p').first()).toHaveText(/[а-яё]/i);
  const fonts = await renderedFonts(page, 'footer p');
  expect(fonts).toEqual([expect.objectContaining({ familyName: 'Open Sans' })]);
});

test('a first page keeps its fallback faces, with no layout again, and the next page is drawn in the web fonts', async ({
  page,
}) => {
  const fontsMark = () => webFontsMark(page);
  await page.goto('/');
  await expect.poll(fontsMark, { timeout: 15_000 }).toBe('cached');
  // the files came into the cache, and the heading is still drawn by the metric-matched fallback
  expect(await renderedFonts(page, 'h1')).toEqual([
    expect.objectContaining({ familyName: expect.not.stringMatching(/^Montserrat/) }),
  ]);
  const product = PAGES.find((entry) => entry.kind.type === 'product')?.paths.lv ?? '';
  await page.goto(product);
  await expect.poll(fontsMark, { timeout: 15_000 }).toBe('added');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  expect(await renderedFonts(page, 'h1')).toEqual([
    expect.objectContaining({ familyName: expect.stringMatching(/^Montserrat/) }),
  ]);
});

/**
 * Text in which a number or an amount could break across two lines: a digit group or a currency
 * after a breaking space ("25 000", "500 EUR"). Intl and the copy use no-break spaces there.
 */
const breakableNumbers = (page: Page) =>
  page.evaluate(() => {
    const breakable = /\d (?:\d{3}(?!\d)|EUR\b|€)/g;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('script, style, template, noscript')) continue;
      for (const match of (node.textContent ?? '').matchAll(breakable)) {
        const text = node.textContent ?? '';
        found.push(text.slice(Math.max(0, match.index - 20), match.index + 20).trim());
      }
    }
    return found;
  });

for (const lang of ['lv', 'ru'] as const) {
  test(`${lang}: no number on any page can break across lines`, async ({ page }) => {
    test.setTimeout(120_000);
    const offending: string[] = [];
    for (const entry of PAGES) {
      const path = entry.paths[lang];
      await page.goto(path);
      offending.push(...(await breakableNumbers(page)).map((text) => `${path}: ${text}`));
    }
    await page.goto(workflowPath(lang, 'enteringEssence'));
    await expect(page.locator('h1')).toBeVisible();
    offending.push(...(await breakableNumbers(page)).map((text) => `wizard: ${text}`));
    expect(offending).toEqual([]);
  });
}

/** The numbers in the page's headings whose characters lie on more than one line. */
const numbersSplitInHeadings = (page: Page) =>
  page.evaluate(() => {
    const split: string[] = [];
    for (const heading of document.querySelectorAll('h1, h2, h3')) {
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/\d[\d\u00a0 ]*\d(?:\u00a0(?:EUR|€))?/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          // one rectangle a line: a number on two lines has two
          if (range.getClientRects().length > 1) split.push(match[0]);
        }
      }
    }
    return split;
  });

for (const lang of ['lv', 'ru'] as const) {
  test(`${lang}: on a phone, no heading breaks inside an amount`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 667 });
    const split: string[] = [];
    for (const entry of PAGES) {
      await page.goto(entry.paths[lang]);
      await webFontsLoaded(page);
      split.push(...(await numbersSplitInHeadings(page)).map((text) => `${entry.paths[lang]}: ${text}`));
    }
    expect(split).toEqual([]);
  });
}
