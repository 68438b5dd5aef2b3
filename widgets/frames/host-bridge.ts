import { envelopeOf, FRAME_PARAMS, WIDGET_ID_PATTERN } from '../../domain/widget-protocol/constants.ts';
import type { HostMessage, WidgetMessageBody } from '../../domain/widget-protocol/messages.ts';

/**
 * The protocol's validator loads with the first message from the host: most host pages never
 * send one, and the calculator's page stays within its script budget without it.
 */
const hostMessageParser = async () => (await import('../../domain/widget-protocol/messages.ts')).parseHostMessage;

/** The widget's line to the publisher's page that framed it. */
export interface HostBridge {
  /** the host page's origin: messages go there and nowhere else */
  readonly hostOrigin: string;
  readonly widgetId: string;
  post(body: WidgetMessageBody): void;
  /** messages from the host, validated; returns the unsubscribe */
  listen(handler: (message: HostMessage) => void): () => void;
}

/** What the bridge needs of the browser (a test passes its own). */
export interface FrameWindow {
  readonly location: { readonly href: string; readonly ancestorOrigins?: DOMStringList | undefined };
  readonly parent: Pick<Window, 'postMessage'>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

const originOf = (value: string | null): string | null => {
  if (!value) return null;
  try {
    const origin = new URL(value).origin;
    return origin === value && origin !== 'null' ? origin : null;
  } catch {
    return null;
  }
};

/**
 * Connects to the page that framed this widget, if the address names it and the browser agrees.
 * The loader writes the host's origin and the widget's id into the iframe's address; where the
 * browser tells the real ancestor (`location.ancestorOrigins`), a different one gets nothing.
 * Without a bridge the widget still works, it only tells no one.
 */
export function connectToHost(frame: FrameWindow): HostBridge | null {
  if ((frame.parent as unknown) === frame) return null;
  const params = new URL(frame.location.href).searchParams;
  const hostOrigin = originOf(params.get(FRAME_PARAMS.hostOrigin));
  const widgetId = params.get(FRAME_PARAMS.widgetId) ?? '';
  if (!hostOrigin || !WIDGET_ID_PATTERN.test(widgetId)) return null;
  const ancestors = frame.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== hostOrigin) return null;

  return {
    hostOrigin,
    widgetId,
    post: (body) => frame.parent.postMessage({ ...envelopeOf(widgetId), ...body }, hostOrigin),
    listen: (handler) => {
      const onMessage = (event: MessageEvent) => {
        // only the framing page itself, from the origin it said it has, speaking this protocol
        if (event.source !== frame.parent || event.origin !== hostOrigin) return;
        void hostMessageParser().then((parse) => {
          const parsed = parse(event.data);
          if (parsed.success && parsed.data.id === widgetId) handler(parsed.data);
        });
      };
      frame.addEventListener('message', onMessage);
      return () => frame.removeEventListener('message', onMessage);
    },
  };
}

/**
 * Tells the host the content's height whenever it changes, so the iframe is as tall as what it
 * shows: no scrollbar inside, no gap below; and when the step changes, so the host can bring the new
 * step's top into view. `stepShown` names the step on screen, or null while there is nothing to
 * measure: before the widget's first screen, and while the next step's screen loads (its placeholder
 * is short, and reporting it would collapse the iframe between two steps). The host's estimate, or
 * the last step's height, stands meanwhile. The browser measures at its next rendering, which for an
 * iframe out of view is when it comes into view.
 */
export function reportHeight(bridge: HostBridge, content: HTMLElement, stepShown: () => string | null): () => void {
  content.ownerDocument.documentElement.classList.add('widget-sized');
  let last = -1;
  let lastStep: string | null = null;
  const report = () => {
    const step = stepShown();
    if (step === null) return;
    const height = Math.ceil(content.getBoundingClientRect().height);
    const newStep = lastStep !== null && step !== lastStep;
    if (height === last && !newStep) return;
    last = height;
    lastStep = step;
    bridge.post({ type: 'resize', height, ...(newStep ? { newStep: true } : {}) });
  };
  const resizes = new ResizeObserver(report);
  resizes.observe(content);
  // a step whose screen is as tall as the last one's changes no size, and is a new step all the same
  const arrivals = new MutationObserver(() => {
    if (stepShown() !== lastStep) report();
  });
  arrivals.observe(content, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-screen'] });
  return () => {
    arrivals.disconnect();
    resizes.disconnect();
  };
}
