import lvWords from '../../locales/lv/widget.json';
import ruWords from '../../locales/ru/widget.json';
import {
  domEventName,
  envelopeOf,
  EVENT_ALIASES,
  FRAME_PARAMS,
  GLOBAL_NAME,
  WIDGET_BASE_PATH,
  WIDGET_EVENT_TYPES,
  widgetMessageSchema,
  type HostMessageBody,
  type WidgetEventType,
  type WidgetMessage,
} from '../../domain/widget-protocol/messages.ts';
import {
  isWidgetKind,
  OPTION_PARAMS,
  optionsToQuery,
  readWidgetOptions,
  TRACKING_OPTION_NAMES,
  widgetConfig,
  WIDGET_KINDS,
  type WidgetKind,
  type WidgetOptions,
} from '../../domain/widget-protocol/options.ts';
import { startFrameSizing, type SizedFrame } from './frame-sizing.ts';
import { inheritedStyle } from './inherit-style.ts';

/** What a callback of `on` and a DOM event's `detail` carry: the message without its envelope. */
export type WidgetEventDetail = { readonly widget: WidgetKind; readonly id: string } & Record<string, unknown>;
type Listener = (detail: WidgetEventDetail & { readonly type: WidgetEventType }, element: HTMLElement) => void;

interface Mounted extends SizedFrame {
  readonly id: string;
  readonly kind: WidgetKind;
  readonly element: HTMLElement;
  /** every event of a widget in test mode says so (`testMode: true`) */
  readonly testMode: boolean;
}

/**
 * The height an iframe starts at, by the width it gets: near its content's (measured at these
 * widths), so the first resize barely moves the publisher's page.
 */
const EXPECTED_HEIGHTS: Record<WidgetKind | 'applyOnlyCalculator', readonly (readonly [number, number])[]> = {
  calculator: [
    [360, 1160],
    [420, 1000],
    [560, 920],
    [700, 900],
    [900, 875],
    [Infinity, 735],
  ],
  applyOnlyCalculator: [
    [360, 425],
    [Infinity, 395],
  ],
  application: [
    [360, 3670],
    [420, 3390],
    [560, 3130],
    [700, 2920],
    [900, 2800],
    [Infinity, 2650],
  ],
};
const expectedHeight = (kind: WidgetKind, applyOnly: boolean, width: number): number => {
  const table = EXPECTED_HEIGHTS[kind === 'calculator' && applyOnly ? 'applyOnlyCalculator' : kind];
  return (table.find(([upTo]) => width < upTo) ?? table[table.length - 1] ?? [0, 600])[1];
};
/**
 * An iframe's first height: near its content's, and at least the space its empty element kept (the snippet's
 * min-height, its content box), so the element neither grows nor shrinks in view as the iframe takes its place.
 */
function startingHeight(page: Window & typeof globalThis, element: HTMLElement, kind: WidgetKind, applyOnly: boolean) {
  const style = page.getComputedStyle(element);
  const kept = element.clientHeight - (parseFloat(style.paddingTop) || 0) - (parseFloat(style.paddingBottom) || 0);
  return Math.max(kept, expectedHeight(kind, applyOnly, element.clientWidth || page.innerWidth));
}

function frameStyle(page: Window & typeof globalThis, height: number): string {
  const motion = page.matchMedia?.('(prefers-reduced-motion: no-preference)').matches ? 'transition:height .2s;' : '';
  return `display:block;width:100%;border:0;height:${height}px;color-scheme:normal;${motion}`;
}

const TITLES = { lv: lvWords.frameTitle, ru: ruWords.frameTitle };

const warn = (message: string) => console.warn(`[${GLOBAL_NAME}] ${message}`);

function elementIn(page: Window & typeof globalThis, target: unknown): HTMLElement | null {
  const element = typeof target === 'string' ? page.document.querySelector(target) : target;
  if (element instanceof page.HTMLElement) return element;
  warn(`no element ${typeof target === 'string' ? `matches "${target}"` : 'was given'}.`);
  return null;
}

/** The host page's own utm_* and click_ID, where the widget's configuration sets none. */
function pageTracking(page: Window & typeof globalThis): WidgetOptions {
  const params = new URL(page.location.href).searchParams;
  const raw: Record<string, string> = {};
  for (const name of TRACKING_OPTION_NAMES) {
    const value = params.get(OPTION_PARAMS[name]);
    if (value) raw[name] = value;
  }
  return readWidgetOptions(raw).options;
}

/** Runs the calls queued before the script arrived, then answers the page's calls itself. */
function install(page: Window & typeof globalThis, commands: Record<string, (...args: unknown[]) => void>): void {
  const api = Object.assign(
    (command: unknown, ...args: unknown[]) => {
      const run = typeof command === 'string' ? commands[command] : undefined;
      if (run) run(...args);
      else warn(`unknown command ${JSON.stringify(command)}; use ${Object.keys(commands).join(', ')}.`);
    },
    commands,
    { loaded: true, started: true },
  );
  const globals = page as unknown as Record<string, unknown>;
  const queued = (globals[GLOBAL_NAME] as { q?: ArrayLike<unknown>[] } | undefined)?.q ?? [];
  globals[GLOBAL_NAME] = api;
  for (const call of queued) {
    const [command, ...args] = Array.from(call);
    api(command, ...args);
  }
}

/** New figures for a mounted widget: the valid ones go to its frame, the others are named in the console. */
function postUpdate(productOrigin: string, widget: Mounted, figures: unknown): void {
  const { options, problems } = readWidgetOptions((figures ?? {}) as Record<string, unknown>);
  for (const problem of problems) warn(problem);
  const body: HostMessageBody = {
    type: 'update',
    ...(options.amount ? { amount: Number(options.amount) } : {}),
    ...(options.term ? { term: Number(options.term) } : {}),
  };
  widget.iframe.contentWindow?.postMessage({ ...envelopeOf(widget.id), ...body }, productOrigin);
}

