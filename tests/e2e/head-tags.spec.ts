import { expect, test } from '@playwright/test';
import { allPagePaths, PAGES } from '../../domain/site-pages.ts';

// What a search engine or a social network reads: the prerendered HTML, without running any script.
test.use({ javaScriptEnabled: false });

const SITE = 'https://www.kreditkompass.lv';
const local = (absolute: string) => absolute.replace(SITE, '') || '/';

for (const path of allPagePaths()) {
  test(`${path} answers 200 with complete head tags`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const ru = path === '/ru' || path.startsWith('/ru/');
    await expect(page.locator('html')).toHaveAttribute('lang', ru ? 'ru' : 'lv');
    await expect(page).toHaveTitle(/\S.* \| Kreditkompass$/);
    const head = page.locator('head');
    await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
    await expect(head.locator('meta[name="robots"]')).toHaveAttribute('content', /^(no)?index, (no)?follow$/);
    const canonical = await head.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(new RegExp(`^${SITE}/`));
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', /\S/);
    await expect(head.locator('meta[property="og:description"]')).toHaveAttribute('content', /\S/);
    await expect(head.locator('meta[property="og:type"]')).toHaveAttribute('content', /^(website|article)$/);
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical ?? '');
    await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute('content', ru ? 'ru_RU' : 'lv_LV');
    await expect(page.locator('h1')).toHaveCount(1);
  });
}

for (const entry of PAGES) {
  test(`${entry.paths.lv} and ${entry.paths.ru} declare each other as alternates`, async ({ page }) => {
    const alternatesOf = async (path: string) => {
      await page.goto(path);
      const links = page.locator('head link[rel="alternate"]');
      const pairs: Record<string, string> = {};
      for (const link of await links.all()) {
        pairs[(await link.getAttribute('hreflang')) ?? ''] = local((await link.getAttribute('href')) ?? '');
      }
      return pairs;
    };
    const lv = await alternatesOf(entry.paths.lv);
    const ru = await alternatesOf(entry.paths.ru);
    if (entry.alternateRuDisabled) {
      // The Russian article is not a twin of the Latvian one (spec section 2): no hreflang at all.
      expect(lv).toEqual({});
      expect(ru).toEqual({});
      return;
    }
    const expected = { lv: entry.paths.lv, ru: entry.paths.ru, 'x-default': entry.paths.lv };
    expect(lv).toEqual(expected);
    expect(ru).toEqual(expected);
  });
}

test('the second Russian FAQ path shows the FAQ with the main path as canonical', async ({ page }) => {
  await page.goto('/ru/faq');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE}/ru/casto-zadavaemije-voprosi`);
});

test('noindex rules: legal basis is noindex, nofollow; bare /v1 and /v2 are noindex', async ({ page }) => {
  for (const [path, robots] of [
    ['/darbibas-juridiskais-pamats', 'noindex, nofollow'],
    ['/ru/darbibas-juridiskais-pamats', 'noindex, nofollow'],
    ['/v1', 'noindex, follow'],
    ['/v2', 'noindex, follow'],
    ['/ru/v1', 'noindex, follow'],
    ['/', 'index, follow'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', robots);
  }
});

for (const [path, lang, heading] of [
  ['/this-page-does-not-exist', 'lv', 'Lapa nav atrasta'],
  ['/ru/takoj-stranicy-net', 'ru', 'Страница не найдена'],
] as const) {
  test(`unknown path ${path} answers 404 in ${lang} with a way back home`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('main a.button')).toHaveAttribute('href', lang === 'ru' ? '/ru' : '/');
  });
}

test('sitemap.xml lists the indexable pages and robots.txt points at it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${SITE}/paterina-kredits</loc>`);
  expect(sitemap).toContain(`<loc>${SITE}/ru/potrebitelskij-kredit</loc>`);
  expect(sitemap).not.toContain('darbibas-juridiskais-pamats');
  expect(sitemap).not.toContain(`${SITE}/v1`);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
});

test('legal fragments are served from /assets/files and shown in their pages', async ({ page, request }) => {
  const fragment = await request.get('/assets/files/lv-privacy.html');
  expect(fragment.status()).toBe(200);
  const html = await fragment.text();
  const firstHeading = /<h2[^>]*>([^<]+)<\/h2>/.exec(html)?.[1]?.trim() ?? '';
  expect(firstHeading.length).toBeGreaterThan(3);
  await page.goto('/konfidencialitates-politika');
  await expect(page.getByRole('heading', { level: 2, name: firstHeading })).toBeVisible();
});
