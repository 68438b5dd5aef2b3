import { WIDGET_IDENTIFY_PATH } from '../../domain/widget-protocol/constants.ts';
import { IDENTIFY_READY, IDENTIFY_RETURN_STATE, isIdentifyMessage } from './identify-messages.ts';

/** The return state of the identification this frame began last, for the tab that asks for it. */
let returnState: string | null = null;
let listening = false;

/**
 * Opens a tab for the bank, eParaksts or the lender. An identification goes through our own page first
 * (identify-tab.ts): it keeps its opener, asks this frame for the return state, which travels in the
 * start's answer after `#` and leaves here only by message to a page of our own origin. Every other tab
 * opens without a handle on this frame.
 */
export function openTab(window: Window, url: string): void {
  const target = new URL(url, window.location.href);
  if (target.origin !== window.location.origin || target.pathname !== WIDGET_IDENTIFY_PATH) {
    window.open(url, '_blank', 'noopener');
    return;
  }
  returnState = target.hash.slice(1) || null;
  target.hash = '';
  answerIdentifyTabs(window);
  window.open(target.href, '_blank');
}

/** The "open again" link of the waiting screen opens the same page: this frame answers it too. */
function answerIdentifyTabs(window: Window): void {
  if (listening) return;
  listening = true;
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.origin !== window.location.origin || !isIdentifyMessage(event.data)) return;
    if (event.data.type !== IDENTIFY_READY || returnState === null || !event.source) return;
    (event.source as Window).postMessage({ type: IDENTIFY_RETURN_STATE, returnState }, window.location.origin);
  });
}
