import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isLanguage, type Language } from '../../../domain/language.ts';
import { EPARAKSTS_SANDBOX_CLIENT_ID, eParakstsSandboxClientSecret } from '../../identity/eparaksts-client.ts';
import { formatPersonalCode } from '../../../domain/personal-code.ts';
import { approvalForm, MAX_NAME } from '../approval-form.ts';
import { addFormBodyParser, field, html, parseHttpUrl, sendPage } from '../page.ts';

/**
 * eParaksts simulator: OAuth 2.0 authorization code flow.
 *   GET  {prefix}/trustedx-authserver/oauth/authorize?response_type=code&client_id&redirect_uri&state&scope&ui_locales
 *        consent page (lv | ru): personal code and name, Approve / Refuse
 *   POST {prefix}/trustedx-authserver/oauth/authorize   → 303 redirect_uri?code&state | ?error=access_denied&state
 *   POST {prefix}/trustedx-authserver/oauth/token        Basic client auth, grant_type=authorization_code
 *   GET  {prefix}/trustedx-resources/openid/v1/users/me  Bearer → { given_name, family_name, serial_number }
 * Codes are single-use (a reused code also revokes the token it gave), live 60 s and are bound to the
 * client id and redirect URI. Access tokens live 5 minutes; no refresh tokens. Any http(s) redirect URI
 * is accepted for the one known client (the sandbox has no registration).
 */

export interface EParakstsSandboxOptions {
  /** default '/sandbox/eparaksts' */
  readonly prefix?: string;
  /** default 'kreditkompass' */
  readonly clientId?: string;
  /** default: eParakstsSandboxClientSecret() */
  readonly clientSecret?: string;
  /** default 60000 */
  readonly codeTtlMs?: number;
  /** default 300000 */
  readonly accessTokenTtlMs?: number;
  /** the clock, for tests; default Date.now */
  readonly now?: () => number;
}

interface Person {
  readonly personalCode: string;
  readonly givenName: string;
  readonly familyName: string;
}

interface Grant {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly person: Person;
  readonly expiresAt: number;
  /** the token issued for it, once used */
  accessToken: string | null;
}

interface AccessToken {
  readonly person: Person;
  readonly expiresAt: number;
}

interface AuthorizeRequest {
  readonly clientId: string;
  readonly redirectUri: URL;
  readonly state: string;
  readonly scope: string;
  readonly lang: Language;
}

const SAMPLE_GIVEN_NAME = 'Jānis';
const SAMPLE_FAMILY_NAME = 'Bērziņš';

const TEXT = {
  lv: {
    title: 'eParaksts (testa vide)',
    sandbox: 'Testa vide: šis nav īstais eParaksts, dati netiek pārbaudīti.',
    heading: 'Pieteikšanās ar eParakstu',
    intro: (client: string) => `Pakalpojums “${client}” vēlas saņemt jūsu vārdu, uzvārdu un personas kodu.`,
    personalCode: 'Personas kods',
    personalCodeHint: 'Formāts: 010180-15097',
    givenName: 'Vārds',
    familyName: 'Uzvārds',
    approve: 'Apstiprināt',
    refuse: 'Atteikt',
    badPersonalCode: 'Ievadiet personas kodu formātā DDMMGG-NNNNN.',
    badName: 'Ievadiet vārdu un uzvārdu.',
    badRequestTitle: 'Nederīgs pieprasījums',
    badRequest: 'Nezināms klients vai nederīgi pieprasījuma lauki (client_id, redirect_uri, state, response_type).',
  },
  ru: {
    title: 'eParaksts (тестовая среда)',
    sandbox: 'Тестовая среда: это не настоящий eParaksts, данные не проверяются.',
    heading: 'Вход с eParaksts',
    intro: (client: string) => `Сервис «${client}» запрашивает ваши имя, фамилию и персональный код.`,
    personalCode: 'Персональный код',
    personalCodeHint: 'Формат: 010180-15097',
    givenName: 'Имя',
    familyName: 'Фамилия',
    approve: 'Подтвердить',
    refuse: 'Отказать',
    badPersonalCode: 'Введите персональный код в формате ДДММГГ-NNNNN.',
    badName: 'Введите имя и фамилию.',
    badRequestTitle: 'Неверный запрос',
    badRequest: 'Неизвестный клиент или неверные поля запроса (client_id, redirect_uri, state, response_type).',
  },
} as const;

function languageOf(source: unknown): Language {
  // ui_locales is a space-separated preference list
  const first = field(source, 'ui_locales').split(/\s+/)[0]?.slice(0, 2) ?? '';
  return isLanguage(first) ? first : 'lv';
}

