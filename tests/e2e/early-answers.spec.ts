import { expect, test } from '@playwright/test';

/** Answers the server gives before any page or route of ours runs: each has its proper status, and our headers. */

const expectOurHeaders = (headers: Record<string, string>) => {
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['strict-transport-security']).toMatch(/max-age=31536000/);
};

test('a method a page does not take is 405 with Allow, in the caller’s language', async ({ request }) => {
  const answer = await request.fetch('/ru/profil', { method: 'DELETE' });
  expect(answer.status()).toBe(405);
  expect(answer.headers().allow).toBe('GET, HEAD');
  expectOurHeaders(answer.headers());
  expect(await answer.json()).toMatchObject({ error: 'methodNotAllowed' });
});

test('a path segment longer than any file name is the site’s 404 page, not a 403', async ({ request }) => {
  for (const [path, words] of [
    [`/${'a'.repeat(300)}`, 'lang="lv"'],
    [`/ru/${'ā'.repeat(200)}`, 'lang="ru"'],
    [`/assets/${'b'.repeat(256)}.js`, 'lang="lv"'],
  ] as const) {
    const answer = await request.get(path);
    expect(answer.status()).toBe(404);
    expectOurHeaders(answer.headers());
    expect(await answer.text()).toContain(words);
  }
});

test('a mangled continue link lands on the page for links that no longer work', async ({ request }) => {
  const answer = await request.get('/api/continue?lang=AAA&code=x', { maxRedirects: 0 });
  expect(answer.status()).toBe(303);
  expect(answer.headers().location).toBe('/saite-nederiga');
});
