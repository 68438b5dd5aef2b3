import { describe, expect, it } from 'vitest';
import { optionsInQuery, optionsToQuery, readWidgetOptions, widgetConfig } from './options.ts';
import { DEFAULT_AMOUNT, DEFAULT_TERM } from '../loan-options.ts';

const KNOWN =
  'lang, amount, term, purpose, publisherId, utmSource, utmMedium, utmCampaign, utmContent, utmTerm, clickId, cta, mode, theme, textColor, accentColor, font, testMode';

describe('readWidgetOptions', () => {
  it('keeps valid options, numbers as their text', () => {
    const reading = readWidgetOptions({
      lang: 'ru',
      amount: 3000,
      term: '36',
      purpose: 'buyingCar',
      publisherId: 'partner_1.lv-x',
      utmSource: 'news site',
      clickId: 'abc-123',
      cta: 'site',
      mode: 'applyOnly',
    });
    expect(reading.problems).toEqual([]);
    expect(reading.options).toEqual({
      lang: 'ru',
      amount: '3000',
      term: '36',
      purpose: 'buyingCar',
      publisherId: 'partner_1.lv-x',
      utmSource: 'news site',
      clickId: 'abc-123',
      cta: 'site',
      mode: 'applyOnly',
    });
  });

  it('accepts the bounds of amount and term', () => {
    expect(readWidgetOptions({ amount: 500, term: 6 }).options).toEqual({ amount: '500', term: '6' });
    expect(readWidgetOptions({ amount: '25000', term: '84' }).options).toEqual({ amount: '25000', term: '84' });
  });

  it('reports an unknown option with the list of known ones and leaves it out', () => {
    const reading = readWidgetOptions({ colour: 'red', amount: '3000' });
    expect(reading.options).toEqual({ amount: '3000' });
    expect(reading.problems).toEqual([`unknown option "colour" is ignored; known options: ${KNOWN}.`]);
  });

  it('reports each invalid value with what it expects and leaves it out', () => {
    const reading = readWidgetOptions({
      amount: 3000.5,
      term: '85',
      lang: 'en',
      purpose: '<script>',
      publisherId: 'a b',
      utmSource: '',
      clickId: 'x'.repeat(201),
      cta: 'popup',
      mode: 'lite',
    });
    expect(reading.options).toEqual({});
    expect(reading.problems).toEqual([
      'option "amount" has the invalid value 3000.5; expected a whole number of euros from 500 to 25000. The default is used.',
      'option "term" has the invalid value "85"; expected a whole number of months from 6 to 84. The default is used.',
      'option "lang" has the invalid value "en"; expected lv or ru. The default is used.',
      'option "purpose" has the invalid value "<script>"; expected one of personalNeeds, refinancing, buyingCar, houseRepair, realEstateLoan, business, other. The default is used.',
      'option "publisherId" has the invalid value "a b"; expected up to 64 letters, digits, dots, underscores or hyphens. The default is used.',
      'option "utmSource" has the invalid value ""; expected text of up to 200 characters. The default is used.',
      `option "clickId" has the invalid value "${'x'.repeat(201)}"; expected text of up to 200 characters. The default is used.`,
      'option "cta" has the invalid value "popup"; expected widget or site. The default is used.',
      'option "mode" has the invalid value "lite"; expected full or applyOnly. The default is used.',
    ]);
  });

  it('refuses amounts below the minimum, negative, in exponent form, and values that are not text or numbers', () => {
    const reading = readWidgetOptions({ amount: '499', term: -5, utmMedium: { nested: true } });
    expect(reading.options).toEqual({});
    expect(reading.problems).toEqual([
      'option "amount" has the invalid value "499"; expected a whole number of euros from 500 to 25000. The default is used.',
      'option "term" has the invalid value -5; expected a whole number of months from 6 to 84. The default is used.',
      'option "utmMedium" has the invalid value {"nested":true}; expected text of up to 200 characters. The default is used.',
    ]);
    expect(readWidgetOptions({ amount: '1e4' }).options).toEqual({});
  });

  it('refuses tracking text with control characters', () => {
    const reading = readWidgetOptions({ utmCampaign: 'spring\nsale' });
    expect(reading.options).toEqual({});
    expect(reading.problems).toHaveLength(1);
  });

  it('passes over options set to undefined without a word', () => {
    expect(readWidgetOptions({ amount: undefined, colour: undefined })).toEqual({ options: {}, problems: [] });
  });
});

describe('optionsToQuery and optionsInQuery', () => {
  it('write the tracking options under the spec names and read them back', () => {
    const options = {
      lang: 'ru',
      amount: '3000',
      publisherId: 'partner',
      utmSource: 'news',
      utmMedium: 'banner',
      utmCampaign: 'spring',
      utmContent: 'top',
      utmTerm: 'loan',
      clickId: 'c-1',
      cta: 'site',
      mode: 'applyOnly',
    };
    const query = optionsToQuery(options);
    expect(query.get('utm_source')).toBe('news');
    expect(query.get('utm_medium')).toBe('banner');
    expect(query.get('utm_campaign')).toBe('spring');
    expect(query.get('utm_content')).toBe('top');
    expect(query.get('utm_term')).toBe('loan');
    expect(query.get('click_ID')).toBe('c-1');
    expect(query.get('publisherId')).toBe('partner');
    expect(query.has('utmSource')).toBe(false);
    expect(query.has('clickId')).toBe(false);
    expect(optionsInQuery(new URLSearchParams(query.toString()))).toEqual(options);
  });

  it('leave out options that are not set, and read no parameter that is not an option', () => {
    expect(optionsToQuery({ amount: '3000', term: undefined }).toString()).toBe('amount=3000');
    expect(optionsInQuery(new URLSearchParams('amount=3000&host=https%3A%2F%2Fa.example&wid=w1&utmSource=x'))).toEqual({
      amount: '3000',
    });
  });
});