const token = () => randomBytes(32).toString('base64url');

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `Basic base64(form-encoded id ":" form-encoded secret)` → [id, secret] */
function basicCredentials(header: string | undefined): [string, string] | null {
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    const decode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
    return [decode(decoded.slice(0, colon)), decode(decoded.slice(colon + 1))];
  } catch {
    return null;
  }
}

/** What the routes share: the one known client, the clock, and the codes and tokens given out. */
interface EParakstsState {
  readonly knownClientId: string;
  readonly knownSecret: string;
  readonly codeTtlMs: number;
  readonly accessTokenTtlMs: number;
  readonly now: () => number;
  readonly grants: Map<string, Grant>;
  readonly accessTokens: Map<string, AccessToken>;
  readonly authorizePath: string;
}

export async function registerEParakstsSandbox(
  app: FastifyInstance,
  opts: EParakstsSandboxOptions = {},
): Promise<void> {
  const prefix = (opts.prefix ?? '/sandbox/eparaksts').replace(/\/+$/, '');
  const state: EParakstsState = {
    knownClientId: opts.clientId ?? EPARAKSTS_SANDBOX_CLIENT_ID,
    knownSecret: opts.clientSecret ?? eParakstsSandboxClientSecret(),
    codeTtlMs: opts.codeTtlMs ?? 60_000,
    accessTokenTtlMs: opts.accessTokenTtlMs ?? 5 * 60_000,
    now: opts.now ?? Date.now,
    grants: new Map(),
    accessTokens: new Map(),
    authorizePath: `${prefix}/trustedx-authserver/oauth/authorize`,
  };
  await app.register(
    async (ep) => {
      addFormBodyParser(ep);
      registerAuthorizeRoutes(ep, state);
      registerTokenRoutes(ep, state);
    },
    { prefix },
  );
}

function sweep({ now, grants, accessTokens }: EParakstsState) {
  const at = now();
  for (const [code, grant] of grants) if (grant.expiresAt <= at) grants.delete(code);
  for (const [value, access] of accessTokens) if (access.expiresAt <= at) accessTokens.delete(value);
}

function readRequest(state: EParakstsState, source: unknown): AuthorizeRequest | null {
  const clientId = field(source, 'client_id');
  const redirectUri = parseHttpUrl(field(source, 'redirect_uri'));
  const requestState = field(source, 'state');
  if (clientId !== state.knownClientId || !redirectUri || requestState.length === 0 || requestState.length > 512) {
    return null;
  }
  return {
    clientId,
    redirectUri,
    state: requestState,
    scope: field(source, 'scope').slice(0, 200),
    lang: languageOf(source),
  };
}

function badRequest(reply: FastifyReply, lang: Language) {
  const t = TEXT[lang];
  return sendPage(reply, 400, {
    lang,
    title: t.badRequestTitle,
    body: html`<p class="sandbox">${t.sandbox}</p>
      <h1>${t.badRequestTitle}</h1>
      <p>${t.badRequest}</p>`,
  });
}

function consentPage(
  reply: FastifyReply,
  statusCode: number,
  authorizePath: string,
  request: AuthorizeRequest,
  form: { personalCode: string; givenName: string; familyName: string; codeError?: string; nameError?: string },
) {
  const t = TEXT[request.lang];
  const body = html` <p class="sandbox">${t.sandbox}</p>
    <h1>${t.heading}</h1>
    <p>${t.intro(request.clientId)}</p>
    ${approvalForm({
      action: authorizePath,
      hidden: [
        ['response_type', 'code'],
        ['client_id', request.clientId],
        ['redirect_uri', request.redirectUri.toString()],
        ['state', request.state],
        ['scope', request.scope],
        ['ui_locales', request.lang],
      ],
      personalCode: form.personalCode,
      codeError: form.codeError,
      names: [
        { name: 'given_name', label: t.givenName, value: form.givenName, autocomplete: 'given-name' },
        { name: 'family_name', label: t.familyName, value: form.familyName, autocomplete: 'family-name' },
      ],
      nameError: form.nameError,
      text: t,
    })}`;
  return sendPage(reply, statusCode, { lang: request.lang, title: t.title, body });
}

const oauthError = (reply: FastifyReply, status: number, error: string) =>
  reply.code(status).header('cache-control', 'no-store').send({ error });

