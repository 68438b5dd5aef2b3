import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import lvCalculator from '../../locales/lv/calculator.json' with { type: 'json' };
import ruCalculator from '../../locales/ru/calculator.json' with { type: 'json' };
import lvWidget from '../../locales/lv/widget.json' with { type: 'json' };
import { PUBLISHER_PORT } from '../../playwright.config.ts';
import { answerAtBank, APPLICANT, fillApplication, WORDS } from './support/applicant.ts';
import { chooseInWidget } from './support/choose-offer.ts';

/**
 * The widgets as a publisher's visitor meets them: a page on another origin (another port) with
 * the product's script tag, the widgets in iframes from the product's origin, the real server,
 * its bank simulator and its lenders.
 */
const PUBLISHER = `http://127.0.0.1:${PUBLISHER_PORT}`;
/** the same publisher server under another name: a third origin on the publisher's page */
const INTRUDER = `http://localhost:${PUBLISHER_PORT}`;
const PUBLISHER_KEY = 'autoportals-report-key-0123456789';

/**
 * Waits until the host has sized the iframe for the widget's content (a new step changes it): at
 * least as tall as the content (a shrink may stop at the viewport's bottom edge), and still.
 */
async function settled(page: Page, host: string) {
  // a browser measures an iframe's content when it renders it: when it is in view
  await page.locator(host).scrollIntoViewIfNeeded();
  let previous = -1;
  await expect(async () => {
    const sized = await heights(page, host);
    const still = sized.outer === previous;
    previous = sized.outer;
    expect(sized.outer).toBeGreaterThanOrEqual(sized.content - 1);
    expect(still).toBe(true);
  }).toPass();
}

const calculatorFrame = (page: Page, host = '#calculator') => page.frameLocator(`${host} iframe`);
const applicationFrame = (page: Page) => page.frameLocator('#application iframe');

interface HostEvent {
  readonly type: string;
  readonly target: string;
  readonly detail: Record<string, unknown>;
}
const hostEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { widgetEvents: HostEvent[] }).widgetEvents);

/** The iframe's height on the host page, and its content's height inside. */
async function heights(page: Page, host: string) {
  const iframe = page.locator(`${host} iframe`);
  const frame = await (await iframe.elementHandle())?.contentFrame();
  // measured once the widget's fonts are in: text in a fallback font wraps differently
  await frame?.evaluate(() => document.fonts.ready.then(() => undefined));
  const outer = await iframe.evaluate((element) => element.getBoundingClientRect().height);
  const inner = await frame?.evaluate(() => ({
    content: document.getElementById('widget-root')?.getBoundingClientRect().height ?? 0,
    scrolls: document.documentElement.scrollHeight > document.documentElement.clientHeight + 1,
  }));
  return { outer, content: inner?.content ?? 0, scrolls: inner?.scrolls ?? true };
}

