import { expect, test } from '@playwright/test';

/** The API's reference page, read as a partner's developer would, under its own strict policy. */
test('the reference page lists the operations, with no CSP violation and no console error', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const transferred = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    const length = Number((await response.allHeaders())['content-length'] ?? (await response.body()).length);
    transferred.set(new URL(response.url()).pathname, length);
  });

  const response = await page.goto('/api/docs');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self';");
  expect(policy).not.toContain('unsafe');
  expect(policy).toMatch(/style-src 'self' 'nonce-[\w+/=]{20,}';/);

  await expect(page.getByRole('heading', { name: /Kreditkompass broker API/ })).toBeVisible({ timeout: 20_000 });
  // every operation under its summary, and the side menu opens each tag onto its operations
  await expect(page.getByRole('heading', { name: /Submit an application$/ })).toBeVisible();
  const menu = page.getByRole('menu').first();
  await menu.getByRole('menuitem', { name: 'Publishers' }).click();
  await menu.getByRole('menuitem', { name: /A publisher's applications/ }).click();
  await expect(page.getByRole('heading', { name: /A publisher's applications/ })).toBeInViewport();

  // nothing from another origin, not even a font
  const origin = new URL(page.url()).origin;
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
  expect(problems).toEqual([]);
  const script = transferred.get('/api/docs/redoc.standalone.js') ?? 0;
  console.log(`the reference page's script: ${(script / 1024).toFixed(0)} kB transferred (brotli)`);
  expect(script).toBeGreaterThan(0);
});

test('the document the built server publishes has the API alone, not its pages', async ({ request }) => {
  const document = (await (await request.get('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
  const paths = Object.keys(document.paths);
  expect(paths).toContain('/api/applications');
  expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
});

test("the site's pages never load the reference page's script", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const path of ['/', '/partneriem', '/ru/partneram']) await page.goto(path, { waitUntil: 'networkidle' });
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => path.startsWith('/api/docs'))).toEqual([]);
});
