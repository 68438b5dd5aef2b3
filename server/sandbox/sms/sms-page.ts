import { html, type PageOptions } from '../page.ts';
import type { ReceivedSms } from './sms-inbox.ts';

/** The tester's phone: the text messages the sandbox gateway received, newest first, filtered by number. */

/** The page shows this many; the JSON route has them all. */
const SHOWN = 100;

const TEXT = {
  title: 'SMS vārteja (testa vide)',
  sandbox:
    'Testa vide: šeit ir īsziņas, ko brokeris nosūtījis uz testa SMS vārteju. Īstiem tālruņiem nekas netiek sūtīts.',
  filter: 'Atlasīt pēc tālruņa',
  to: 'Tālruņa numurs',
  hint: 'Salīdzina tikai ciparus: +37120000000 un 37120000000 ir viens numurs.',
  apply: 'Atlasīt',
  all: 'Rādīt visas',
  messages: 'Īsziņas',
  none: 'Nav īsziņu.',
  shownOf: (shown: number, total: number) => `Rādītas ${shown} jaunākās no ${total}.`,
  recipient: 'Kam',
  received: 'Saņemta',
  text: 'Teksts',
} as const;

export interface SmsPageInput {
  readonly messages: readonly ReceivedSms[];
  /** the number filter as typed, '' for none */
  readonly to: string;
  /** where the pages are mounted, for the form and links */
  readonly prefix: string;
}

export function smsPage({ messages, to, prefix }: SmsPageInput): PageOptions {
  const shown = messages.slice(0, SHOWN);
  const body = html`<p class="sandbox">${TEXT.sandbox}</p>
    <h1>${TEXT.title}</h1>
    <form method="get" action="${prefix}" role="search" aria-label="${TEXT.filter}">
      <label for="to">${TEXT.to}</label>
      <input
        id="to"
        name="to"
        type="search"
        inputmode="tel"
        value="${to}"
        autocomplete="off"
        maxlength="32"
        aria-describedby="to-hint"
      />
      <span id="to-hint" class="hint">${TEXT.hint}</span>
      <div class="actions">
        <button type="submit">${TEXT.apply}</button>
        <a href="${prefix}">${TEXT.all}</a>
      </div>
    </form>
    <h2>${TEXT.messages} (${messages.length})</h2>
    ${messages.length === 0 ? html`<p>${TEXT.none}</p>` : ''}
    ${messages.length > shown.length ? html`<p>${TEXT.shownOf(shown.length, messages.length)}</p>` : ''}
    <ol class="plain-list">
      ${shown.map(
        (sms) =>
          html`<li>
            <section>
              <dl>
                <dt>${TEXT.recipient}</dt>
                <dd>${sms.to}</dd>
                <dt>${TEXT.received}</dt>
                <dd><time datetime="${sms.receivedAt}">${sms.receivedAt}</time></dd>
                <dt>${TEXT.text}</dt>
                <dd class="wrap">${sms.text}</dd>
              </dl>
            </section>
          </li>`,
      )}
    </ol>`;
  return { lang: 'lv', title: TEXT.title, body };
}
