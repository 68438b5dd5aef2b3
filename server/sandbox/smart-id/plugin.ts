import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { isLanguage, type Language } from '../../../domain/language.ts';
import { maskPersonalCode, normalizeTypedPersonalCode } from '../../identity/personal-code-format.ts';
import { issueSandboxCertificate, sandboxSmartIdCaKeys } from '../../identity/smart-id-cert.ts';
import { SMART_ID_API_END_RESULTS, type SmartIdApiEndResult } from '../../identity/smart-id-client.ts';
import { smartIdVerificationCode } from '../../identity/verification-code.ts';
import { addFormBodyParser, field, html, sendPage } from '../page.ts';

/**
 * Smart-ID simulator: the relying-party API v2 under {prefix}/v2, a tester "phone app" page, and JSON
 * control routes for tests.
 *
 *   POST {prefix}/v2/authentication/etsi/:semanticsId   start (PNOLV-DDMMYY-NNNNN) → { sessionID }
 *   GET  {prefix}/v2/session/:sessionId?timeoutMs=       long-poll (0..120000 ms, default 30000)
 *   GET  {prefix}/app?lang=lv|ru                         running sessions, with buttons to answer them
 *   POST {prefix}/app/sessions/:sessionId                form: endResult (or 'other' + otherEndResult), givenName, surname → 303 /app
 *   POST {prefix}/control/sessions/:sessionId            JSON { endResult, givenName?, surname? } → { state, endResult }
 *   POST {prefix}/control/find                           JSON { personalCode } → { sessionIds } (running sessions)
 *
 * Magic personal codes (new-format codes, so the broker's form accepts them), see SMART_ID_MAGIC_CODES:
 *   329999-00471 → HTTP 471 (no suitable account), 329999-00472 → HTTP 472 (person should view the app),
 *   329999-00404 → HTTP 404 (USER_ACCOUNT_NOT_FOUND); so do PNOEE-/PNOLT- identifiers.
 *   329999-010NN → the session completes by itself after magicDelayMs with SMART_ID_API_END_RESULTS[NN]
 *   (329999-01000 OK as Jānis Bērziņš, 329999-01001 USER_REFUSED, 329999-01002 TIMEOUT, 329999-01004 WRONG_VC, …).
 *
 * Differences from the real service: the certificate is the JSON stand-in of smart-id-cert.ts, the
 * signature algorithm is Ed25519 over the hash, timeoutMs below 1000 is accepted (fast tests), any
 * relying party UUID and name are accepted. The start route logs nothing: its path holds a personal code.
 */

export interface SmartIdSandboxOptions {
  /** default '/sandbox/smart-id' */
  readonly prefix?: string;
  /** every session completes by itself with this end result (benchmarks) */
  readonly autoEndResult?: SmartIdApiEndResult;
  /** delay before autoEndResult; default 0 */
  readonly autoDelayMs?: number;
  /** a session nobody answers becomes COMPLETE/TIMEOUT after this; default 120000 */
  readonly sessionTimeoutMs?: number;
  /** delay before a magic 329999-010NN code completes; default 1000 */
  readonly magicDelayMs?: number;
}

export const SMART_ID_MAGIC_CODES = {
  noSuitableAccount: '329999-00471',
  personShouldViewApp: '329999-00472',
  accountNotFound: '329999-00404',
} as const;

/** The magic code whose sessions complete by themselves with `endResult`. */
export function smartIdAutoCode(endResult: SmartIdApiEndResult): string {
  return `329999-010${String(SMART_ID_API_END_RESULTS.indexOf(endResult)).padStart(2, '0')}`;
}

const SAMPLE_GIVEN_NAME = 'Jānis';
const SAMPLE_SURNAME = 'Bērziņš';
const DEFAULT_POLL_MS = 30_000;
const MAX_POLL_MS = 120_000;
/** a completed session's result stays readable this long */
const RESULT_TTL_MS = 5 * 60_000;
const MAX_SESSIONS = 100_000;

const HASH_BYTES = { SHA256: 32, SHA384: 48, SHA512: 64 } as const;
const SUPPORTED_INTERACTIONS = new Set(['displayTextAndPIN', 'verificationCodeChoice']);

const startBodySchema = z.object({
  relyingPartyUUID: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
  relyingPartyName: z.string().min(1).max(100),
  certificateLevel: z.enum(['QUALIFIED', 'ADVANCED', 'QSCD']).optional(),
  hash: z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/),
  hashType: z.enum(['SHA256', 'SHA384', 'SHA512']),
  allowedInteractionsOrder: z
    .array(
      z.object({
        type: z.string().max(100),
        displayText60: z.string().max(60).optional(),
        displayText200: z.string().max(200).optional(),
      }),
    )
    .min(1)
    .max(10),
  nonce: z.string().min(1).max(30).optional(),
  requestProperties: z.object({ shareMdClientIpAddress: z.boolean().optional() }).optional(),
  capabilities: z.array(z.string().max(100)).max(20).optional(),
});

