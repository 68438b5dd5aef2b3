import type { FastifyInstance } from 'fastify';
import { isLanguage, type Language } from '../../../domain/language.ts';
import { maskPersonalCode } from '../../identity/personal-code-format.ts';
import { SMART_ID_API_END_RESULTS, type SmartIdApiEndResult } from '../../identity/smart-id-client.ts';
import { field, html, sendPage } from '../page.ts';
import { personNameSchema, SAMPLE_GIVEN_NAME, SAMPLE_SURNAME, type SessionStore } from './session-store.ts';

/**
 * The tester's stand-in for the Smart-ID phone app, so a person can answer a session by hand in the browser (lv | ru):
 *
 *   GET  {prefix}/app?lang=lv|ru           running sessions, with buttons to answer them
 *   POST {prefix}/app/sessions/:sessionId  form: endResult (or 'other' + otherEndResult), givenName, surname → 303 /app
 */

const TEXT = {
  lv: {
    title: 'Smart-ID lietotne (testa vide)',
    sandbox: 'Testa vide: šeit testētājs atbild uz Smart-ID pieprasījumiem cilvēka vietā.',
    running: 'Gaidošie pieprasījumi',
    none: 'Nav gaidošu pieprasījumu.',
    refresh: 'Atjaunot sarakstu',
    verificationCode: 'Kontrolkods',
    personalCode: 'Personas kods',
    displayText: 'Teksts',
    givenName: 'Vārds',
    surname: 'Uzvārds',
    ok: 'Apstiprināt (OK)',
    refused: 'Atteikt (USER_REFUSED)',
    wrongVc: 'Nepareizs kods (WRONG_VC)',
    timeout: 'Noildze (TIMEOUT)',
    other: 'Cits rezultāts',
    send: 'Nosūtīt',
    notFound: 'Pieprasījums nav atrasts',
    badRequest: 'Nederīgs pieprasījums',
  },
  ru: {
    title: 'Приложение Smart-ID (тестовая среда)',
    sandbox: 'Тестовая среда: здесь тестировщик отвечает на запросы Smart-ID вместо человека.',
    running: 'Ожидающие запросы',
    none: 'Нет ожидающих запросов.',
    refresh: 'Обновить список',
    verificationCode: 'Контрольный код',
    personalCode: 'Персональный код',
    displayText: 'Текст',
    givenName: 'Имя',
    surname: 'Фамилия',
    ok: 'Подтвердить (OK)',
    refused: 'Отказать (USER_REFUSED)',
    wrongVc: 'Неверный код (WRONG_VC)',
    timeout: 'Тайм-аут (TIMEOUT)',
    other: 'Другой результат',
    send: 'Отправить',
    notFound: 'Запрос не найден',
    badRequest: 'Неверный запрос',
  },
} as const;

const BUTTONS = ['OK', 'USER_REFUSED', 'WRONG_VC', 'TIMEOUT'] as const;
const OTHER_END_RESULTS = SMART_ID_API_END_RESULTS.filter((result) => !(BUTTONS as readonly string[]).includes(result));

const isEndResult = (value: string): value is SmartIdApiEndResult =>
  (SMART_ID_API_END_RESULTS as readonly string[]).includes(value);

function appLanguage(source: unknown): Language {
  const lang = field(source, 'lang');
  return isLanguage(lang) ? lang : 'lv';
}

/** `prefix`: where the simulator is mounted, for the page's own links and form actions. */
export function registerPhoneApp(sid: FastifyInstance, sessions: SessionStore, prefix: string): void {
  sid.get('/app', (request, reply) => {
    const lang = appLanguage(request.query);
    const t = TEXT[lang];
    const list = sessions.running();
    const body = html` <p class="sandbox">${t.sandbox}</p>
      <h1>${t.title}</h1>
      <p><a href="${`${prefix}/app?lang=${lang}`}">${t.refresh}</a></p>
      <h2>${t.running}</h2>
      ${list.length === 0 ? html`<p>${t.none}</p>` : ''}
      ${list.map(
        (session) =>
          html` <section aria-labelledby="vc-${session.id}">
            <h3 id="vc-${session.id}">${t.verificationCode}: <span class="code">${session.verificationCode}</span></h3>
            <dl>
              <dt>${t.personalCode}</dt>
              <dd>${maskPersonalCode(session.personalCode)}</dd>
              <dt>${t.displayText}</dt>
              <dd>${session.displayText}</dd>
            </dl>
            <form method="post" action="${`${prefix}/app/sessions/${session.id}`}">
              <input type="hidden" name="lang" value="${lang}" />
              <label for="given-${session.id}">${t.givenName}</label>
              <input
                id="given-${session.id}"
                name="givenName"
                value="${SAMPLE_GIVEN_NAME}"
                maxlength="100"
                autocomplete="off"
              />
              <label for="surname-${session.id}">${t.surname}</label>
              <input
                id="surname-${session.id}"
                name="surname"
                value="${SAMPLE_SURNAME}"
                maxlength="100"
                autocomplete="off"
              />
              <div class="actions">
                <button type="submit" name="endResult" value="OK">${t.ok}</button>
                <button type="submit" name="endResult" value="USER_REFUSED" class="secondary">${t.refused}</button>
                <button type="submit" name="endResult" value="WRONG_VC" class="secondary">${t.wrongVc}</button>
                <button type="submit" name="endResult" value="TIMEOUT" class="secondary">${t.timeout}</button>
              </div>
              <label for="other-${session.id}">${t.other}</label>
              <select id="other-${session.id}" name="otherEndResult">
                ${OTHER_END_RESULTS.map((result) => html`<option value="${result}">${result}</option>`)}
              </select>
              <div class="actions">
                <button type="submit" name="endResult" value="other" class="secondary">${t.send}</button>
              </div>
            </form>
          </section>`,
      )}`;
    return sendPage(reply, 200, { lang, title: t.title, body });
  });

  sid.post<{ Params: { sessionId: string } }>('/app/sessions/:sessionId', (request, reply) => {
    const lang = appLanguage(request.body);
    const t = TEXT[lang];
    const session = sessions.get(request.params.sessionId);
    const message = (status: number, title: string) =>
      sendPage(reply, status, {
        lang,
        title,
        body: html`<h1>${title}</h1>
          <p><a href="${`${prefix}/app?lang=${lang}`}">${t.refresh}</a></p>`,
      });
    if (!session) return message(404, t.notFound);
    const chosen = field(request.body, 'endResult');
    const endResult = chosen === 'other' ? field(request.body, 'otherEndResult') : chosen;
    const givenName = personNameSchema.safeParse(field(request.body, 'givenName'));
    const surname = personNameSchema.safeParse(field(request.body, 'surname'));
    if (!isEndResult(endResult)) return message(400, t.badRequest);
    if (endResult === 'OK' && (!givenName.success || !surname.success)) return message(400, t.badRequest);
    sessions.complete(session, endResult, givenName.data, surname.data);
    return reply.redirect(`${prefix}/app?lang=${lang}`, 303);
  });
}