test('both widgets render from the product origin; the loader twice places each once; bad options are reported', async ({
  page,
  baseURL,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(`${PUBLISHER}/declarative.html`);

  await expect(calculatorFrame(page).getByRole('heading', { name: lvCalculator.heading })).toBeVisible();
  await expect(calculatorFrame(page).getByTestId('monthly-payment')).toHaveText(/\d+,\d{2}\s€/);
  await expect(applicationFrame(page).getByRole('button', { name: WORDS.lv.form.submit })).toBeVisible();

  const sources = await page
    .locator('iframe')
    .evaluateAll((frames) => frames.map((frame) => frame.getAttribute('src')));
  expect(sources).toHaveLength(2);
  for (const source of sources) expect(new URL(source ?? '').origin).toBe(new URL(baseURL ?? '').origin);
  await expect(page.locator('#calculator iframe')).toHaveAttribute('title', /Kredīta kalkulators/);

  // the publisher's configuration: amount and term preselected, purpose carried, unknown and invalid options told
  await expect(calculatorFrame(page).getByRole('slider', { name: lvCalculator.amount })).toHaveAttribute(
    'aria-valuetext',
    /3000/,
  );
  expect(warnings.some((text) => text.includes('unknown option "colour"'))).toBe(true);
  expect(warnings.some((text) => text.includes('option "mode" has the invalid value "wild"'))).toBe(true);

  // the publisher's global styles stay outside
  const font = await calculatorFrame(page)
    .getByRole('heading', { name: lvCalculator.heading })
    .evaluate((element) => getComputedStyle(element).fontFamily);
  expect(font).not.toMatch(/Comic/);

  const readies = (await hostEvents(page)).filter((event) => event.type === 'loanwidget:ready');
  expect(readies.map((event) => event.target).sort()).toEqual(['application', 'calculator']);
});

test('the iframes are as tall as their content, and follow it when it grows', async ({ page }) => {
  await page.goto(`${PUBLISHER}/declarative.html`);
  await expect(calculatorFrame(page).getByTestId('monthly-payment')).toBeVisible();
  await expect(async () => {
    const calculator = await heights(page, '#calculator');
    expect(Math.abs(calculator.outer - calculator.content)).toBeLessThanOrEqual(1);
    expect(calculator.scrolls).toBe(false);
  }).toPass();

  const application = applicationFrame(page);
  await expect(application.getByRole('button', { name: WORDS.lv.form.submit })).toBeVisible();
  await settled(page, '#application');
  const before = await heights(page, '#application');
  const belowBefore = await page
    .locator('#below-application')
    .evaluate((element) => element.getBoundingClientRect().top);

  // submitting the empty form shows an error beside every field: the content grows, and so does the iframe
  await application.getByRole('button', { name: WORDS.lv.form.submit }).click();
  await expect(application.getByText(WORDS.lv.form.monthlyIncome.label).first()).toBeVisible();
  await expect(async () => {
    const after = await heights(page, '#application');
    expect(after.content).toBeGreaterThan(before.content);
    expect(Math.abs(after.outer - after.content)).toBeLessThanOrEqual(1);
    expect(after.scrolls).toBe(false);
  }).toPass();
  const belowAfter = await page
    .locator('#below-application')
    .evaluate((element) => element.getBoundingClientRect().top);
  expect(belowAfter).toBeGreaterThan(belowBefore);

  const resizes = (await hostEvents(page)).filter((event) => event.type === 'loanwidget:resize');
  expect(resizes.length).toBeGreaterThan(1);
});

test('a calculation changes the figures and the host hears of it', async ({ page }) => {
  await page.goto(`${PUBLISHER}/declarative.html`);
  const calculator = calculatorFrame(page);
  const monthly = calculator.getByTestId('monthly-payment');
  await expect(monthly).toHaveText(/\d/);
  const first = await monthly.textContent();

  const amount = calculator.getByRole('slider', { name: lvCalculator.amount });
  await amount.focus();
  await amount.press('ArrowRight');
  await expect(amount).toHaveAttribute('aria-valuetext', /4000/);
  await expect(monthly).not.toHaveText(first ?? '');
  await expect(calculator.getByText(/Kopējā kredīta summa/).locator('..')).toContainText('4000');

  await expect
    .poll(async () =>
      (await hostEvents(page)).filter((event) => event.type === 'loanwidget:calculationchanged').map((e) => e.detail),
    )
    .toContainEqual(expect.objectContaining({ widget: 'calculator', amount: 4000, term: 36 }));
  const changed = (await hostEvents(page)).filter((event) => event.type === 'loanwidget:calculationchanged').at(-1);
  const shown = Number((await monthly.textContent())?.replace(/[^\d,]/g, '').replace(',', '.'));
  expect(changed?.detail.monthlyPayment).toBe(shown);
});

test('a whole application inside the widget: identification in a new tab, back to the widget, offers; the server credits the publisher', async ({
  page,
  context,
  request,
}) => {
  await page.goto(`${PUBLISHER}/declarative.html`);
  const application = applicationFrame(page);
  const { workflow } = WORDS.lv;
  await fillApplication(application, 'lv');
  await application.getByRole('button', { name: WORDS.lv.form.submit }).click();
  await expect(application.getByRole('heading', { level: 1 })).toHaveText(workflow.steps.choosingMethod);
  // the host page's address never changes with the steps
  expect(page.url()).toBe(`${PUBLISHER}/declarative.html`);

  // the bank opens in a new tab; the widget waits and says how to open it again
  await settled(page, '#application');
  const bankTab = context.waitForEvent('page');
  await application.getByRole('button', { name: /Daugavas Banka/ }).click();
  const bank = await bankTab;
  await expect(application.getByRole('heading', { level: 1 })).toHaveText(workflow.confirming.title);
  await expect(application.getByRole('link', { name: new RegExp(workflow.confirming.openAgain) })).toBeVisible();
  await answerAtBank(bank, 'approve');
  // back from the bank, the tab says so and closes itself
  await bank.waitForEvent('close', { timeout: 10_000 });

  await expect(application.getByRole('heading', { level: 1 })).toHaveText(workflow.steps.offers, {
    timeout: 20_000,
  });
  await expect(application.getByRole('article').first()).toBeVisible();

  const events = await hostEvents(page);
  const types = events.map((event) => event.type);
  expect(types).toContain('loanwidget:applicationsubmitted');
  const offersReady = events.find((event) => event.type === 'loanwidget:offersready');
  expect(offersReady?.detail.count).toBeGreaterThan(0);
  // nothing the applicant typed reaches the publisher's page
  const seen =
    JSON.stringify(events) + (await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage })));
  for (const personal of [APPLICANT.personalId, APPLICANT.email, APPLICANT.firstname, APPLICANT.phone]) {
    expect(seen).not.toContain(personal);
  }

  // the publisher's report: this application, with the widget's attribution
  const report = await request.get('/api/publishers/applications', {
    headers: { authorization: `Bearer ${PUBLISHER_KEY}` },
  });
  expect(report.status()).toBe(200);
  const { applications } = (await report.json()) as {
    applications: { state: string; tracking: Record<string, string> }[];
  };
  expect(applications).toContainEqual(
    expect.objectContaining({
      state: 'offers',
      tracking: expect.objectContaining({ utm_source: 'autoportals', utm_campaign: 'rudens', click_ID: 'clk-42' }),
    }),
  );
});