const nameSchema = z.string().trim().min(1).max(100);
const controlBodySchema = z.object({
  endResult: z.enum(SMART_ID_API_END_RESULTS),
  givenName: nameSchema.optional(),
  surname: nameSchema.optional(),
});
const findBodySchema = z.object({ personalCode: z.string().max(20) });

interface SessionAnswer {
  readonly state: 'COMPLETE';
  readonly result: { readonly endResult: SmartIdApiEndResult; readonly documentNumber?: string };
  readonly signature?: { readonly value: string; readonly algorithm: 'Ed25519' };
  readonly cert?: { readonly value: string; readonly certificateLevel: 'QUALIFIED' };
  readonly interactionFlowUsed?: string;
}

interface Session {
  readonly id: string;
  readonly personalCode: string;
  readonly hash: Buffer;
  readonly verificationCode: string;
  readonly displayText: string;
  readonly interaction: string;
  readonly createdAt: number;
  answer: SessionAnswer | null;
  readonly waiters: Set<() => void>;
  timer: NodeJS.Timeout | undefined;
}

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

const problem = (reply: FastifyReply, status: number, title: string) =>
  reply.code(status).type('application/problem+json').send({ type: 'about:blank', title, status });

const isEndResult = (value: string): value is SmartIdApiEndResult =>
  (SMART_ID_API_END_RESULTS as readonly string[]).includes(value);

