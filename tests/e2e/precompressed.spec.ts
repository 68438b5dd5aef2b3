import { readFileSync, statSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * The build's brotli and gzip copies of the assets (scripts/precompress.ts) are what the server
 * sends: the encoding the browser accepts, the copy's exact length (not a per-request compression),
 * the same content once decoded, and the plain file to a client that accepts neither.
 */

/** The site's own script, as the home page names it (its inline script asks for it after the first paint). */
async function siteScript(request: APIRequestContext): Promise<string> {
  const home = await (await request.get('/')).text();
  const src = /<script data-modules="(\/assets\/[^" ]+\.js)"/.exec(home)?.[1];
  expect(src, 'the home page loads a script from /assets').toBeDefined();
  return src ?? '';
}

for (const [encoding, suffix] of [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const) {
  test(`an asset goes out as the build's ${encoding} copy to a browser that accepts it`, async ({ request }) => {
    const path = await siteScript(request);
    const file = `dist/client${path}`;
    const response = await request.get(path, { headers: { 'accept-encoding': encoding } });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-encoding']).toBe(encoding);
    expect(response.headers()['vary']).toMatch(/accept-encoding/i);
    expect(Number(response.headers()['content-length'])).toBe(statSync(`${file}${suffix}`).size);
    expect(response.headers()['cache-control']).toContain('immutable');
    expect((await response.body()).equals(readFileSync(file))).toBe(true);
  });
}

test('a client that accepts no encoding gets the plain asset', async ({ request }) => {
  const path = await siteScript(request);
  const response = await request.get(path, { headers: { 'accept-encoding': 'identity' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-encoding'] ?? 'identity').toBe('identity');
  expect(Number(response.headers()['content-length'])).toBe(statSync(`dist/client${path}`).size);
});

test('the widget loader and the styles are precompressed too', async ({ request }) => {
  const home = await (await request.get('/')).text();
  const style = /<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1] ?? '';
  for (const path of ['/widget/v1/loader.js', style]) {
    const response = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers()['content-encoding'], path).toBe('br');
    expect(Number(response.headers()['content-length']), path).toBe(statSync(`dist/client${path}.br`).size);
  }
  // the copy keeps its file's caching: publishers get a new loader within five minutes
  const loader = await request.get('/widget/v1/loader.js', { headers: { 'accept-encoding': 'br' } });
  expect(loader.headers()['cache-control']).toBe('public, max-age=300');
  expect(loader.headers()['cross-origin-resource-policy']).toBe('cross-origin');
});