/** A widget's message as a DOM event on its element and a call of each `on` callback, under its alias too. */
function deliver(
  page: Window & typeof globalThis,
  listeners: ReadonlyMap<WidgetEventType, ReadonlySet<Listener>>,
  widget: Mounted,
  message: WidgetMessage,
): void {
  const { id, type, ...rest } = message;
  const fields: Record<string, unknown> = { ...rest };
  delete fields.protocol;
  delete fields.v;
  const detail: WidgetEventDetail = {
    widget: widget.kind,
    id,
    ...fields,
    ...(widget.testMode ? { testMode: true } : {}),
  };
  const alias = EVENT_ALIASES[type];
  for (const name of alias ? [type, alias] : [type]) {
    widget.element.dispatchEvent(new page.CustomEvent(domEventName(name), { detail, bubbles: true }));
    for (const listener of listeners.get(name) ?? []) {
      try {
        listener({ ...detail, type: name }, widget.element);
      } catch (error) {
        console.error(error);
      }
    }
  }
}

/**
 * The widgets' side on the publisher's page: it places each widget's iframe, sizes it to its
 * content, and turns the widget's messages into DOM events and callbacks. It trusts a message only
 * from the product's origin and from the very iframe it placed, and only in the protocol's shape.
 */
export function startHost(productOrigin: string, page: Window & typeof globalThis): void {
  const doc = page.document;
  const mounted = new Map<HTMLElement, Mounted>();
  const listeners = new Map<WidgetEventType, Set<Listener>>();
  let defaults: Record<string, unknown> = {};
  let count = 0;
  const resize = startFrameSizing(page, () => mounted.values());

  const elementOf = (target: unknown) => elementIn(page, target);

  function mount(target: unknown, given: unknown): void {
    const element = elementOf(target);
    if (!element) return;
    const { widget, ...rest } = { ...defaults, ...(given && typeof given === 'object' ? given : {}) } as Record<
      string,
      unknown
    >;
    if (!isWidgetKind(widget)) {
      warn(`unknown widget ${JSON.stringify(widget)}; use ${WIDGET_KINDS.join(' or ')}.`);
      return;
    }
    const { options: chosen, problems } = readWidgetOptions(rest);
    for (const problem of problems) warn(problem);
    // the host page's look where the publisher set none of its own
    const options =
      chosen.theme === 'inherit' ? { ...readWidgetOptions(inheritedStyle(element, page)).options, ...chosen } : chosen;
    unmount(element);

    const id = `w${(++count).toString(36)}`;
    const query = optionsToQuery({ ...pageTracking(page), ...options });
    query.set(FRAME_PARAMS.hostOrigin, page.location.origin);
    query.set(FRAME_PARAMS.widgetId, id);
    const iframe = doc.createElement('iframe');
    iframe.src = `${productOrigin}${WIDGET_BASE_PATH}/${widget}?${query.toString()}`;
    iframe.title = TITLES[widgetConfig(options).lang][widget];
    iframe.setAttribute('scrolling', 'no');
    iframe.style.cssText = frameStyle(page, startingHeight(page, element, widget, options.mode === 'applyOnly'));
    element.replaceChildren(iframe);
    // the element's kept space is the iframe's now, which the sizing's rules shrink only out of the reader's sight
    element.style.removeProperty('min-height');
    mounted.set(element, { id, kind: widget, element, iframe, testMode: options.testMode === 'true' });
  }

  function unmount(target: unknown): void {
    const element = target instanceof page.HTMLElement ? target : elementOf(target);
    const widget = element && mounted.get(element);
    if (!widget) return;
    widget.iframe.remove();
    mounted.delete(widget.element);
  }

  function update(target: unknown, figures: unknown): void {
    const element = elementOf(target);
    const widget = element && mounted.get(element);
    if (!widget) return warn('update: no widget is mounted there.');
    postUpdate(productOrigin, widget, figures);
  }

  function on(type: unknown, callback: unknown): void {
    if (!(WIDGET_EVENT_TYPES as readonly unknown[]).includes(type) || typeof callback !== 'function') {
      return warn(`on: use one of ${WIDGET_EVENT_TYPES.join(', ')} and a function.`);
    }
    const set = listeners.get(type as WidgetEventType) ?? new Set();
    set.add(callback as Listener);
    listeners.set(type as WidgetEventType, set);
  }

  page.addEventListener('message', (event) => {
    if (event.origin !== productOrigin) return;
    const widget = [...mounted.values()].find((candidate) => candidate.iframe.contentWindow === event.source);
    if (!widget) return;
    const parsed = widgetMessageSchema.safeParse(event.data);
    if (!parsed.success || parsed.data.id !== widget.id) return;
    if (parsed.data.type === 'resize') resize(widget, parsed.data.height, parsed.data.newStep === true);
    deliver(page, listeners, widget, parsed.data);
  });

  const scan = () => {
    for (const element of doc.querySelectorAll<HTMLElement>('[data-loan-widget]')) {
      if (mounted.has(element)) continue;
      const { loanWidget, ...options } = element.dataset;
      mount(element, { ...options, widget: loanWidget });
    }
  };

  const commands: Record<string, (...args: unknown[]) => void> = {
    init: (options) => {
      defaults = options && typeof options === 'object' ? { ...(options as Record<string, unknown>) } : {};
    },
    mount,
    unmount,
    update,
    on,
    scan,
  };
  install(page, commands);
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', scan, { once: true });
  else scan();
}