test("a script on the host page cannot read the form's inputs or the widget's storage", async ({ page }) => {
  await page.goto(`${PUBLISHER}/declarative.html`);
  const application = applicationFrame(page);
  const personalId = application.getByRole('textbox', { name: WORDS.lv.form.personalId.label, exact: true });
  await personalId.fill(APPLICANT.personalId);
  await expect(personalId).toHaveValue(APPLICANT.personalId);

  const attempts = await page.evaluate(() => {
    const iframe = document.querySelector<HTMLIFrameElement>('#application iframe');
    const attempt = (read: () => unknown) => {
      try {
        return { read: String(read()) };
      } catch (error) {
        return { refused: (error as Error).name };
      }
    };
    return {
      inputsOnHost: document.querySelectorAll('input').length,
      contentDocument: iframe?.contentDocument === null ? 'null' : 'document',
      windowDocument: attempt(() => iframe?.contentWindow?.document.querySelector('input')?.value),
      frameStorage: attempt(() => iframe?.contentWindow?.sessionStorage.length),
    };
  });
  expect(attempts).toEqual({
    inputsOnHost: 0,
    contentDocument: 'null',
    windowDocument: { refused: 'SecurityError' },
    frameStorage: { refused: 'SecurityError' },
  });
});

test('the JavaScript API: queued calls, Russian, callbacks, update and unmount; messages from a wrong origin are ignored', async ({
  page,
}) => {
  await page.goto(`${PUBLISHER}/spa.html`);
  const calculator = calculatorFrame(page, '#slot');
  await expect(calculator.getByRole('heading', { name: ruCalculator.heading })).toBeVisible();
  await expect(calculator.getByRole('slider', { name: ruCalculator.amount })).toHaveAttribute(
    'aria-valuetext',
    /2\s?000/,
  );
  const callbacks = () =>
    page.evaluate(() => (window as unknown as { callbacks: Record<string, unknown>[] }).callbacks);
  await expect.poll(callbacks).toContainEqual(expect.objectContaining({ type: 'ready', widget: 'calculator' }));
  await expect
    .poll(callbacks)
    .toContainEqual(expect.objectContaining({ type: 'calculationChanged', amount: 2000, term: 24 }));
  // sized and still: the host animates height changes over 0.2 s, and a height read mid-way is not the last
  await settled(page, '#slot');
  const sizedBefore = await heights(page, '#slot');
  expect(Math.abs(sizedBefore.outer - sizedBefore.content)).toBeLessThanOrEqual(1);

  // another origin on the page forges resize, offers and update messages to the host and the widget
  await page.locator('#intruder').evaluate((frame: HTMLIFrameElement, src) => {
    frame.src = src;
  }, `${INTRUDER}/intruder.html`);
  const intruder = page.frameLocator('#intruder');
  await expect(intruder.getByText('Reklāma')).toBeVisible();
  await page.evaluate(() =>
    (document.getElementById('intruder') as HTMLIFrameElement).contentWindow?.postMessage('forge', '*'),
  );
  await expect(intruder.locator('body[data-forged="yes"]')).toHaveCount(1);
  await page.waitForTimeout(300);
  expect((await heights(page, '#slot')).outer).toBe(sizedBefore.outer);
  await expect(calculator.getByRole('slider', { name: ruCalculator.amount })).toHaveAttribute(
    'aria-valuetext',
    /2\s?000/,
  );
  expect((await callbacks()).some((detail) => detail.type === 'offersReady')).toBe(false);

  // the host's own update goes through
  await page.getByRole('button', { name: 'Показать 10 000 € на 48 месяцев' }).press('Enter');
  await expect(calculator.getByRole('slider', { name: ruCalculator.amount })).toHaveAttribute(
    'aria-valuetext',
    /10\s?000/,
  );
  await expect
    .poll(callbacks)
    .toContainEqual(expect.objectContaining({ type: 'calculationChanged', amount: 10000, term: 48 }));

  await page.getByRole('button', { name: 'Убрать калькулятор' }).press('Enter');
  await expect(page.locator('#slot iframe')).toHaveCount(0);
});