/** The consent page and its answer: a code for the redirect URI, or access_denied. */
function registerAuthorizeRoutes(ep: FastifyInstance, state: EParakstsState) {
  const { authorizePath, grants, now, codeTtlMs } = state;
  ep.get('/trustedx-authserver/oauth/authorize', (request, reply) => {
    const request_ = readRequest(state, request.query);
    if (!request_ || field(request.query, 'response_type') !== 'code') {
      return badRequest(reply, languageOf(request.query));
    }
    return consentPage(reply, 200, authorizePath, request_, {
      personalCode: '',
      givenName: SAMPLE_GIVEN_NAME,
      familyName: SAMPLE_FAMILY_NAME,
    });
  });

  ep.post('/trustedx-authserver/oauth/authorize', (request, reply) => {
    const body = request.body;
    const authorize = readRequest(state, body);
    const decision = field(body, 'decision');
    if (!authorize || field(body, 'response_type') !== 'code' || (decision !== 'approve' && decision !== 'refuse')) {
      return badRequest(reply, languageOf(body));
    }
    const target = new URL(authorize.redirectUri);
    if (decision === 'refuse') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('state', authorize.state);
      return reply.header('cache-control', 'no-store').redirect(target.toString(), 303);
    }
    const typedCode = field(body, 'personal_code');
    const personalCode = formatPersonalCode(typedCode);
    const givenName = field(body, 'given_name').trim();
    const familyName = field(body, 'family_name').trim();
    const nameOk =
      givenName.length > 0 && familyName.length > 0 && givenName.length <= MAX_NAME && familyName.length <= MAX_NAME;
    if (!personalCode || !nameOk) {
      const t = TEXT[authorize.lang];
      return consentPage(reply, 422, authorizePath, authorize, {
        personalCode: typedCode.slice(0, 20),
        givenName: givenName.slice(0, MAX_NAME),
        familyName: familyName.slice(0, MAX_NAME),
        ...(personalCode ? {} : { codeError: t.badPersonalCode }),
        ...(nameOk ? {} : { nameError: t.badName }),
      });
    }
    sweep(state);
    const code = token();
    grants.set(code, {
      clientId: authorize.clientId,
      redirectUri: authorize.redirectUri.toString(),
      person: { personalCode, givenName, familyName },
      expiresAt: now() + codeTtlMs,
      accessToken: null,
    });
    target.searchParams.set('code', code);
    target.searchParams.set('state', authorize.state);
    return reply.header('cache-control', 'no-store').redirect(target.toString(), 303);
  });
}

/** The code's exchange for an access token, and the person the token stands for. */
function registerTokenRoutes(ep: FastifyInstance, state: EParakstsState) {
  const { knownClientId, knownSecret, grants, accessTokens, now, accessTokenTtlMs } = state;
  ep.post('/trustedx-authserver/oauth/token', (request, reply) => {
    const credentials = basicCredentials(request.headers.authorization);
    if (!credentials || credentials[0] !== knownClientId || !sameSecret(credentials[1], knownSecret)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Basic realm="eparaksts"')
        .header('cache-control', 'no-store')
        .send({ error: 'invalid_client' });
    }
    const body = request.body;
    if (field(body, 'grant_type') !== 'authorization_code') return oauthError(reply, 400, 'unsupported_grant_type');
    const code = field(body, 'code');
    const grant = grants.get(code);
    if (!grant || grant.expiresAt <= now()) return oauthError(reply, 400, 'invalid_grant');
    if (grant.accessToken !== null) {
      // RFC 6749 §4.1.2: a reused code revokes what it gave
      accessTokens.delete(grant.accessToken);
      return oauthError(reply, 400, 'invalid_grant');
    }
    if (grant.clientId !== credentials[0] || grant.redirectUri !== field(body, 'redirect_uri')) {
      return oauthError(reply, 400, 'invalid_grant');
    }
    const accessToken = token();
    grant.accessToken = accessToken;
    accessTokens.set(accessToken, { person: grant.person, expiresAt: now() + accessTokenTtlMs });
    return reply
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache')
      .send({ access_token: accessToken, token_type: 'Bearer', expires_in: Math.floor(accessTokenTtlMs / 1000) });
  });

  ep.get('/trustedx-resources/openid/v1/users/me', (request, reply) => {
    const bearer = /^Bearer ([A-Za-z0-9_-]{1,100})$/.exec(request.headers.authorization ?? '')?.[1];
    const access = bearer ? accessTokens.get(bearer) : undefined;
    if (!access || access.expiresAt <= now()) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer error="invalid_token"')
        .header('cache-control', 'no-store')
        .send({ error: 'invalid_token' });
    }
    return reply.header('cache-control', 'no-store').send({
      given_name: access.person.givenName,
      family_name: access.person.familyName,
      serial_number: `PNOLV-${access.person.personalCode}`,
    });
  });
}
