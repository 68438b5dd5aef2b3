// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectToHost, reportHeight, type FrameWindow, type HostBridge } from './host-bridge.ts';

const HOST = 'https://publisher.example';
const WIDGET_PAGE = 'https://product.example/widget/v1/calculator';

type Listener = (event: MessageEvent) => void;

/** A widget page framed by a publisher's page: its address, its parent and its message listeners. */
function fakeFrame(query: string, { ancestors, framed = true }: { ancestors?: string[]; framed?: boolean } = {}) {
  const listeners = new Set<Listener>();
  const parent = { postMessage: vi.fn() };
  const ancestorOrigins =
    ancestors &&
    (Object.assign([...ancestors], { item: () => null, contains: () => false }) as unknown as DOMStringList);
  const frame = {
    location: { href: `${WIDGET_PAGE}?${query}`, ancestorOrigins },
    parent,
    addEventListener: (_type: 'message', listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: 'message', listener: Listener) => listeners.delete(listener),
  } satisfies FrameWindow;
  if (!framed) (frame as { parent: unknown }).parent = frame;
  /** what the browser would deliver to the page's message listeners */
  const receive = (event: { data: unknown; origin: string; source: unknown }) => {
    for (const listener of listeners) listener(event as unknown as MessageEvent);
  };
  return { frame, parent, listeners, receive };
}