test('apply-only mode shows no rate, payment or cost; the call to action opens the application in the widget', async ({
  page,
}) => {
  await page.goto(`${PUBLISHER}/apply-only.html`);
  const calculator = calculatorFrame(page);
  await expect(calculator.getByRole('heading', { name: lvCalculator.applyHeading })).toBeVisible();
  const text = await calculator.locator('body').innerText();
  expect(text).not.toMatch(/%|GPL|Ikmēneša|izmaksas|atmaksājamā/);
  await expect(calculator.getByTestId('monthly-payment')).toHaveCount(0);

  await calculator.getByRole('link', { name: lvCalculator.apply }).click();
  // the same iframe now holds the application, with the calculator's figures
  await expect(calculator.getByRole('button', { name: WORDS.lv.form.submit })).toBeVisible();
  await expect(calculator.getByRole('combobox', { name: WORDS.lv.form.amount.label, exact: true })).toHaveValue('7000');
});

test("cta=site: the calculator's button opens the application on the site in a new tab, with the publisher's attribution", async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto(`${PUBLISHER}/cta-site.html?utm_source=host-page`);
  const calculator = calculatorFrame(page);
  const apply = calculator.getByRole('link', { name: new RegExp(ruCalculator.apply) });
  await expect(apply).toHaveAttribute('target', '_blank');
  const siteTab = context.waitForEvent('page');
  // activated from the keyboard: a pointer click lands where the link was a moment before, and once in a CI run
  // the frame's height changed between the two and the click opened nothing
  await apply.press('Enter');
  const site = await siteTab;
  await expect(site.getByRole('button', { name: WORDS.ru.form.submit })).toBeVisible();
  const address = new URL(site.url());
  expect(address.origin).toBe(new URL(baseURL ?? '').origin);
  expect(address.pathname).toBe('/ru/applicantWorkflow/enteringEssence');
  expect(Object.fromEntries(address.searchParams)).toMatchObject({
    type: 'buyingCar',
    amount: '5000',
    term: '60',
    publisherId: 'auto.lv',
    utm_campaign: 'zima',
    // the host page's own utm_source, as the snippet set none
    utm_source: 'host-page',
  });
  // the site keeps them for the application (spec: session storage)
  expect(await site.evaluate(() => sessionStorage.getItem('publisherId'))).toBe('auto.lv');
  await site.close();
});