describe('widgetConfig', () => {
  const DEFAULTS = {
    lang: 'lv',
    amount: DEFAULT_AMOUNT,
    term: DEFAULT_TERM,
    purpose: null,
    cta: 'widget',
    mode: 'full',
    textColor: null,
    accentColor: null,
    font: null,
    testMode: false,
  };

  it('fills in the defaults when nothing is set', () => {
    expect(widgetConfig({})).toEqual(DEFAULTS);
    expect(DEFAULTS).toMatchObject({ amount: 5000, term: 60 });
  });

  it.each([
    { amount: 'abc' },
    { amount: '-5' },
    { amount: '1e5' },
    { amount: '3000.5' },
    { amount: ' 3000' },
    { amount: '' },
    { term: 'abc' },
    { term: '-5' },
    { purpose: '<script>' },
    { purpose: 'toString' },
    { lang: 'en' },
    { cta: 'popup' },
    { mode: 'lite' },
    { textColor: 'red' },
    { accentColor: '#12345' },
    { font: 'x;background:url(//a.example)' },
    { testMode: 'yes' },
  ])('settles %o to the default', (options) => {
    expect(widgetConfig(options)).toEqual(DEFAULTS);
  });

  it('keeps valid values', () => {
    expect(
      widgetConfig({ lang: 'ru', amount: '3000', term: '36', purpose: 'buyingCar', cta: 'site', mode: 'applyOnly' }),
    ).toEqual({
      ...DEFAULTS,
      lang: 'ru',
      amount: 3000,
      term: 36,
      purpose: 'buyingCar',
      cta: 'site',
      mode: 'applyOnly',
    });
    expect(
      widgetConfig({ textColor: '#1a1a1a', accentColor: '#0b4f6c', font: 'Georgia, serif', testMode: 'true' }),
    ).toEqual({
      ...DEFAULTS,
      textColor: '#1a1a1a',
      accentColor: '#0b4f6c',
      font: 'Georgia, serif',
      testMode: true,
    });
  });

  it('keeps a test application in the widget: cta=site does not send it to the site', () => {
    expect(widgetConfig({ cta: 'site', testMode: 'true' }).cta).toBe('widget');
    expect(widgetConfig({ cta: 'site', testMode: 'false' }).cta).toBe('site');
  });
});

describe('the look and test-mode options', () => {
  it('take hex colours (in lower case) and font-family lists as CSS writes them', () => {
    const reading = readWidgetOptions({
      theme: 'inherit',
      textColor: '#1A1A1A',
      accentColor: '#c30',
      font: `"Helvetica Neue", -apple-system, 'Segoe UI', Arial, sans-serif`,
    });
    expect(reading).toEqual({
      options: {
        theme: 'inherit',
        textColor: '#1a1a1a',
        accentColor: '#c30',
        font: `"Helvetica Neue", -apple-system, 'Segoe UI', Arial, sans-serif`,
      },
      problems: [],
    });
  });

  it.each([
    ['a colour name', { textColor: 'red' }],
    ['rgb()', { textColor: 'rgb(0, 0, 0)' }],
    ['hex without #', { accentColor: '0b4f6c' }],
    ['hex with alpha', { accentColor: '#0b4f6c80' }],
    ['a declaration after the colour', { textColor: '#000;background:red' }],
    ['a url in the font', { font: 'Arial, url(https://evil.example/x)' }],
    ['a declaration after the font', { font: 'Arial; color: red' }],
    ['an escape in the font', { font: 'Ari\\61l' }],
    ['a quote left open', { font: '"Arial' }],
    ['eleven fonts', { font: Array.from({ length: 11 }, (_, i) => `Font${i}`).join(', ') }],
    ['an unknown theme', { theme: 'dark' }],
  ])('refuse %s, naming what they expect', (_, raw) => {
    const reading = readWidgetOptions(raw);
    expect(reading.options).toEqual({});
    expect(reading.problems).toEqual([
      expect.stringMatching(/^option "\w+" has the invalid value .+; expected .+\. The default is used\.$/),
    ]);
  });

  it('turns test mode on by a bare attribute, "true" or true, and off by "false"', () => {
    expect(readWidgetOptions({ testMode: '' }).options).toEqual({ testMode: 'true' });
    expect(readWidgetOptions({ testMode: 'true' }).options).toEqual({ testMode: 'true' });
    expect(readWidgetOptions({ testMode: true }).options).toEqual({ testMode: 'true' });
    expect(readWidgetOptions({ testMode: false }).options).toEqual({ testMode: 'false' });
    expect(readWidgetOptions({ testMode: 'on' }).problems).toEqual([
      'option "testMode" has the invalid value "on"; expected true or false. The default is used.',
    ]);
  });
});
