// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { startHost } from './host-runtime.ts';

const PRODUCT = 'https://product.example';
const KNOWN =
  'lang, amount, term, purpose, publisherId, utmSource, utmMedium, utmCampaign, utmContent, utmTerm, clickId, cta, mode, theme, textColor, accentColor, font, testMode';

type LoanWidgetApi = ((command: unknown, ...args: unknown[]) => void) & { started?: boolean };
const globals = window as unknown as { LoanWidget?: LoanWidgetApi };
const api = (command: string, ...args: unknown[]) => {
  const loanWidget = globals.LoanWidget;
  if (!loanWidget) throw new Error('the host is not started');
  loanWidget(command, ...args);
};

const pageOrigin = () => window.location.origin;
const envelope = (id = 'w1') => ({ protocol: 'loan-widget', v: 1, id });
const iframeIn = (element: Element) => element.querySelector('iframe');
const only = <T>(items: ArrayLike<T>): T => {
  expect(items).toHaveLength(1);
  return items[0] as T;
};

/** What the browser delivers to the host page when a frame posts to it. */
const deliver = (data: unknown, source: Window | null, origin = PRODUCT) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));

let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  delete globals.LoanWidget;
  document.body.replaceChildren();
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
  delete globals.LoanWidget;
  window.history.replaceState(null, '', '/');
});

