import ky from 'ky';
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

/**
 * The personal account's client (server/http/account-routes.ts, notice-routes.ts). The session is an
 * HttpOnly cookie the browser sends by itself; every answer is parsed with domain/account-api.ts, every
 * failure is an ApiRequestError with the server's code and words in the page's language.
 */
export interface AccountClient {
  account(): Promise<AccountAnswer>;
  institutions(): Promise<Institution[]>;
  startLogin(body: StartLoginBody): Promise<StartLoginAnswer>;
  pollLogin(pollSecret: string): Promise<LoginPollAnswer>;
  handoff(applicationId: string): Promise<string>;
  chooseOffer(applicationId: string, offerId: string): Promise<string>;
  setConsent(kind: ConsentKind, granted: boolean): Promise<Consent[]>;
  logout(everywhere: boolean): Promise<void>;
  erase(): Promise<z.infer<typeof eraseAnswerSchema>>;
  startSmsOptOut(phoneNumber: string): Promise<void>;
  confirmSmsOptOut(phoneNumber: string, code: string): Promise<void>;
  unsubscribe(code: string): Promise<void>;
}

export function createAccountClient(language: Language, fetchImpl?: typeof fetch): AccountClient {
  const http = ky.create({
    timeout: 20_000,
    retry: 0,
    headers: { 'accept-language': language },
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  const call = async <S extends z.ZodType>(schema: S, promise: Promise<unknown>): Promise<z.output<S>> => {
    let data: unknown;
    try {
      data = await promise;
    } catch (error) {
      throw toApiRequestError(error);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new ApiRequestError({ status: null, code: 'parse', message: '' });
    return parsed.data;
  };
  const json = (path: string, method: 'get' | 'post' | 'put', body?: unknown) =>
    http(path, { method, ...(body === undefined ? {} : { json: body }) }).json();
  const ok = z.object({ ok: z.literal(true) });
  const none = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      throw toApiRequestError(error);
    }
  };

  return {
    account: () => call(accountAnswerSchema, json('/api/account', 'get')),
    institutions: () => call(institutionsAnswerSchema, json('/api/institutions', 'get')),
    startLogin: (body) => call(startLoginAnswerSchema, json('/api/account/login/start', 'post', body)),
    pollLogin: (pollSecret) => call(loginPollAnswerSchema, json('/api/account/login/poll', 'post', { pollSecret })),
    handoff: async (id) =>
      (await call(handoffAnswerSchema, json(`/api/account/applications/${encodeURIComponent(id)}/handoff`, 'post', {})))
        .code,
    chooseOffer: async (id, offerId) =>
      (
        await call(
          chooseOfferAnswerSchema,
          json(`/api/account/applications/${encodeURIComponent(id)}/choose`, 'post', { offerId }),
        )
      ).signUrl,
    setConsent: (kind, granted) =>
      call(z.array(consentSchema), json('/api/account/consents', 'put', { kind, granted })),
    logout: (everywhere) => none(http.post('/api/account/logout', { json: { everywhere } })),
    erase: () => call(eraseAnswerSchema, json('/api/account/erase', 'post', {})),
    startSmsOptOut: async (phoneNumber) => {
      await call(ok, json('/api/sms-opt-out/start', 'post', { phoneNumber, language }));
    },
    confirmSmsOptOut: async (phoneNumber, code) => {
      await call(ok, json('/api/sms-opt-out/confirm', 'post', { phoneNumber, code, language }));
    },
    unsubscribe: async (code) => {
      await call(ok, json('/api/notices/unsubscribe', 'post', { code, language }));
    },
  };
}
