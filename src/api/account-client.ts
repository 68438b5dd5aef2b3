import ky, { type Options } from 'ky';
import { z } from 'zod';
import {
  accountAnswerSchema,
  consentSchema,
  eraseAnswerSchema,
  loginPollAnswerSchema,
  startLoginAnswerSchema,
  type AccountAnswer,
  type Consent,
  type ConsentKind,
  type LoginPollAnswer,
  type StartLoginAnswer,
  type StartLoginBody,
} from '../../domain/account-api.ts';
import {
  chooseOfferAnswerSchema,
  handoffAnswerSchema,
  institutionsAnswerSchema,
  type Institution,
} from '../../domain/api.ts';
import type { Language } from '../../domain/language.ts';
import { ApiRequestError, toApiRequestError } from './broker-client.ts';

export { ApiRequestError };

export type EraseAnswer = z.infer<typeof eraseAnswerSchema>;

/**
 * The personal account's client (server/http/account-routes.ts, notice-routes.ts). The session is an
 * HttpOnly cookie the browser sends by itself (same origin); every answer is parsed with
 * domain/account-api.ts; every failure is an ApiRequestError with the server's code and its words in
 * the page's language (Accept-Language on every request, `language` in every body). Personal data
 * (the personal code, the phone number) travels in bodies only, never in an address.
 */
export interface AccountClient {
  /** the logged-in person's account; a 401 ApiRequestError when there is no session */
  account(): Promise<AccountAnswer>;
  institutions(): Promise<Institution[]>;
  startLogin(body: StartLoginBody): Promise<StartLoginAnswer>;
  pollLogin(pollSecret: string): Promise<LoginPollAnswer>;
  /** a one-time code that opens the application in the wizard (`?handoff=`) */
  handoff(applicationId: string): Promise<string>;
  /** chooses an offer; answers the lender's signing address */
  chooseOffer(applicationId: string, offerId: string): Promise<string>;
  /** answers every consent as it now stands */
  setConsent(kind: ConsentKind, granted: boolean): Promise<Consent[]>;
  logout(everywhere: boolean): Promise<void>;
  erase(): Promise<EraseAnswer>;
  startSmsOptOut(phoneNumber: string): Promise<void>;
  confirmSmsOptOut(phoneNumber: string, code: string): Promise<void>;
  unsubscribe(code: string): Promise<void>;
}

export interface AccountClientOptions {
  /** where the API lives; '' (the default) is the page's own origin */
  readonly baseUrl?: string;
  /** a fetch to use instead of the global one */
  readonly fetch?: typeof fetch;
  /** per-attempt time limit (default 20 000 ms: a Smart-ID poll is held by the server for up to 10 s) */
  readonly timeoutMs?: number;
}

/** Reading again is safe: the account and the banks are asked once more after a passing server error. */
const RETRY_READS: Options['retry'] = {
  limit: 2,
  methods: ['get'],
  statusCodes: [408, 500, 502, 503, 504],
  afterStatusCodes: [503],
  maxRetryAfter: 5000,
  retryOnTimeout: true,
};

const okSchema = z.object({ ok: z.literal(true) });

export function createAccountClient(language: Language, options: AccountClientOptions = {}): AccountClient {
  const http = ky.create({
    prefix: (options.baseUrl ?? '').replace(/\/+$/, ''),
    timeout: options.timeoutMs ?? 20_000,
    // a login, a choice, an erasure is never repeated behind the person's back
    retry: 0,
    credentials: 'same-origin',
    headers: { 'accept-language': language },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  /** Sends, and parses the answer with the schema; any failure becomes an ApiRequestError. */
  async function send<S extends z.ZodType>(
    schema: S,
    method: 'get' | 'post' | 'put',
    path: string,
    body?: Record<string, unknown>,
  ): Promise<z.output<S>> {
    let data: unknown;
    try {
      data = await http(path, {
        method,
        ...(method === 'get' ? { retry: RETRY_READS } : { json: { ...body, language } }),
      }).json();
    } catch (error) {
      throw toApiRequestError(error);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new ApiRequestError({ status: null, code: 'parse', message: 'The service answered in an unexpected form' });
    }
    return parsed.data;
  }

  const application = (id: string, action: 'handoff' | 'choose') =>
    `/api/account/applications/${encodeURIComponent(id)}/${action}`;

  return {
    account: () => send(accountAnswerSchema, 'get', '/api/account'),
    institutions: () => send(institutionsAnswerSchema, 'get', '/api/institutions'),
    startLogin: (body) => send(startLoginAnswerSchema, 'post', '/api/account/login/start', body),
    pollLogin: (pollSecret) => send(loginPollAnswerSchema, 'post', '/api/account/login/poll', { pollSecret }),
    handoff: async (id) => (await send(handoffAnswerSchema, 'post', application(id, 'handoff'), {})).code,
    chooseOffer: async (id, offerId) =>
      (await send(chooseOfferAnswerSchema, 'post', application(id, 'choose'), { offerId })).signUrl,
    setConsent: (kind, granted) => send(z.array(consentSchema), 'put', '/api/account/consents', { kind, granted }),
    logout: async (everywhere) => {
      try {
        // 204, no body
        await http.post('/api/account/logout', { json: { everywhere, language } });
      } catch (error) {
        throw toApiRequestError(error);
      }
    },
    erase: () => send(eraseAnswerSchema, 'post', '/api/account/erase', {}),
    startSmsOptOut: async (phoneNumber) => {
      await send(okSchema, 'post', '/api/sms-opt-out/start', { phoneNumber });
    },
    confirmSmsOptOut: async (phoneNumber, code) => {
      await send(okSchema, 'post', '/api/sms-opt-out/confirm', { phoneNumber, code });
    },
    unsubscribe: async (code) => {
      await send(okSchema, 'post', '/api/notices/unsubscribe', { code });
    },
  };
}
