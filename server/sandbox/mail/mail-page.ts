import { html, type PageOptions } from '../page.ts';
import type { ReceivedMail } from './mail-server.ts';

/**
 * The tester's view of the mail catcher: the messages newest first, filtered by recipient. A message's
 * HTML part is shown as escaped source, never rendered: it is the broker's output under test, and the
 * page's CSP would block what it loads anyway.
 */

/** The page shows this many; the JSON route has them all. */
const SHOWN = 100;

const TEXT = {
  title: 'Pastkaste (testa vide)',
  sandbox:
    'Testa vide: šeit ir vēstules, ko brokeris nosūtījis uz testa SMTP serveri. Īstiem adresātiem nekas netiek sūtīts.',
  serverUp: 'SMTP serveris darbojas.',
  serverDown: 'SMTP serveris izslēgts (atteices tests): vēstules gaida rindā.',
  filter: 'Atlasīt pēc adresāta',
  to: 'E-pasta adrese',
  apply: 'Atlasīt',
  all: 'Rādīt visas',
  messages: 'Vēstules',
  none: 'Nav vēstuļu.',
  shownOf: (shown: number, total: number) => `Rādītas ${shown} jaunākās no ${total}.`,
  recipient: 'Kam',
  received: 'Saņemta',
  noSubject: '(bez temata)',
  textPart: 'Teksts',
  htmlPart: 'HTML daļa (pirmkods)',
  headers: 'Galvenes',
} as const;

export interface MailPageInput {
  readonly messages: readonly ReceivedMail[];
  /** the recipient filter as typed, '' for none */
  readonly to: string;
  readonly down: boolean;
  /** where the pages are mounted, for the form and links */
  readonly prefix: string;
}

export function mailPage({ messages, to, down, prefix }: MailPageInput): PageOptions {
  const shown = messages.slice(0, SHOWN);
  const body = html`<p class="sandbox">${TEXT.sandbox}</p>
    <h1>${TEXT.title}</h1>
    <p>${down ? TEXT.serverDown : TEXT.serverUp}</p>
    <form method="get" action="${prefix}" role="search" aria-label="${TEXT.filter}">
      <label for="to">${TEXT.to}</label>
      <input id="to" name="to" type="search" value="${to}" autocomplete="off" maxlength="320" />
      <div class="actions">
        <button type="submit">${TEXT.apply}</button>
        <a href="${prefix}">${TEXT.all}</a>
      </div>
    </form>
    <h2>${TEXT.messages} (${messages.length})</h2>
    ${messages.length === 0 ? html`<p>${TEXT.none}</p>` : ''}
    ${messages.length > shown.length ? html`<p>${TEXT.shownOf(shown.length, messages.length)}</p>` : ''}
    ${shown.map(
      (mail, index) =>
        html`<section aria-labelledby="mail-${index}">
          <h3 id="mail-${index}">${mail.subject || TEXT.noSubject}</h3>
          <dl>
            <dt>${TEXT.recipient}</dt>
            <dd>${mail.to}</dd>
            <dt>${TEXT.received}</dt>
            <dd><time datetime="${mail.receivedAt}">${mail.receivedAt}</time></dd>
          </dl>
          <h4>${TEXT.textPart}</h4>
          <pre class="wrap small">${mail.text}</pre>
          <details>
            <summary>${TEXT.htmlPart}</summary>
            <pre class="wrap small">${mail.html}</pre>
          </details>
          <details>
            <summary>${TEXT.headers}</summary>
            <dl>
              ${Object.entries(mail.headers).map(
                ([name, value]) =>
                  html`<dt>${name}</dt>
                    <dd class="wrap small">${value}</dd>`,
              )}
            </dl>
          </details>
        </section>`,
    )}`;
  return { lang: 'lv', title: TEXT.title, body };
}