test('apply-only application: identification in the widget, then the comparison on the site in a new tab, by a one-time code', async ({
  page,
  context,
}) => {
  await page.goto(`${PUBLISHER}/apply-only-application.html`);
  const application = applicationFrame(page);
  const { workflow } = WORDS.lv;
  await fillApplication(application, 'lv');
  await application.getByRole('button', { name: WORDS.lv.form.submit }).click();
  await expect(application.getByRole('heading', { level: 1 })).toHaveText(workflow.steps.choosingMethod);
  await settled(page, '#application');
  const bankTab = context.waitForEvent('page');
  await application.getByRole('button', { name: /Daugavas Banka/ }).click();
  const bank = await bankTab;
  await answerAtBank(bank, 'approve');
  await bank.waitForEvent('close', { timeout: 10_000 });

  await expect(application.getByRole('heading', { level: 1 })).toHaveText(workflow.applyOnly.title, {
    timeout: 20_000,
  });
  expect(await application.locator('body').innerText()).not.toMatch(/%|€/);

  await settled(page, '#application');
  const siteTab = context.waitForEvent('page');
  await application.getByRole('button', { name: new RegExp(workflow.applyOnly.open) }).click();
  const site = await siteTab;
  await expect(site.getByRole('heading', { level: 1 })).toHaveText(workflow.steps.offers, { timeout: 20_000 });
  // the offers, a table on a wide screen and cards on a phone: each with its Choose button
  await expect(
    site.getByRole('button', { name: new RegExp(`^${workflow.offers.chooseLabel.replace('{{lender}}', '')}`) }).first(),
  ).toBeVisible();
  // the code left the address at once; the token never was in it
  expect(site.url()).not.toContain('handoff');
  await site.close();
});

test('axe finds no WCAG 2.2 A/AA violation inside either widget', async ({ page }) => {
  await page.goto(`${PUBLISHER}/declarative.html`);
  await expect(calculatorFrame(page).getByTestId('monthly-payment')).toBeVisible();
  await expect(applicationFrame(page).getByRole('button', { name: WORDS.lv.form.submit })).toBeVisible();
  for (const host of ['#calculator', '#application']) {
    // on a loaded machine a frame that is still sizing itself can miss one scan: the scan is taken again
    await expect(async () => {
      const results = await new AxeBuilder({ page })
        .include(host)
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .exclude('[data-live-announcer]')
        .analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
      // the scan reached inside the iframe, not just its element
      expect(results.passes.length + results.incomplete.length).toBeGreaterThan(5);
    }).toPass({ timeout: 20_000 });
  }
  // and in Russian, with its errors shown
  await page.goto(`${PUBLISHER}/spa.html`);
  await expect(calculatorFrame(page, '#slot').getByRole('slider').first()).toBeVisible();
  const results = await new AxeBuilder({ page })
    .include('#slot')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});

