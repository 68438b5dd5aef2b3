import { describe, expect, it } from 'vitest';
import { readWidgetOptions, WIDGET_OPTION_NAMES } from '../../../domain/widget-protocol/options.ts';
import { attributeName, embedSnippet, escapeHtml, LOADER_URL, previewSrc, widgetMarkup } from './snippet.ts';

const STUB_AND_LOADER =
  '<script>window.LoanWidget=window.LoanWidget||function(){(LoanWidget.q=LoanWidget.q||[]).push(arguments)};' +
  "(function(w,d){var a;function l(){if(a)return;a=1;var s=d.createElement('script');s.async=true;" +
  's.src="https://www.kreditkompass.lv/widget/v1/loader.js";d.head.appendChild(s)}' +
  'function p(){w.requestAnimationFrame(function(){setTimeout(l)})}function f(){setTimeout(l,1000)}' +
  "function o(g){d.readyState==='complete'?g():w.addEventListener('load',g)}var P=w.PerformanceObserver;" +
  "if(P&&(P.supportedEntryTypes||[]).indexOf('largest-contentful-paint')>=0){new P(function(e,b){e.getEntries().length&&(b.disconnect(),p())})" +
  ".observe({type:'largest-contentful-paint',buffered:true});o(f)}" +
  "else if(d.readyState==='complete')l();else w.addEventListener('load',p)})(window,document);</script>";

describe('embed snippet', () => {
  it('is the calculator element, the queue stub and the loader, one per line', () => {
    const { options, problems } = readWidgetOptions({
      lang: 'ru',
      amount: 5000,
      term: '36',
      purpose: 'buyingCar',
      publisherId: 'auto-portals.lv',
      cta: 'site',
      mode: 'applyOnly',
      utmSource: 'partneris',
      clickId: 'abc123',
    });
    expect(problems).toEqual([]);
    expect(embedSnippet('calculator', options)).toBe(
      '<div data-loan-widget="calculator" data-lang="ru" data-amount="5000" data-term="36" data-purpose="buyingCar"' +
        ' data-publisher-id="auto-portals.lv" data-utm-source="partneris" data-click-id="abc123" data-cta="site"' +
        ' data-mode="applyOnly" style="min-height: 100vh"></div>\n' +
        STUB_AND_LOADER,
    );
  });

  it('leaves out options that are empty or missing', () => {
    expect(embedSnippet('application', { lang: 'lv', amount: '', publisherId: undefined })).toBe(
      `<div data-loan-widget="application" data-lang="lv" style="min-height: 100vh"></div>\n${STUB_AND_LOADER}`,
    );
    expect(widgetMarkup('calculator', {})).toBe('<div data-loan-widget="calculator" style="min-height: 100vh"></div>');
  });

  it('escapes attribute values, so no value can end the attribute or open a tag', () => {
    const { options } = readWidgetOptions({ utmCampaign: `"><script>alert('x')</script>&` });
    expect(widgetMarkup('calculator', options)).toBe(
      '<div data-loan-widget="calculator" data-utm-campaign="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;" style="min-height: 100vh"></div>',
    );
    expect(escapeHtml('a & b < c > d " e \' f')).toBe('a &amp; b &lt; c &gt; d &quot; e &#39; f');
  });

  it('names every attribute the kebab-case of its option', () => {
    expect(WIDGET_OPTION_NAMES.map(attributeName)).toEqual([
      'data-lang',
      'data-amount',
      'data-term',
      'data-purpose',
      'data-publisher-id',
      'data-utm-source',
      'data-utm-medium',
      'data-utm-campaign',
      'data-utm-content',
      'data-utm-term',
      'data-click-id',
      'data-cta',
      'data-mode',
      'data-theme',
      'data-text-color',
      'data-accent-color',
      'data-font',
      'data-test-mode',
    ]);
  });

  it('loads the loader from the site origin', () => {
    expect(LOADER_URL).toBe('https://www.kreditkompass.lv/widget/v1/loader.js');
  });
});

describe('preview address', () => {
  it('is the widget page on this origin with the options as its query', () => {
    expect(
      previewSrc('calculator', { lang: 'ru', amount: '7000', utmSource: 'a b', clickId: 'x&y', publisherId: '' }),
    ).toBe('/widget/v1/calculator?lang=ru&amount=7000&utm_source=a+b&click_ID=x%26y');
    expect(previewSrc('application', {})).toBe('/widget/v1/application?');
  });
});
