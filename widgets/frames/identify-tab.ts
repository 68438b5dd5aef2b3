import { IDENTIFY_READY, IDENTIFY_RETURN_STATE, isIdentifyMessage } from './identify-messages.ts';

/** Longer than a frame takes to answer; short enough that a tab opened by hand soon says what to do. */
const FRAME_ANSWER_MS = 4000;

/**
 * A widget's identification tab: asks the frame that opened it (a page of ours, in the publisher's page) for
 * the return state, by message and never through its address, so a link to this page, sent to someone else,
 * carries nothing. The server binds the identification to this browser and answers the provider's address.
 */
export function bindThisTab(window: Window, document: Document): void {
  const own = window.location.origin;
  const opener = window.opener as Window | null;
  const lang = document.documentElement.lang === 'ru' ? 'ru' : 'lv';
  const say = (which: 'orphan' | 'failed') => {
    const words = document.querySelector<HTMLTemplateElement>(`[data-identify-${which}]`)?.content.textContent ?? '';
    const message = document.querySelector('[data-identify-message]');
    if (message) message.textContent = words;
  };
  if (!opener) {
    say('orphan');
    return;
  }
  const unanswered = window.setTimeout(() => say('orphan'), FRAME_ANSWER_MS);
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.origin !== own || event.source !== opener) return;
    const data = event.data;
    if (!isIdentifyMessage(data) || data.type !== IDENTIFY_RETURN_STATE) return;
    window.clearTimeout(unanswered);
    void (async () => {
      const answer = await fetch('/api/identification/bind', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ returnState: data.returnState, language: lang }),
      }).catch(() => null);
      const body = answer?.ok ? ((await answer.json()) as { redirectUrl?: unknown }) : null;
      if (typeof body?.redirectUrl !== 'string') {
        say('failed');
        return;
      }
      // the bank's page gets no handle on the frame that opened this tab
      window.opener = null;
      window.location.replace(body.redirectUrl);
    })();
  });
  opener.postMessage({ type: IDENTIFY_READY }, own);
}