test("test mode: marked in the widget, in the host page's look, events without personal data to the host, out of the publisher's report", async ({
  page,
  context,
  request,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.goto(`${PUBLISHER}/test-mode.html`);
  const application = applicationFrame(page);
  const { workflow } = WORDS.lv;
  await expect(application.getByText(lvWidget.testMode.badge)).toBeVisible();

  // theme=inherit: the article's text colour, its links' colour as the accent, its font
  const look = await application.locator('body').evaluate((body) => {
    const style = getComputedStyle(body);
    const root = getComputedStyle(document.documentElement);
    return { color: style.color, font: style.fontFamily, accent: root.getPropertyValue('--color-accent').trim() };
  });
  expect(look).toEqual({ color: 'rgb(34, 34, 85)', font: 'Georgia, serif', accent: '#880022' });
  // set through the CSSOM, which the widget's Content Security Policy allows
  expect(violations).toEqual([]);

  await fillApplication(application, 'lv');
  await application.getByRole('button', { name: WORDS.lv.form.submit }).click();
  await expect(application.getByRole('heading', { level: 1 })).toHaveText(workflow.steps.choosingMethod);

  const bankTab = context.waitForEvent('page');
  await application.getByRole('button', { name: /Daugavas Banka/ }).click();
  await answerAtBank(await bankTab, 'approve');
  await expect(application.getByRole('heading', { level: 1 })).toHaveText(workflow.steps.offers, {
    timeout: 20_000,
  });
  await expect(application.getByText(lvWidget.testMode.badge)).toBeVisible();
  await chooseInWidget(
    page.locator('#application iframe'),
    application.getByRole('button', { name: new RegExp(`^${workflow.offers.choose}`) }).first(),
    application.getByRole('heading', { level: 1 }),
    workflow.steps.offerChosen,
  );

  await expect(async () => {
    const types = (await hostEvents(page)).map((event) => event.type);
    expect(types).toContain('loanwidget:offerchosen');
  }).toPass({ timeout: 10_000 });
  const events = await hostEvents(page);
  expect(events.map((event) => event.type)).toEqual([
    'loanwidget:started',
    'loanwidget:submitted',
    'loanwidget:applicationsubmitted',
    'loanwidget:offersready',
    'loanwidget:offerchosen',
  ]);
  for (const event of events) expect(event.detail).toMatchObject({ widget: 'application', testMode: true });
  const chosen = events.at(-1)?.detail ?? {};
  expect(Object.keys(chosen).sort()).toEqual(['amount', 'id', 'lenderId', 'lenderName', 'term', 'testMode', 'widget']);
  expect(chosen.lenderId).toMatch(/^[a-z0-9-]+$/);
  const callbacks = await page.evaluate(() => (window as unknown as { callbacks: { type: string }[] }).callbacks);
  expect(callbacks.map((detail) => detail.type)).toEqual(['started', 'submitted', 'offersReady', 'offerChosen']);
  // nothing the applicant typed reaches the publisher's page
  const seen = JSON.stringify(events) + JSON.stringify(callbacks);
  for (const personal of [
    APPLICANT.personalId,
    APPLICANT.email,
    APPLICANT.firstname,
    APPLICANT.lastname,
    APPLICANT.phone,
  ]) {
    expect(seen).not.toContain(personal);
  }

  // a test application earns the publisher nothing: not in its report
  const report = await request.get('/api/publishers/applications', {
    headers: { authorization: `Bearer ${PUBLISHER_KEY}` },
  });
  const { applications } = (await report.json()) as { applications: { tracking: Record<string, string> }[] };
  expect(applications.filter((entry) => entry.tracking.utm_source === 'testa-lapa')).toEqual([]);
});

test('a loader added long after the page has loaded still places the widget, and keeps the calls made before it', async ({
  page,
  baseURL,
}) => {
  // a page that adds the widget's script itself, a while after its load: the loader must not wait for a load event
  // that has passed
  const put = await page.request.put(`${PUBLISHER}/pasted-late-loader.html`, {
    headers: { 'content-type': 'text/html; charset=utf-8' },
    data: `<!doctype html><html lang="lv"><head><meta charset="utf-8"><title>Vēlāk</title></head><body><main>
<h1>Raksts</h1><div id="late"></div>
<script>
  window.LoanWidget = function () { (window.LoanWidget.q = window.LoanWidget.q || []).push(arguments); };
  LoanWidget('mount', '#late', { widget: 'calculator', amount: 7000 });
  addEventListener('load', () => setTimeout(() => {
    const script = document.createElement('script');
    script.src = '${baseURL}/widget/v1/loader.js';
    document.head.append(script);
  }, 500));
</script></main></body></html>`,
  });
  expect(put.status()).toBe(204);
  await page.goto(`${PUBLISHER}/pasted-late-loader.html`);
  await expect(calculatorFrame(page, '#late').getByRole('slider', { name: lvCalculator.amount })).toHaveAttribute(
    'aria-valuetext',
    /7\s?000/,
    { timeout: 10_000 },
  );
});