const hostQuery = (host: string, wid = 'w1') => new URLSearchParams({ host, wid }).toString();
const update = (fields: Record<string, unknown> = {}) => ({
  protocol: 'loan-widget',
  v: 1,
  id: 'w1',
  type: 'update',
  amount: 3000,
  ...fields,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('connectToHost', () => {
  it('is null when the page is not framed', () => {
    const { frame } = fakeFrame(hostQuery(HOST), { framed: false });
    expect(connectToHost(frame)).toBeNull();
  });

  it.each([
    ['no host at all', 'wid=w1'],
    ['a host with a path', hostQuery(`${HOST}/loans`)],
    ['a host with a trailing slash', hostQuery(`${HOST}/`)],
    ['the host "null"', hostQuery('null')],
    ['an empty host', hostQuery('')],
    ['garbage for a host', hostQuery('not an origin')],
    ['a javascript: host', hostQuery('javascript:alert(1)')],
    ['no widget id', new URLSearchParams({ host: HOST }).toString()],
    ['a widget id without its w', hostQuery(HOST, '1')],
    ['a widget id in capitals', hostQuery(HOST, 'W1')],
    ['a widget id with more in it', hostQuery(HOST, 'w1"><script>')],
  ])('is null with %s', (_, query) => {
    expect(connectToHost(fakeFrame(query).frame)).toBeNull();
  });

  it('is null when the browser names another page as the one framing it', () => {
    const { frame } = fakeFrame(hostQuery(HOST), { ancestors: ['https://attacker.example', HOST] });
    expect(connectToHost(frame)).toBeNull();
  });

  it('connects when the browser confirms the host, or tells no ancestors', () => {
    expect(connectToHost(fakeFrame(hostQuery(HOST), { ancestors: [HOST] }).frame)).toMatchObject({
      hostOrigin: HOST,
      widgetId: 'w1',
    });
    expect(connectToHost(fakeFrame(hostQuery(HOST), { ancestors: [] }).frame)?.hostOrigin).toBe(HOST);
    expect(connectToHost(fakeFrame(hostQuery('http://localhost:8080', 'wz9')).frame)).toMatchObject({
      hostOrigin: 'http://localhost:8080',
      widgetId: 'wz9',
    });
  });

  it("posts the envelope and the body to the host's origin only", () => {
    const { frame, parent } = fakeFrame(hostQuery(HOST, 'w2a'));
    const bridge = connectToHost(frame);
    bridge?.post({ type: 'calculationChanged', amount: 3000, term: 36, monthlyPayment: 95.5 });
    expect(parent.postMessage).toHaveBeenCalledExactlyOnceWith(
      {
        protocol: 'loan-widget',
        v: 1,
        id: 'w2a',
        type: 'calculationChanged',
        amount: 3000,
        term: 36,
        monthlyPayment: 95.5,
      },
      HOST,
    );
  });

  describe('listen', () => {
    const connected = () => {
      const fake = fakeFrame(hostQuery(HOST));
      const bridge = connectToHost(fake.frame);
      if (!bridge) throw new Error('not connected');
      const handler = vi.fn();
      const stop = bridge.listen(handler);
      return { ...fake, handler, stop };
    };

    it('delivers a valid update from the parent on the host origin', async () => {
      const { parent, receive, handler } = connected();
      receive({ data: update({ term: 36 }), origin: HOST, source: parent });
      await vi.waitFor(() => expect(handler).toHaveBeenCalledOnce());
      expect(handler).toHaveBeenCalledWith({
        protocol: 'loan-widget',
        v: 1,
        id: 'w1',
        type: 'update',
        amount: 3000,
        term: 36,
      });
    });

    it('ignores other origins, other sources, malformed data and other ids', async () => {
      const { parent, receive, handler } = connected();
      receive({ data: update({ amount: 1 }), origin: 'https://attacker.example', source: parent });
      receive({ data: update({ amount: 2 }), origin: `${HOST}:443`, source: parent });
      receive({ data: update({ amount: 3 }), origin: HOST, source: { postMessage: vi.fn() } });
      receive({ data: update({ amount: 4 }), origin: HOST, source: null });
      receive({ data: update({ amount: 5, personalId: '010180-15097' }), origin: HOST, source: parent });
      receive({ data: update({ amount: 6, v: 2 }), origin: HOST, source: parent });
      receive({ data: JSON.stringify(update({ amount: 7 })), origin: HOST, source: parent });
      receive({ data: update({ amount: 8, id: 'w2' }), origin: HOST, source: parent });
      receive({ data: update({ amount: 9 }), origin: HOST, source: parent });
      await vi.waitFor(() => expect(handler).toHaveBeenCalled());
      await settle();
      expect(handler).toHaveBeenCalledExactlyOnceWith(update({ amount: 9 }));
    });

    it('stops delivering once unsubscribed', async () => {
      const { parent, receive, handler, stop, listeners } = connected();
      receive({ data: update(), origin: HOST, source: parent });
      await vi.waitFor(() => expect(handler).toHaveBeenCalledOnce());
      stop();
      expect(listeners.size).toBe(0);
      receive({ data: update(), origin: HOST, source: parent });
      await settle();
      expect(handler).toHaveBeenCalledOnce();
    });
  });
});

describe('reportHeight', () => {
  /** The browser's resize observer: the test calls back as the browser would after a layout. */
  class FakeResizeObserver {
    static last: FakeResizeObserver | undefined;
    readonly observed: Element[] = [];
    readonly disconnect = vi.fn();
    readonly callback: () => void;
    constructor(callback: () => void) {
      this.callback = callback;
      FakeResizeObserver.last = this;
    }
    observe(element: Element) {
      this.observed.push(element);
    }
    unobserve() {}
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    FakeResizeObserver.last = undefined;
    document.documentElement.classList.remove('widget-sized');
    document.body.replaceChildren();
  });

  /** A widget page's root whose height the test sets, and the host's end of the bridge. */
  const setUp = () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const { frame, parent } = fakeFrame(hostQuery(HOST));
    const bridge = connectToHost(frame) as HostBridge;
    const content = document.createElement('main');
    document.body.append(content);
    const size = { height: 412.2 };
    vi.spyOn(content, 'getBoundingClientRect').mockImplementation(() => ({ height: size.height }) as DOMRect);
    /** the application frame's: the screen's name, or nothing while a screen loads */
    const stepShown = () =>
      content.querySelector('.screen--loading')
        ? null
        : (content.querySelector('[data-screen]:not([data-screen="loading"])')?.getAttribute('data-screen') ?? null);
    return { parent, bridge, content, size, stepShown };
  };
  const resized = (height: number, newStep = false) => [
    { protocol: 'loan-widget', v: 1, id: 'w1', type: 'resize', height, ...(newStep ? { newStep: true } : {}) },
    HOST,
  ];

  it('posts the height rounded up, again only when it changes, and marks the page as sized', () => {
    const { parent, bridge, content, size } = setUp();
    content.innerHTML = '<div data-screen="form"></div>';

    const stop = reportHeight(bridge, content, () => 'form');
    expect(document.documentElement).toHaveClass('widget-sized');
    const observer = FakeResizeObserver.last as FakeResizeObserver;
    expect(observer.observed).toEqual([content]);

    observer.callback();
    expect(parent.postMessage.mock.calls).toEqual([resized(413)]);

    size.height = 412.9;
    observer.callback();
    expect(parent.postMessage).toHaveBeenCalledOnce();

    size.height = 640;
    observer.callback();
    expect(parent.postMessage.mock.calls).toEqual([resized(413), resized(640)]);

    stop();
    expect(observer.disconnect).toHaveBeenCalledOnce();
  });

  it("reports nothing while the loading placeholder shows, and starts with the widget's first screen", async () => {
    const { parent, bridge, content, size, stepShown } = setUp();
    content.innerHTML = '<div data-screen="loading"></div>';

    reportHeight(bridge, content, stepShown);
    expect(document.documentElement).toHaveClass('widget-sized');
    const observer = FakeResizeObserver.last as FakeResizeObserver;
    observer.callback();
    content.innerHTML = '<div data-screen="loading"><p>…</p></div>';
    await settle();
    expect(parent.postMessage).not.toHaveBeenCalled();

    size.height = 900;
    (content.firstElementChild as HTMLElement).dataset.screen = 'form';
    await vi.waitFor(() => expect(parent.postMessage.mock.calls).toEqual([resized(900)]));
    observer.callback();
    expect(parent.postMessage).toHaveBeenCalledOnce();
  });

  it("says when a new step is shown, holding the last step's height while its screen loads", async () => {
    const { parent, bridge, content, size, stepShown } = setUp();
    content.innerHTML = '<div data-screen="form"><section class="screen">…</section></div>';
    const stop = reportHeight(bridge, content, stepShown);
    const observer = FakeResizeObserver.last as FakeResizeObserver;
    size.height = 3000;
    observer.callback();

    // the next step's screen is still loading: its short placeholder would collapse the iframe
    content.innerHTML = '<div data-screen="signing"><section class="screen screen--loading">…</section></div>';
    size.height = 200;
    await settle();
    observer.callback();
    expect(parent.postMessage.mock.calls).toEqual([resized(3000)]);

    content.innerHTML = '<div data-screen="signing"><section class="screen">…</section></div>';
    size.height = 700;
    await vi.waitFor(() => expect(parent.postMessage.mock.calls).toEqual([resized(3000), resized(700, true)]));

    // a step as tall as the last one is a new step all the same; a change within the step is not
    content.innerHTML = '<div data-screen="paid"><section class="screen">…</section></div>';
    await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalledTimes(3));
    size.height = 760;
    observer.callback();
    expect(parent.postMessage.mock.calls.slice(2)).toEqual([resized(700, true), resized(760)]);

    stop();
    content.innerHTML = '<div data-screen="form"><section class="screen">…</section></div>';
    await settle();
    expect(parent.postMessage).toHaveBeenCalledTimes(4);
  });
});