export async function registerSmartIdSandbox(app: FastifyInstance, opts: SmartIdSandboxOptions = {}): Promise<void> {
  const prefix = (opts.prefix ?? '/sandbox/smart-id').replace(/\/+$/, '');
  const sessionTimeoutMs = opts.sessionTimeoutMs ?? 120_000;
  const magicDelayMs = opts.magicDelayMs ?? 1000;
  const ca = sandboxSmartIdCaKeys();
  // One signing key for every sandbox person; each OK result gets a certificate with the tester's name.
  const personKeys = generateKeyPairSync('ed25519');
  const sessions = new Map<string, Session>();

  function schedule(session: Session, delayMs: number, run: () => void) {
    clearTimeout(session.timer);
    session.timer = setTimeout(run, Math.max(0, delayMs));
    session.timer.unref();
  }

  function complete(
    session: Session,
    endResult: SmartIdApiEndResult,
    givenName = SAMPLE_GIVEN_NAME,
    surname = SAMPLE_SURNAME,
  ) {
    if (session.answer) return false;
    const serialNumber = `PNOLV-${session.personalCode}`;
    session.answer =
      endResult === 'OK'
        ? {
            state: 'COMPLETE',
            result: { endResult, documentNumber: `${serialNumber}-SBX0-Q` },
            signature: {
              value: sign(null, session.hash, personKeys.privateKey).toString('base64'),
              algorithm: 'Ed25519',
            },
            cert: {
              value: issueSandboxCertificate({
                serialNumber,
                givenName,
                surname,
                publicKey: personKeys.publicKey,
                now: new Date(),
                caPrivateKey: ca.privateKey,
              }),
              certificateLevel: 'QUALIFIED',
            },
            interactionFlowUsed: session.interaction,
          }
        : { state: 'COMPLETE', result: { endResult } };
    for (const wake of [...session.waiters]) wake();
    schedule(session, RESULT_TTL_MS, () => sessions.delete(session.id));
    return true;
  }

  function waitForAnswer(session: Session, timeoutMs: number): Promise<void> {
    if (session.answer || timeoutMs <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        session.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, timeoutMs);
      session.waiters.add(wake);
    });
  }

  function runningSessions(): Session[] {
    return [...sessions.values()].filter((session) => !session.answer);
  }

  await app.register(
    async (sid) => {
      addFormBodyParser(sid);

      sid.addHook('preClose', async () => {
        for (const session of sessions.values()) {
          clearTimeout(session.timer);
          for (const wake of [...session.waiters]) wake();
        }
      });

      sid.post<{ Params: { semanticsId: string } }>(
        '/v2/authentication/etsi/:semanticsId',
        { logLevel: 'silent' },
        (request, reply) => {
          const identifier = /^PNO(EE|LT|LV)-(.+)$/.exec(request.params.semanticsId);
          if (!identifier) return problem(reply, 400, 'Bad Request');
          const body = startBodySchema.safeParse(request.body);
          if (!body.success) return problem(reply, 400, 'Bad Request');
          const { hash: hashBase64, hashType, allowedInteractionsOrder } = body.data;
          const hash = Buffer.from(hashBase64, 'base64');
          if (hash.length !== HASH_BYTES[hashType]) return problem(reply, 400, 'Bad Request');
          if (identifier[1] !== 'LV') return problem(reply, 404, 'Not Found');
          const personalCode = /^\d{6}-\d{5}$/.test(identifier[2] ?? '') ? (identifier[2] as string) : null;
          if (!personalCode) return problem(reply, 400, 'Bad Request');

          if (personalCode === SMART_ID_MAGIC_CODES.noSuitableAccount) {
            return problem(
              reply,
              471,
              'No suitable account of requested type found, but user has some other accounts.',
            );
          }
          if (personalCode === SMART_ID_MAGIC_CODES.personShouldViewApp) {
            return problem(reply, 472, 'Person should view Smart-ID app or Smart-ID self-service portal now.');
          }
          if (personalCode === SMART_ID_MAGIC_CODES.accountNotFound) return problem(reply, 404, 'Not Found');
          if (sessions.size >= MAX_SESSIONS) return problem(reply, 503, 'Service Unavailable');

          const interaction = allowedInteractionsOrder.find((item) => SUPPORTED_INTERACTIONS.has(item.type));
          const session: Session = {
            id: randomUUID(),
            personalCode,
            hash,
            verificationCode: smartIdVerificationCode(hash),
            displayText: interaction?.displayText60 ?? interaction?.displayText200 ?? '',
            interaction: interaction?.type ?? '',
            createdAt: Date.now(),
            answer: null,
            waiters: new Set(),
            timer: undefined,
          };
          sessions.set(session.id, session);

          const magic = /^329999-010(\d\d)$/.exec(personalCode);
          const magicResult = magic ? SMART_ID_API_END_RESULTS[Number(magic[1])] : undefined;
          if (!interaction) {
            complete(session, 'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP');
          } else if (magicResult) {
            schedule(session, magicDelayMs, () => complete(session, magicResult));
          } else if (opts.autoEndResult) {
            const endResult = opts.autoEndResult;
            schedule(session, opts.autoDelayMs ?? 0, () => complete(session, endResult));
          } else {
            schedule(session, sessionTimeoutMs, () => complete(session, 'TIMEOUT'));
          }
          return reply.send({ sessionID: session.id });
        },
      );

      sid.get<{ Params: { sessionId: string } }>('/v2/session/:sessionId', async (request, reply) => {
        const raw = field(request.query, 'timeoutMs');
        const timeoutMs = raw === '' ? DEFAULT_POLL_MS : /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
        if (!(timeoutMs >= 0 && timeoutMs <= MAX_POLL_MS)) return problem(reply, 400, 'Bad Request');
        const session = sessions.get(request.params.sessionId);
        if (!session) return problem(reply, 404, 'Not Found');
        await waitForAnswer(session, timeoutMs);
        return reply.header('cache-control', 'no-store').send(session.answer ?? { state: 'RUNNING' });
      });

      sid.get('/app', (request, reply) => {
        const lang = appLanguage(request.query);
        const t = TEXT[lang];
        const list = runningSessions().sort((a, b) => a.createdAt - b.createdAt);
        const body = html` <p class="sandbox">${t.sandbox}</p>
          <h1>${t.title}</h1>
          <p><a href="${`${prefix}/app?lang=${lang}`}">${t.refresh}</a></p>
          <h2>${t.running}</h2>
          ${list.length === 0 ? html`<p>${t.none}</p>` : ''}
          ${list.map(
            (session) =>
              html` <section aria-labelledby="vc-${session.id}">
                <h3 id="vc-${session.id}">
                  ${t.verificationCode}: <span class="code">${session.verificationCode}</span>
                </h3>
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
        const givenName = nameSchema.safeParse(field(request.body, 'givenName'));
        const surname = nameSchema.safeParse(field(request.body, 'surname'));
        if (!isEndResult(endResult)) return message(400, t.badRequest);
        if (endResult === 'OK' && (!givenName.success || !surname.success)) return message(400, t.badRequest);
        complete(session, endResult, givenName.data, surname.data);
        return reply.redirect(`${prefix}/app?lang=${lang}`, 303);
      });

      sid.post<{ Params: { sessionId: string } }>('/control/sessions/:sessionId', (request, reply) => {
        const body = controlBodySchema.safeParse(request.body);
        if (!body.success) return reply.code(400).send({ error: 'bad_request' });
        const session = sessions.get(request.params.sessionId);
        if (!session) return reply.code(404).send({ error: 'not_found' });
        if (!complete(session, body.data.endResult, body.data.givenName, body.data.surname)) {
          return reply.code(409).send({ error: 'not_running' });
        }
        return reply.send({ state: 'COMPLETE', endResult: body.data.endResult });
      });

      sid.post('/control/find', (request, reply) => {
        const body = findBodySchema.safeParse(request.body);
        const personalCode = body.success ? normalizeTypedPersonalCode(body.data.personalCode) : null;
        if (!personalCode) return reply.code(400).send({ error: 'bad_request' });
        const sessionIds = runningSessions()
          .filter((session) => session.personalCode === personalCode)
          .sort((a, b) => a.createdAt - b.createdAt)
          .map((session) => session.id);
        return reply.send({ sessionIds });
      });
    },
    { prefix },
  );
}

function appLanguage(source: unknown): Language {
  const lang = field(source, 'lang');
  return isLanguage(lang) ? lang : 'lv';
}
