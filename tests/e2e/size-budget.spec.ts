import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import lvForm from '../../locales/lv/form.json' with { type: 'json' };
import ruForm from '../../locales/ru/form.json' with { type: 'json' };

// The calculator's script (React, i18next) comes when the visitor reaches for it, not before
const HOME_JS_BUDGET = 90 * 1024;

test(`the home page loads at most ${HOME_JS_BUDGET / 1024} kB gzip of JavaScript before any interaction`, async ({
  page,
}) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('slider', { name: 'Kredīta summa' })).toBeVisible();
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  console.log(`home page JavaScript before interaction: ${(total / 1024).toFixed(1)} kB gzip in ${scripts.size} files`);
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(HOME_JS_BUDGET);
});

// The first step comes as HTML (src/features/application/takeover); before any interaction it loads the site's own
// script and the page's gate only: measured 4.5 kB, far within the goal of 100 kB.
const WORKFLOW_FIRST_STEP_BUDGET = 100 * 1024;
// At the first move the wizard's code comes and adopts the form: React, the machine, the form's components, and
// with them the choice of lenders, the schema (zod, load-validation.ts) and the broker's client. Measured 201.3 lv /
// 203.1 ru in all once the network is quiet: the budget keeps it from growing, with a margin of 6.9 kB.
const WORKFLOW_ADOPTED_BUDGET = 210 * 1024;

/** The wizard's own entry, from the build's manifest. */
function workflowEntryFile(): string {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = manifest['src/entries/workflow-client.ts'];
  if (!entry) throw new Error('the build has no workflow entry');
  return `/${entry.file}`;
}

function recordScripts(page: Page): Map<string, number> {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(new URL(response.url()).pathname, gzipSync(await response.body(), { level: 9 }).length);
  });
  return scripts;
}

test('the public pages never load the wizard; the workflow loads it', async ({ page }) => {
  // the paths only: a body still being read when the next page is loaded would be gone
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  for (const path of ['/', '/ru/avtokredit', '/buj']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    // the calculator's script comes when the visitor reaches for it: a step then shows the next amount
    const slider = page.getByRole('slider').first();
    if ((await slider.count()) > 0) {
      const before = (await slider.getAttribute('aria-valuetext')) ?? '';
      await slider.focus();
      await slider.press('ArrowRight');
      await expect(slider).not.toHaveAttribute('aria-valuetext', before);
    }
  }
  expect([...scripts]).not.toContain(workflowEntryFile());

  await page.goto('/applicantWorkflow/enteringEssence', { waitUntil: 'networkidle' });
  expect([...scripts]).toContain(workflowEntryFile());
});

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const sum = (scripts: Map<string, number>) => [...scripts.values()].reduce((total, size) => total + size, 0);

for (const path of ['/applicantWorkflow/enteringEssence', '/ru/applicantWorkflow/enteringEssence']) {
  test(`${path} loads at most ${WORKFLOW_FIRST_STEP_BUDGET / 1024} kB gzip of JavaScript before any interaction, ${WORKFLOW_ADOPTED_BUDGET / 1024} kB once the form is touched`, async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto(path, { waitUntil: 'networkidle' });
    const submit = page.getByRole('button', { name: /Nosūtīt pieteikumu|Отправить заявку/ });
    await expect(submit).toBeVisible();
    await page.waitForLoadState('networkidle');
    const before = sum(scripts);
    const files = [...scripts].map(([file, size]) => `${file.replace('/assets/', '')} ${kib(size)}`);
    console.log(
      `${path} JavaScript before interaction: ${kib(before)} gzip in ${scripts.size} files (${files.join(', ')})`,
    );
    expect(before).toBeLessThanOrEqual(WORKFLOW_FIRST_STEP_BUDGET);

    // the first move brings the wizard, which adopts the form: the choice of lenders then shows below it, and the
    // schema comes; counted once each has come and been read
    const schema = page.waitForResponse(/\/assets\/application-validation-[\w-]+\.js$/);
    await page.getByRole('textbox').first().focus();
    const lenders = path.startsWith('/ru') ? ruForm.sections.lenders : lvForm.sections.lenders;
    await expect(page.getByRole('region', { name: lenders, exact: true }).getByRole('checkbox').first()).toBeVisible();
    await (await schema).finished();
    await expect.poll(() => scripts.size).toBeGreaterThan(20);
    console.log(`${path} JavaScript once the form is touched: ${kib(sum(scripts))} gzip in ${scripts.size} files`);
    expect(sum(scripts)).toBeGreaterThan(before);
    expect(sum(scripts)).toBeLessThanOrEqual(WORKFLOW_ADOPTED_BUDGET);
  });
}

