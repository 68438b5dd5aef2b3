import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Language } from '../../domain/language.ts';
import lvCommon from '../../locales/lv/common.json' with { type: 'json' };
import ruCommon from '../../locales/ru/common.json' with { type: 'json' };
import lvForm from '../../locales/lv/form.json' with { type: 'json' };
import ruForm from '../../locales/ru/form.json' with { type: 'json' };
import { webFontsLoaded } from './support/web-fonts.ts';

/**
 * WCAG 2.2, 2.4.11 (focus not obscured), by keyboard alone: with the cookie banner open and after closing
 * it by keyboard, at every Tab stop of the home page, a product page and the wizard's first step, the
 * focused control is inside the viewport and nothing fixed or sticky lies over it. On a phone, the header
 * and the banner leave room for the page.
 */

const WORDS = { lv: { common: lvCommon, form: lvForm }, ru: { common: ruCommon, form: ruForm } };
const PAGES = {
  lv: { home: '/', product: '/auto-kredits', wizard: '/applicantWorkflow/enteringEssence' },
  ru: { home: '/ru', product: '/ru/avtokredit', wizard: '/ru/applicantWorkflow/enteringEssence' },
};
const STOPS = 40;
const PHONE = { width: 375, height: 667 };
/** a third of the phone's screen */
const BANNER_MAX = 222;
const HEADER_MAX = 100;

/** The analytics, testing and ads hosts accepting would load: answered here, there is no internet. */
async function stubThirdParty(page: Page) {
  await page.route(/googletagmanager\.com|visualwebsiteoptimizer\.com|googleadservices\.com/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
}

async function open(page: Page, path: string, lang: Language) {
  await page.goto(path);
  await expect(page.getByRole('region', { name: WORDS[lang].common.cookie.heading })).toBeVisible();
  // the wizard's form is the page's script's: wait until it is there to be tabbed through
  if (path.includes('applicantWorkflow')) {
    await expect(page.getByRole('button', { name: WORDS[lang].form.submit })).toBeVisible();
  }
}

/**
 * What a person sees of the focused control: a description of it, or what is wrong. The control is what
 * they look at: react-aria keeps a checkbox's or radio's real input visually hidden (clipped) inside its
 * label, so for a hidden input it is the label. Inside the viewport, and at its centre and its corners
 * (2 px in, or inside a rounded corner's curve), the topmost element is the control, inside it, or around it.
 */
function focusedAsSeen(page: Page): Promise<{ what: string; problem: string | null }> {
  return page.evaluate(() => {
    const describe = (element: Element | null) => {
      if (!element) return 'nothing';
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      const id = element.id ? `#${element.id}` : '';
      return `<${element.tagName.toLowerCase()}${id}> "${text}"`;
    };
    const active = document.activeElement;
    if (!active || active === document.body) return { what: 'body', problem: 'the focus fell to the body' };
    const label = active.closest('label');
    let hidden = false;
    for (let element: Element | null = active; element && element !== label; element = element.parentElement) {
      const { clipPath, clip } = getComputedStyle(element);
      const { width, height } = element.getBoundingClientRect();
      if (clipPath !== 'none' || (clip !== 'auto' && clip !== '') || width <= 1 || height <= 1) hidden = true;
    }
    const control = hidden && label ? label : active;
    const box = control.getBoundingClientRect();
    const what = describe(control);
    if (box.width < 4 || box.height < 4)
      return { what, problem: `it has no visible size (${box.width}×${box.height})` };
    if (box.top < 0 || box.left < 0 || box.bottom > window.innerHeight || box.right > window.innerWidth) {
      const where = `${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},${Math.round(box.bottom)}`;
      return { what, problem: `it is not inside the ${window.innerWidth}×${window.innerHeight} viewport (${where})` };
    }
    // a corner's point lies 2 px in, or inside the rounding of a rounded corner (a pill, the skip link)
    const style = getComputedStyle(control);
    const inset = (radius: string) => {
      const r = Math.min(
        parseFloat(radius) * (radius.endsWith('%') ? box.width / 100 : 1),
        box.width / 2,
        box.height / 2,
      );
      return Math.max(2, Math.ceil(r * (1 - Math.SQRT1_2)) + 1);
    };
    const corner = {
      topLeft: inset(style.borderTopLeftRadius),
      topRight: inset(style.borderTopRightRadius),
      bottomLeft: inset(style.borderBottomLeftRadius),
      bottomRight: inset(style.borderBottomRightRadius),
    };
    const points: [number, number][] = [
      [(box.left + box.right) / 2, (box.top + box.bottom) / 2],
      [box.left + corner.topLeft, box.top + corner.topLeft],
      [box.right - corner.topRight, box.top + corner.topRight],
      [box.left + corner.bottomLeft, box.bottom - corner.bottomLeft],
      [box.right - corner.bottomRight, box.bottom - corner.bottomRight],
    ];
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(control.contains(hit) || hit.contains(control))) {
        return { what, problem: `at ${Math.round(x)},${Math.round(y)} it is covered by ${describe(hit)}` };
      }
    }
    return { what, problem: null };
  });
}