describe('startHost', () => {
  it("places one iframe per widget element, with the options, the page's origin and the widget's id", () => {
    document.body.innerHTML = '<div data-loan-widget="calculator" data-amount="3000" data-colour="x"></div>';
    startHost(PRODUCT, window);

    const element = only(document.querySelectorAll('[data-loan-widget]'));
    const iframe = only(element.querySelectorAll('iframe'));
    expect(iframe.src).toBe(
      `${PRODUCT}/widget/v1/calculator?amount=3000&host=${encodeURIComponent(pageOrigin())}&wid=w1`,
    );
    expect(iframe.title).toBe('Kredīta kalkulators');
    // jsdom lays nothing out: the element has no width, so the window's 1024 px count
    expect(iframe.style.height).toBe('735px');
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      `[LoanWidget] unknown option "colour" is ignored; known options: ${KNOWN}.`,
    );
    expect(globals.LoanWidget?.started).toBe(true);
  });

  it('starts each iframe near the height its content has at the width it gets', () => {
    const width = Object.getOwnPropertyDescriptor(window, 'innerWidth');
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    try {
      document.body.innerHTML =
        '<div id="a" data-loan-widget="calculator"></div><div id="b" data-loan-widget="calculator" data-mode="applyOnly"></div><div id="c" data-loan-widget="application"></div>';
      startHost(PRODUCT, window);
      const height = (id: string) => (document.querySelector(`#${id} iframe`) as HTMLIFrameElement).style.height;
      expect([height('a'), height('b'), height('c')]).toEqual(['1000px', '395px', '3390px']);
    } finally {
      if (width) Object.defineProperty(window, 'innerWidth', width);
    }
  });

  it('hands the space the snippet kept to the iframe: at least as tall, and the element no longer holds it', () => {
    document.body.innerHTML =
      '<div id="tall" data-loan-widget="calculator" style="min-height: 100vh; padding: 8px"></div>' +
      '<div id="short" data-loan-widget="calculator" style="min-height: 100vh"></div>';
    // jsdom lays nothing out: the heights the browser would give the two kept spaces
    for (const [id, clientHeight] of [
      ['tall', 1216],
      ['short', 600],
    ] as const) {
      Object.defineProperty(document.getElementById(id), 'clientHeight', { configurable: true, value: clientHeight });
    }
    startHost(PRODUCT, window);

    const element = (id: string) => document.getElementById(id) as HTMLElement;
    expect((iframeIn(element('tall')) as HTMLIFrameElement).style.height).toBe('1200px');
    expect((iframeIn(element('short')) as HTMLIFrameElement).style.height).toBe('735px');
    expect([element('tall').style.minHeight, element('short').style.minHeight]).toEqual(['', '']);
    expect(element('tall').style.padding).toBe('8px');
  });

  it('titles the iframe in the widget language and warns of an invalid option, leaving it out', () => {
    document.body.innerHTML =
      '<div data-loan-widget="application" data-lang="ru" data-amount="10" data-publisher-id="partner-1"></div>';
    startHost(PRODUCT, window);

    const iframe = iframeIn(document.body) as HTMLIFrameElement;
    const src = new URL(iframe.src);
    expect(src.origin + src.pathname).toBe(`${PRODUCT}/widget/v1/application`);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      lang: 'ru',
      publisherId: 'partner-1',
      host: pageOrigin(),
      wid: 'w1',
    });
    expect(iframe.title).toBe('Заявка на кредит');
    expect(iframe.style.height).toBe('2650px');
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      '[LoanWidget] option "amount" has the invalid value "10"; expected a whole number of euros from 500 to 25000. The default is used.',
    );
  });

  it('processes the calls queued before it loaded, in order', () => {
    document.body.innerHTML = '<div id="slot"></div>';
    const slot = document.getElementById('slot') as HTMLElement;
    const ready = vi.fn();
    globals.LoanWidget = Object.assign(() => undefined, {
      q: [
        ['init', { widget: 'calculator', lang: 'ru' }],
        ['mount', slot, { amount: 7000 }],
        ['on', 'ready', ready],
      ],
    });
    startHost(PRODUCT, window);

    const iframe = only(slot.querySelectorAll('iframe'));
    expect(Object.fromEntries(new URL(iframe.src).searchParams)).toEqual({
      lang: 'ru',
      amount: '7000',
      host: pageOrigin(),
      wid: 'w1',
    });
    expect(iframe.title).toBe('Кредитный калькулятор');
    expect(warn).not.toHaveBeenCalled();

    deliver({ ...envelope(), type: 'ready', widget: 'calculator' }, iframe.contentWindow);
    expect(ready).toHaveBeenCalledExactlyOnceWith({ widget: 'calculator', id: 'w1', type: 'ready' }, slot);
  });

  it('mounts by selector after starting, and gives each widget its own id', () => {
    document.body.innerHTML = '<div data-loan-widget="calculator"></div><section id="apply"></section>';
    startHost(PRODUCT, window);
    api('mount', '#apply', { widget: 'application', amount: '3000' });

    const apply = document.getElementById('apply') as HTMLElement;
    expect(new URL((iframeIn(apply) as HTMLIFrameElement).src).searchParams.get('wid')).toBe('w2');
    expect(document.querySelectorAll('iframe')).toHaveLength(2);
    expect(warn).not.toHaveBeenCalled();
  });

  describe('messages from a widget', () => {
    const started = () => {
      document.body.innerHTML =
        '<div id="a" data-loan-widget="calculator"></div><div id="b" data-loan-widget="calculator"></div>';
      startHost(PRODUCT, window);
      const element = document.getElementById('a') as HTMLElement;
      const iframe = iframeIn(element) as HTMLIFrameElement;
      const other = iframeIn(document.getElementById('b') as HTMLElement) as HTMLIFrameElement;
      // where the iframe is in the viewport (768 px tall in jsdom): below it unless a test moves it
      const box = { top: 1000, bottom: 1735 };
      for (const frame of [iframe, other])
        vi.spyOn(frame, 'getBoundingClientRect').mockImplementation(() => box as DOMRect);
      const scrollIntoView = vi.fn();
      iframe.scrollIntoView = scrollIntoView;
      const onResize = vi.fn();
      const onCalculation = vi.fn();
      api('on', 'resize', onResize);
      api('on', 'calculationChanged', onCalculation);
      const events: CustomEvent[] = [];
      const listen = (event: Event) => events.push(event as CustomEvent);
      document.body.addEventListener('loanwidget:resize', listen);
      document.body.addEventListener('loanwidget:calculationchanged', listen);
      return { element, iframe, other, box, scrollIntoView, onResize, onCalculation, events };
    };

    it('become callbacks and DOM events, and a resize sets the iframe height', () => {
      const { element, iframe, onResize, onCalculation, events } = started();
      expect(iframe.contentWindow).not.toBeNull();

      deliver({ ...envelope(), type: 'resize', height: 480 }, iframe.contentWindow);
      expect(iframe.style.height).toBe('480px');
      expect(onResize).toHaveBeenCalledExactlyOnceWith(
        { widget: 'calculator', id: 'w1', type: 'resize', height: 480 },
        element,
      );
      expect(events).toHaveLength(1);
      expect(events[0]?.type).toBe('loanwidget:resize');
      expect(events[0]?.target).toBe(element);
      expect(events[0]?.detail).toEqual({ widget: 'calculator', id: 'w1', height: 480 });

      deliver(
        { ...envelope(), type: 'calculationChanged', amount: 3000, term: 36, monthlyPayment: 95.5 },
        iframe.contentWindow,
      );
      expect(onCalculation).toHaveBeenCalledExactlyOnceWith(
        { widget: 'calculator', id: 'w1', type: 'calculationChanged', amount: 3000, term: 36, monthlyPayment: 95.5 },
        element,
      );
      expect(events[1]?.type).toBe('loanwidget:calculationchanged');
      expect(events[1]?.detail).toEqual({
        widget: 'calculator',
        id: 'w1',
        amount: 3000,
        term: 36,
        monthlyPayment: 95.5,
      });
    });

    it("shrink the iframe no further than the viewport's bottom edge, the rest as the visitor scrolls up; grow it at once", () => {
      const { iframe, box, events } = started();
      expect(iframe.style.height).toBe('735px');
      // the widget's top 168 px down the 768 px viewport: below 600 px of it, the publisher's text
      box.top = 168;
      deliver({ ...envelope(), type: 'resize', height: 400 }, iframe.contentWindow);
      expect(iframe.style.height).toBe('600px');
      expect(events.at(-1)?.detail).toEqual({ widget: 'calculator', id: 'w1', height: 400 });

      box.top = 268;
      window.dispatchEvent(new Event('scroll'));
      expect(iframe.style.height).toBe('500px');
      box.top = 600;
      window.dispatchEvent(new Event('scroll'));
      expect(iframe.style.height).toBe('400px');
      // the visitor scrolls down again: the iframe stays as tall as its content
      box.top = -200;
      window.dispatchEvent(new Event('scroll'));
      expect(iframe.style.height).toBe('400px');

      deliver({ ...envelope(), type: 'resize', height: 1800 }, iframe.contentWindow);
      expect(iframe.style.height).toBe('1800px');
    });

    it("bring a new step's top into view if the visitor was inside the widget below it, never after they left it", () => {
      const { iframe, box, scrollIntoView } = started();
      box.top = -300;
      box.bottom = 400;
      deliver({ ...envelope(), type: 'resize', height: 700 }, iframe.contentWindow);
      expect(scrollIntoView).not.toHaveBeenCalled();
      vi.useFakeTimers();
      deliver({ ...envelope(), type: 'resize', height: 950, newStep: true }, iframe.contentWindow);
      expect(scrollIntoView).toHaveBeenCalledExactlyOnceWith({ block: 'start' });
      // the new height waits until the scroll has been drawn
      expect(iframe.style.height).toBe('735px');
      vi.advanceTimersToNextFrame();
      expect(iframe.style.height).toBe('735px');
      vi.advanceTimersToNextFrame();
      expect(iframe.style.height).toBe('950px');
      vi.useRealTimers();

      // the visitor reads on below the widget: a step the server brings does not pull them back
      box.top = -1200;
      box.bottom = -100;
      deliver({ ...envelope(), type: 'resize', height: 900, newStep: true }, iframe.contentWindow);
      expect(scrollIntoView).toHaveBeenCalledOnce();
    });

    it('leave the page where the visitor is scrolling it when a new step arrives, and bring the next one into view', () => {
      const { iframe, box, scrollIntoView } = started();
      const now = vi.spyOn(window.performance, 'now').mockReturnValue(10_000);
      box.top = -300;
      box.bottom = 400;
      for (const event of [
        new WheelEvent('wheel'),
        new Event('touchmove'),
        new KeyboardEvent('keydown', { key: 'PageDown' }),
      ]) {
        window.dispatchEvent(event);
        now.mockReturnValue(10_500);
        deliver({ ...envelope(), type: 'resize', height: 650, newStep: true }, iframe.contentWindow);
        expect(scrollIntoView, event.type).not.toHaveBeenCalled();
        now.mockReturnValue(10_000);
      }
      // typing a letter on the host page is no scroll; a second after the last scroll the page is theirs no longer
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      now.mockReturnValue(11_100);
      deliver({ ...envelope(), type: 'resize', height: 700, newStep: true }, iframe.contentWindow);
      expect(scrollIntoView).toHaveBeenCalledExactlyOnceWith({ block: 'start' });
    });

    it('change nothing when they come from another origin, another source, or are malformed', () => {
      const { iframe, other, onResize, events } = started();
      const resize = { ...envelope(), type: 'resize', height: 480 };

      deliver(resize, iframe.contentWindow, 'https://attacker.example');
      deliver(resize, iframe.contentWindow, pageOrigin());
      deliver(resize, other.contentWindow);
      deliver(resize, window);
      deliver(resize, null);
      deliver({ ...resize, id: 'w2' }, iframe.contentWindow);
      deliver({ ...resize, v: 2 }, iframe.contentWindow);
      deliver({ ...resize, protocol: 'other' }, iframe.contentWindow);
      deliver({ ...resize, personalId: '010180-15097' }, iframe.contentWindow);
      deliver({ ...resize, height: -1 }, iframe.contentWindow);
      deliver({ ...resize, height: 20_001 }, iframe.contentWindow);
      deliver(JSON.stringify(resize), iframe.contentWindow);

      expect(iframe.style.height).toBe('735px');
      expect(other.style.height).toBe('735px');
      expect(onResize).not.toHaveBeenCalled();
      expect(events).toEqual([]);
    });

    it("reach the other widget's listeners from its own iframe with its own id", () => {
      const { other, onResize } = started();
      deliver({ ...envelope('w2'), type: 'resize', height: 300 }, other.contentWindow);
      expect(other.style.height).toBe('300px');
      expect(onResize).toHaveBeenCalledExactlyOnceWith(
        { widget: 'calculator', id: 'w2', type: 'resize', height: 300 },
        document.getElementById('b'),
      );
    });

    it('keep calling the other listeners when one throws', () => {
      const { iframe, onResize } = started();
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const failing = vi.fn(() => {
        throw new Error('publisher bug');
      });
      api('on', 'resize', failing);
      deliver({ ...envelope(), type: 'resize', height: 480 }, iframe.contentWindow);
      expect(onResize).toHaveBeenCalledOnce();
      expect(failing).toHaveBeenCalledOnce();
      expect(error).toHaveBeenCalledOnce();
    });
  });

  describe('the application events', () => {
    const mountedApplication = (attributes = '') => {
      document.body.innerHTML = `<div id="a" data-loan-widget="application" ${attributes}></div>`;
      startHost(PRODUCT, window);
      const element = document.getElementById('a') as HTMLElement;
      const iframe = iframeIn(element) as HTMLIFrameElement;
      const callbacks: unknown[] = [];
      for (const type of ['started', 'submitted', 'applicationSubmitted', 'offersReady', 'offerChosen']) {
        api('on', type, (detail: unknown) => callbacks.push(detail));
      }
      const events: { type: string; detail: unknown }[] = [];
      for (const type of ['started', 'submitted', 'applicationsubmitted', 'offersready', 'offerchosen']) {
        document.addEventListener(`loanwidget:${type}`, (event) =>
          events.push({ type: event.type, detail: (event as CustomEvent).detail }),
        );
      }
      return { iframe, callbacks, events };
    };
    const chosen = { lenderId: 'baltic-credit', lenderName: 'Baltic Credit', amount: 5000, term: 60 };

    it('tell of the start, the submission (under its old name too), the offers and the choice, nothing more', () => {
      const { iframe, callbacks, events } = mountedApplication();
      for (const body of [
        { type: 'started' },
        { type: 'submitted' },
        { type: 'offersReady', count: 3 },
        { type: 'offerChosen', ...chosen },
      ]) {
        deliver({ ...envelope(), ...body }, iframe.contentWindow);
      }
      const base = { widget: 'application', id: 'w1' };
      expect(events).toEqual([
        { type: 'loanwidget:started', detail: base },
        { type: 'loanwidget:submitted', detail: base },
        { type: 'loanwidget:applicationsubmitted', detail: base },
        { type: 'loanwidget:offersready', detail: { ...base, count: 3 } },
        { type: 'loanwidget:offerchosen', detail: { ...base, ...chosen } },
      ]);
      expect(callbacks).toEqual([
        { ...base, type: 'started' },
        { ...base, type: 'submitted' },
        { ...base, type: 'applicationSubmitted' },
        { ...base, type: 'offersReady', count: 3 },
        { ...base, type: 'offerChosen', ...chosen },
      ]);
    });

    it('refuse an offer choice that carries more than the lender, the amount and the term', () => {
      const { iframe, callbacks, events } = mountedApplication();
      deliver({ ...envelope(), type: 'offerChosen', ...chosen, apr: 12.5 }, iframe.contentWindow);
      deliver({ ...envelope(), type: 'started', email: 'janis@example.lv' }, iframe.contentWindow);
      expect(events).toEqual([]);
      expect(callbacks).toEqual([]);
    });

    it('say testMode: true in test mode, and the iframe asks its page for test mode', () => {
      const { iframe, events } = mountedApplication('data-test-mode');
      expect(new URL(iframe.src).searchParams.get('testMode')).toBe('true');
      deliver({ ...envelope(), type: 'submitted' }, iframe.contentWindow);
      expect(events.map((event) => event.detail)).toEqual([
        { widget: 'application', id: 'w1', testMode: true },
        { widget: 'application', id: 'w1', testMode: true },
      ]);
    });
  });

  describe('the look', () => {
    it('passes valid colours and a font to the iframe and leaves out the invalid ones', () => {
      document.body.innerHTML =
        '<div data-loan-widget="calculator" data-text-color="#1A1A1A" data-accent-color="red" data-font="Georgia, serif"></div>';
      startHost(PRODUCT, window);
      const query = new URL((document.querySelector('iframe') as HTMLIFrameElement).src).searchParams;
      expect(query.get('textColor')).toBe('#1a1a1a');
      expect(query.get('accentColor')).toBeNull();
      expect(query.get('font')).toBe('Georgia, serif');
      expect(warn).toHaveBeenCalledExactlyOnceWith(
        '[LoanWidget] option "accentColor" has the invalid value "red"; expected a colour as #rgb or #rrggbb. The default is used.',
      );
    });

    it("theme=inherit reads the host page's colours and font where the widget stands; the publisher's own win", () => {
      document.body.innerHTML = `
        <style>
          .article { color: rgb(34, 51, 68); font-family: "Merriweather Sans", Georgia, serif; }
          a { color: rgb(170, 0, 51); }
        </style>
        <a href="/x">x</a>
        <div class="article">
          <div id="i" data-loan-widget="calculator" data-theme="inherit"></div>
          <div id="o" data-loan-widget="calculator" data-theme="inherit" data-text-color="#000000"></div>
        </div>`;
      startHost(PRODUCT, window);
      const queryOf = (id: string) =>
        new URL((document.querySelector(`#${id} iframe`) as HTMLIFrameElement).src).searchParams;
      expect(queryOf('i').get('textColor')).toBe('#223344');
      expect(queryOf('i').get('accentColor')).toBe('#aa0033');
      // as the browser serializes it: Chromium quotes the name, jsdom does not
      expect(queryOf('i').get('font')).toMatch(/^"?Merriweather Sans"?, Georgia, serif$/);
      expect(queryOf('o').get('textColor')).toBe('#000000');
      expect(warn).not.toHaveBeenCalled();
    });
  });

  it('unmount removes the iframe, and its messages are heard no more', () => {
    document.body.innerHTML = '<div id="a" data-loan-widget="calculator"></div>';
    startHost(PRODUCT, window);
    const element = document.getElementById('a') as HTMLElement;
    const onResize = vi.fn();
    api('on', 'resize', onResize);
    const source = (iframeIn(element) as HTMLIFrameElement).contentWindow;

    api('unmount', element);
    expect(iframeIn(element)).toBeNull();
    deliver({ ...envelope(), type: 'resize', height: 480 }, source);
    expect(onResize).not.toHaveBeenCalled();
  });

  it("update posts the figures to the widget's iframe, for the product's origin only", () => {
    document.body.innerHTML = '<div id="a" data-loan-widget="calculator"></div>';
    startHost(PRODUCT, window);
    const iframe = iframeIn(document.getElementById('a') as HTMLElement) as HTMLIFrameElement;
    const post = vi.spyOn(iframe.contentWindow as Window, 'postMessage').mockImplementation(() => undefined);

    api('update', '#a', { amount: 3000, term: '36' });
    expect(post).toHaveBeenCalledExactlyOnceWith({ ...envelope(), type: 'update', amount: 3000, term: 36 }, PRODUCT);

    api('update', '#a', { amount: 'abc' });
    expect(post).toHaveBeenLastCalledWith({ ...envelope(), type: 'update' }, PRODUCT);
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      '[LoanWidget] option "amount" has the invalid value "abc"; expected a whole number of euros from 500 to 25000. The default is used.',
    );
  });

  it('warns of an update where no widget is mounted', () => {
    document.body.innerHTML = '<div id="empty"></div>';
    startHost(PRODUCT, window);
    api('update', '#empty', { amount: 3000 });
    api('update', '#missing', { amount: 3000 });
    expect(warn.mock.calls).toEqual([
      ['[LoanWidget] update: no widget is mounted there.'],
      ['[LoanWidget] no element matches "#missing".'],
      ['[LoanWidget] update: no widget is mounted there.'],
    ]);
  });

  it('warns of an unknown widget kind and places nothing', () => {
    document.body.innerHTML = '<div data-loan-widget="mortgage"></div>';
    startHost(PRODUCT, window);
    expect(document.querySelector('iframe')).toBeNull();
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      '[LoanWidget] unknown widget "mortgage"; use calculator or application.',
    );
  });

  it('warns of an unknown command and of on with an unknown event', () => {
    startHost(PRODUCT, window);
    api('destroy');
    api('on', 'closed', () => undefined);
    expect(warn.mock.calls).toEqual([
      ['[LoanWidget] unknown command "destroy"; use init, mount, unmount, update, on, scan.'],
      [
        '[LoanWidget] on: use one of ready, resize, calculationChanged, started, submitted, applicationSubmitted, offersReady, offerChosen and a function.',
      ],
    ]);
  });

  it("passes the host page's own utm_* and click_ID on when the options set none", () => {
    window.history.replaceState(null, '', '/loans?utm_source=news&click_ID=c-1&utm_medium=&other=x');
    document.body.innerHTML = '<div data-loan-widget="calculator"></div>';
    startHost(PRODUCT, window);
    const params = new URL((iframeIn(document.body) as HTMLIFrameElement).src).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      utm_source: 'news',
      click_ID: 'c-1',
      host: pageOrigin(),
      wid: 'w1',
    });
  });

  it("lets the widget's options win over the host page's tracking", () => {
    window.history.replaceState(null, '', '/?utm_source=news&click_ID=c-1');
    document.body.innerHTML = '<div data-loan-widget="calculator" data-utm-source="partner"></div>';
    startHost(PRODUCT, window);
    const params = new URL((iframeIn(document.body) as HTMLIFrameElement).src).searchParams;
    expect(params.get('utm_source')).toBe('partner');
    expect(params.get('click_ID')).toBe('c-1');
  });
});
