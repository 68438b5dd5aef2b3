/** An iframe the host sizes: the content's height the widget last reported, which the iframe may exceed a while. */
export interface SizedFrame {
  readonly iframe: HTMLIFrameElement;
  need?: number;
}

/** How long after the visitor's own scroll a new step leaves the page alone. */
const VISITOR_SCROLL_QUIET_MS = 1000;
const SCROLL_KEYS = new Set(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End', ' ']);

/**
 * Sizes the iframes to their content without moving the publisher's page under the visitor's eyes: an iframe
 * grows at once (what is below it moves only if it is in view), but shrinks no further than the viewport's bottom
 * edge, so what is below never slides up into view; the rest of the shrink waits until the visitor scrolls up (the
 * bottom edge then climbs the iframe). The iframe's own `height` transition makes the change smooth. Returns what
 * a widget's resize message calls.
 */
export function startFrameSizing(
  page: Window & typeof globalThis,
  frames: () => Iterable<SizedFrame>,
): (widget: SizedFrame, height: number, newStep: boolean) => void {
  function fit(widget: SizedFrame): void {
    const { iframe, need } = widget;
    if (need === undefined) return;
    const current = parseFloat(iframe.style.height) || 0;
    const reachesBottom = Math.ceil(page.innerHeight - iframe.getBoundingClientRect().top);
    const height = Math.max(need, Math.min(current, reachesBottom));
    if (height !== current) iframe.style.height = `${height}px`;
  }
  const refit = () => {
    for (const widget of frames()) if ((widget.need ?? Infinity) < parseFloat(widget.iframe.style.height)) fit(widget);
  };
  // captured: a publisher may place the widget in a scrolling box of its own, whose scroll does not bubble
  page.addEventListener('scroll', refit, { passive: true, capture: true });
  page.addEventListener('resize', refit, { passive: true });

  // the visitor's own scrolling (wheel, finger, scroll keys on the host page): a step that arrives meanwhile leaves the
  // page where they are taking it, rather than snatching it from under their hand
  let visitorScrolledAt = -Infinity;
  const visitorScrolls = (event: Event) => {
    if (event.type !== 'keydown' || SCROLL_KEYS.has((event as KeyboardEvent).key))
      visitorScrolledAt = page.performance.now();
  };
  for (const name of ['wheel', 'touchmove', 'keydown'])
    page.addEventListener(name, visitorScrolls, { passive: true, capture: true });

  return function resize(widget: SizedFrame, height: number, newStep: boolean): void {
    widget.need = height;
    const { top, bottom } = widget.iframe.getBoundingClientRect();
    // a new step starts at its top: bring it into view if the visitor was inside the widget below
    // it (a scroll, which moves nothing on the page), never if they had left it to read on or are scrolling
    const scrolling = page.performance.now() - visitorScrolledAt < VISITOR_SCROLL_QUIET_MS;
    if (newStep && top < 0 && bottom > 0 && !scrolling) {
      widget.iframe.scrollIntoView({ block: 'start' });
      // the new height two frames later, once the scroll is drawn: a shrink drawn with the scroll would move the text
      // below the widget from where the visitor saw it, a shift the scroll does not excuse; after it, that text is
      // below the viewport's bottom edge and moves out of sight
      page.requestAnimationFrame(() => page.requestAnimationFrame(() => fit(widget)));
      return;
    }
    fit(widget);
  };
}