const LOADER_BUDGET = 1.5 * 1024;
const CALCULATOR_FRAME_BUDGET = 95 * 1024;
// The application frame's first step comes as HTML, as the site's does: before any interaction it loads the frame's
// own script only (measured 4.5 kB). The goal is 120 kB; the budget keeps 5 kB below it.
const APPLICATION_FRAME_BUDGET = 115 * 1024;
// At the first move the workflow comes and adopts the form, with the lenders' choice and the schema: measured 202.6
// lv / 204.3 ru; the budget keeps it from growing, with a margin of 5.7 kB.
const APPLICATION_FRAME_ADOPTED_BUDGET = 210 * 1024;

test(`the widget loader is at most ${LOADER_BUDGET} bytes gzip, cached briefly; the host script it loads is immutable`, async ({
  request,
}) => {
  const loader = await request.get('/widget/v1/loader.js');
  expect(loader.status()).toBe(200);
  const size = gzipSync(await loader.body(), { level: 9 }).length;
  console.log(`widget loader: ${size} B gzip`);
  expect(size).toBeLessThanOrEqual(LOADER_BUDGET);
  expect(loader.headers()['cache-control']).toBe('public, max-age=300');
  expect(loader.headers()['cross-origin-resource-policy']).toBe('cross-origin');

  const hostScript = /host-[\w-]+\.js/.exec(await loader.text())?.[0];
  expect(hostScript).toBeDefined();
  const host = await request.get(`/widget/v1/${hostScript}`);
  expect(host.status()).toBe(200);
  expect(host.headers()['cache-control']).toContain('immutable');
  console.log(`widget host script: ${(gzipSync(await host.body(), { level: 9 }).length / 1024).toFixed(1)} kB gzip`);
});

/** The application frame once touched: the workflow has adopted the form, its lenders' choice and schema have come. */
async function expectAdoptedFrameWithin(page: Page, scripts: Map<string, number>, lang: 'lv' | 'ru') {
  const before = sum(scripts);
  const schema = page.waitForResponse(/\/assets\/widgets\/application-validation-[\w-]+\.js$/);
  await page.getByRole('textbox').first().focus();
  const lenders = lang === 'ru' ? ruForm.sections.lenders : lvForm.sections.lenders;
  await expect(page.getByRole('region', { name: lenders, exact: true }).getByRole('checkbox').first()).toBeVisible();
  await (await schema).finished();
  await page.waitForLoadState('networkidle');
  console.log(`application widget (${lang}) JavaScript once the form is touched: ${kib(sum(scripts))} gzip`);
  expect(sum(scripts)).toBeGreaterThan(before);
  expect(sum(scripts)).toBeLessThanOrEqual(APPLICATION_FRAME_ADOPTED_BUDGET);
}

for (const [kind, budget, ready] of [
  ['calculator', CALCULATOR_FRAME_BUDGET, 'slider'],
  ['application', APPLICATION_FRAME_BUDGET, 'button'],
] as const) {
  for (const lang of ['lv', 'ru'] as const) {
    test(`the ${kind} widget's page (${lang}) loads at most ${budget / 1024} kB gzip of JavaScript before any interaction${kind === 'application' ? `, ${APPLICATION_FRAME_ADOPTED_BUDGET / 1024} kB once the form is touched` : ''}`, async ({
      page,
    }) => {
      const scripts = recordScripts(page);
      await page.goto(`/widget/v1/${kind}?lang=${lang}`, { waitUntil: 'networkidle' });
      await expect(page.getByRole(ready).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
      console.log(`${kind} widget (${lang}) JavaScript: ${(total / 1024).toFixed(1)} kB gzip in ${scripts.size} files`);
      expect(scripts.size).toBeGreaterThan(0);
      expect(total).toBeLessThanOrEqual(budget);
      if (kind === 'application') await expectAdoptedFrameWithin(page, scripts, lang);
    });
  }
}