/**
 * Presses Tab (or Shift+Tab) `count` times; every stop must be seen. A page with fewer stops is gone
 * round: past its last control the focus leaves the document (to the browser's own controls), and the
 * next Tab must come back at its first, the banner's first button or the skip link.
 */
async function tabThrough(page: Page, count: number, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<string[]> {
  const stops: string[] = [];
  for (let press = 0; press < count; press++) {
    await page.keyboard.press(key);
    if (key === 'Tab' && stops.length > 0 && (await page.evaluate(() => document.activeElement === document.body))) {
      await page.keyboard.press(key);
      const first = await page.evaluate(() => {
        const banner = document.querySelector<HTMLElement>('[data-cookie-banner]');
        const start =
          banner && !banner.hidden
            ? banner.querySelector('[data-cookie-action="accept"]')
            : document.querySelector('.skip-link');
        return document.activeElement === start ? null : (document.activeElement?.outerHTML.slice(0, 60) ?? 'none');
      });
      expect(
        first,
        `after ${stops.at(-1)} the focus went to the body, not round to the page's start (the banner's accepting, or the skip link)`,
      ).toBeNull();
    }
    const { what, problem } = await focusedAsSeen(page);
    stops.push(what);
    expect(problem, `stop ${press + 1} (${key}), ${what}: ${problem}`).toBeNull();
  }
  return stops;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not shown`);
  return box;
}

const inBanner = (page: Page) =>
  page.evaluate(() => document.querySelector('[data-cookie-banner]')?.contains(document.activeElement) === true);

for (const lang of ['lv', 'ru'] as const satisfies readonly Language[]) {
  const { cookie } = WORDS[lang].common;
  // refusing in Latvian, accepting in Russian: both must give the focus back
  const close = lang === 'lv' ? cookie.reject : cookie.accept;

  test.describe(`${lang} at 375 × 667`, () => {
    test.use({ viewport: PHONE });

    test('the header and the cookie banner leave the phone its screen', async ({ page }) => {
      await open(page, PAGES[lang].home, lang);
      // measured in the site's own faces: the fallback's Cyrillic runs wider before they arrive
      await webFontsLoaded(page);
      const banner = page.getByRole('region', { name: cookie.heading });
      expect((await boxOf(banner)).height).toBeLessThanOrEqual(BANNER_MAX);
      expect((await boxOf(page.locator('.site-header'))).height).toBeLessThanOrEqual(HEADER_MAX);
      // refusing is as easy as accepting: the same size and look, side by side, both on the screen
      const acceptButton = banner.getByRole('button', { name: cookie.accept, exact: true });
      const rejectButton = banner.getByRole('button', { name: cookie.reject, exact: true });
      const [accept, reject] = [await boxOf(acceptButton), await boxOf(rejectButton)];
      expect(Math.abs(accept.width - reject.width)).toBeLessThanOrEqual(1);
      expect(accept.height).toBe(reject.height);
      expect(accept.y).toBe(reject.y);
      expect(accept.x + accept.width).toBeLessThan(reject.x);
      expect(reject.y + reject.height).toBeLessThanOrEqual(PHONE.height);
      const look = (button: Locator) =>
        button.evaluate((element) => {
          const { backgroundColor, color, fontSize, fontWeight, borderRadius } = getComputedStyle(element);
          return { backgroundColor, color, fontSize, fontWeight, borderRadius };
        });
      expect(await look(rejectButton)).toEqual(await look(acceptButton));
      // the header's links, the language and the account are all in view, not behind a script
      const header = page.locator('.site-header');
      for (const link of [
        header.getByRole('link', { name: WORDS[lang].common.nav.account }),
        header.getByRole('link', { name: WORDS[lang].common.nav.switchTo }),
        header.getByRole('link', { name: WORDS[lang].common.nav.tips }),
      ]) {
        await expect(link).toBeInViewport({ ratio: 1 });
      }
    });

    test('starting in the banner, closing it puts the focus at the main content, not on the body', async ({ page }) => {
      await stubThirdParty(page);
      await open(page, PAGES[lang].home, lang);
      // the banner is the first thing Tab reaches, accepting first, refusing next to it
      await tabThrough(page, 1);
      await expect(page.getByRole('button', { name: cookie.accept, exact: true })).toBeFocused();
      if (close === cookie.reject) await tabThrough(page, 1);
      await expect(page.getByRole('button', { name: close, exact: true })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('region', { name: cookie.heading })).toBeHidden();
      await expect(page.locator('main')).toBeFocused();
      // and Tab goes on into the content, in view
      await tabThrough(page, 3);
      expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);
    });

    for (const [name, path] of Object.entries(PAGES[lang])) {
      test(`${name} page: every Tab stop is in view, with the banner open and after closing it`, async ({ page }) => {
        await checkPage(page, path, lang, close);
      });
    }
  });
}

test.describe('lv at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  for (const [name, path] of Object.entries(PAGES.lv)) {
    test(`${name} page: every Tab stop is in view, with the banner open and after closing it`, async ({ page }) => {
      await checkPage(page, path, 'lv', lvCommon.cookie.reject);
    });
  }
});

async function checkPage(page: Page, path: string, lang: Language, close: string) {
  test.setTimeout(90_000);
  await stubThirdParty(page);
  const banner = page.getByRole('region', { name: WORDS[lang].common.cookie.heading });

  // with the banner open: the banner's own stops, then the page's
  await open(page, path, lang);
  const stops = await tabThrough(page, STOPS);
  await expect(banner).toBeVisible();
  expect(stops.length).toBe(STOPS);

  // back into the banner by keyboard from the page, and out again with the focus where it was
  await page.reload();
  await expect(banner).toBeVisible();
  const outside = await tabThrough(page, 6);
  expect(await inBanner(page)).toBe(false);
  for (let backs = 0; !(await inBanner(page)); backs++) {
    expect(backs, `Shift+Tab from ${outside.at(-1)} never reached the banner`).toBeLessThan(8);
    await page.evaluate(() => {
      document.querySelector('[data-focus-was-here]')?.removeAttribute('data-focus-was-here');
      document.activeElement?.setAttribute('data-focus-was-here', '');
    });
    await tabThrough(page, 1, 'Shift+Tab');
  }
  // from its last control back to the closing button, by keyboard
  const closeButton = banner.getByRole('button', { name: close, exact: true });
  for (let presses = 0; !(await closeButton.evaluate((button) => button === document.activeElement)); presses++) {
    expect(presses, `Shift+Tab never reached "${close}"`).toBeLessThan(6);
    await tabThrough(page, 1, 'Shift+Tab');
  }
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  await expect(page.locator('[data-focus-was-here]')).toBeFocused();

  // and the page once more, without the banner, from where the focus came back
  await tabThrough(page, STOPS);
}

// The fallback faces run wider than the web fonts, Cyrillic most: the header's first row must have room for them, or
// it grows a row on the first paint and drops back when the fonts come (the page under it jumps).
for (const width of [360, 375])
  test(`at ${width} px the header is as tall before the web fonts come as after, in lv and ru`, async ({ browser }) => {
    for (const lang of ['lv', 'ru'] as const) {
      const heights: number[] = [];
      for (const withFonts of [false, true]) {
        const page = await browser.newPage({ viewport: { width, height: 667 } });
        if (!withFonts) await page.route('**/*.woff2', (route) => route.abort());
        await open(page, PAGES[lang].home, lang);
        if (withFonts) await webFontsLoaded(page);
        else await page.evaluate(() => document.fonts.ready);
        heights.push((await boxOf(page.locator('.site-header'))).height);
        await page.close();
      }
      console.log(
        `${lang} header at ${width} px: ${heights[0]} px in the fallback faces, ${heights[1]} px in the web fonts`,
      );
      expect(heights[0], `${lang}: in the fallback faces`).toBe(heights[1]);
      expect(heights[1]).toBeLessThanOrEqual(HEADER_MAX);
    }
  });
