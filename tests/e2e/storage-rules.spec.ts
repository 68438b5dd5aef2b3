import { expect, test, type Page } from '@playwright/test';
import { pageScriptsRan } from './support/page-scripts.ts';

const session = (page: Page) => page.evaluate(() => ({ ...window.sessionStorage }));
const local = (page: Page) => page.evaluate(() => ({ ...window.localStorage }));

test('tracking parameters of the first load go to session storage and are not overwritten later', async ({ page }) => {
  await page.goto(
    '/?utm_source=partner&utm_medium=cpc&utm_campaign=spring&utm_content=banner&utm_term=kredits&publisherId=pub-7&click_ID=c123&v=2',
  );
  await pageScriptsRan(page);
  expect(await session(page)).toMatchObject({
    utm_source: 'partner',
    utm_medium: 'cpc',
    utm_campaign: 'spring',
    utm_content: 'banner',
    utm_term: 'kredits',
    publisherId: 'pub-7',
    click_ID: 'c123',
    v: '2',
  });
  await page.goto('/paterina-kredits?utm_source=other&publisherId=pub-9');
  await pageScriptsRan(page);
  expect(await session(page)).toMatchObject({ utm_source: 'partner', publisherId: 'pub-7' });
});

test('the referrer is stored once, without its query string', async ({ page }) => {
  await page.goto('/', { referer: 'https://news.example.lv/raksts?id=42&email=someone@example.lv' });
  await pageScriptsRan(page);
  expect((await session(page)).referrer).toBe('https://news.example.lv/raksts');
  await page.goto('/buj', { referer: 'https://another.example.lv/' });
  await pageScriptsRan(page);
  expect((await session(page)).referrer).toBe('https://news.example.lv/raksts');
});

test('token and ssn are cleared outside the applicant workflow; phone locale is reset to LV/371', async ({ page }) => {
  await page.goto('/');
  await pageScriptsRan(page);
  await page.evaluate(() => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('ssn', '010180-15097');
    localStorage.setItem('phoneNumberLocale', 'EE');
    localStorage.setItem('dialCode', '372');
  });
  await page.goto('/paterina-kredits');
  await pageScriptsRan(page);
  const stored = await local(page);
  expect(stored.token).toBeUndefined();
  expect(stored.ssn).toBeUndefined();
  expect(stored.phoneNumberLocale).toBe('LV');
  expect(stored.dialCode).toBe('371');
});

test('the /v1 and /v2 home variants are remembered as v in session storage', async ({ page }) => {
  await page.goto('/v1');
  await pageScriptsRan(page);
  expect((await session(page)).v).toBe('1');
  await page.goto('/ru/v2');
  await pageScriptsRan(page);
  expect((await session(page)).v).toBe('2');
});
