import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { allPagePaths } from '../../domain/site-pages.ts';
import { fileOfPath } from '../pages/support/prerendered.ts';

// What a search engine or a social network reads: the HTML the server sends, without running any script.
test.use({ javaScriptEnabled: false });

const SITE = 'https://www.kreditkompass.lv';

/** The head's identity of a page: its title and canonical link, as the server sends them or the build wrote them. */
const identity = (html: string) => ({
  title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
  canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
});

test('every path of the registry answers 200 with the page the build prerendered for it', async ({ request }) => {
  // the head tags, alternates, disclosures and language links of those pages: tests/pages (npm run test:pages)
  for (const path of allPagePaths()) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toBe('text/html; charset=utf-8');
    const built = identity(readFileSync(join('dist/client', fileOfPath(path)), 'utf8'));
    expect(built.canonical, path).toMatch(new RegExp(`^${SITE}/`));
    expect(identity(await response.text()), path).toEqual(built);
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

test('/favicon.ico, which browsers ask for whatever a page names, leads to the site icon', async ({ request }) => {
  const moved = await request.get('/favicon.ico', { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe('/favicon.svg');
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  expect(await icon.text()).toContain('<svg');
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
