import type { z } from 'zod';
import type {
  AccountAnswer,
  Consent,
  ConsentKind,
  eraseAnswerSchema,
  LoginPollAnswer,
  StartLoginAnswer,
  StartLoginBody,
} from '../../domain/account-api.ts';
import type { Institution } from '../../domain/api.ts';
import {
  chooseAccountOffer,
  createAccountHandoff,
  erasePersonData,
  getAccount,
  getAccountSession,
  logout,
  pollLogin,
  setConsent,
  startLogin,
} from '../../domain/contract/account.ts';
import { pathOf } from '../../domain/contract/define-endpoint.ts';
import { confirmSmsOptOut, startSmsOptOut, unsubscribe } from '../../domain/contract/messages.ts';
import { listInstitutions } from '../../domain/contract/reference-data.ts';
import type { Language } from '../../domain/language.ts';
import { ApiRequestError } from './broker-client.ts';
import { contractCaller } from './contract-caller.ts';
import { createAccountCallRequestsClient, type AccountCallRequestsClient } from './call-requests-client.ts';

export { ApiRequestError };

/**
 * The personal account's client. The session is an HttpOnly cookie the browser sends by itself;
 * every address and answer schema is the contract's (domain/contract/account.ts, messages.ts), every
 * failure is an ApiRequestError with the server's code and words in the page's language.
 */
export interface AccountClient {
  /** whether a session is live: asked first, so a logged-out visit makes no failed request */
  loggedIn(): Promise<boolean>;
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
  /** an application's call request waiting for a consultant: shown, moved, cancelled */
  readonly callRequests?: AccountCallRequestsClient;
}

export function createAccountClient(language: Language, fetchImpl?: typeof fetch): AccountClient {
  const { call, none } = contractCaller(() => language, fetchImpl);

  return {
    loggedIn: async () => (await call(getAccountSession)).loggedIn,
    account: () => call(getAccount),
    institutions: () => call(listInstitutions),
    startLogin: (body) => call(startLogin, body),
    pollLogin: (pollSecret) => call(pollLogin, { pollSecret }),
    handoff: async (id) => (await call(createAccountHandoff, {}, pathOf(createAccountHandoff, { id }))).code,
    chooseOffer: async (id, offerId) =>
      (await call(chooseAccountOffer, { offerId }, pathOf(chooseAccountOffer, { id }))).signUrl,
    setConsent: (kind, granted) => call(setConsent, { kind, granted }),
    logout: (everywhere) => none(logout, { everywhere }),
    erase: () => call(erasePersonData, {}),
    startSmsOptOut: async (phoneNumber) => {
      await call(startSmsOptOut, { phoneNumber, language });
    },
    confirmSmsOptOut: async (phoneNumber, code) => {
      await call(confirmSmsOptOut, { phoneNumber, code, language });
    },
    unsubscribe: async (code) => {
      await call(unsubscribe, { code, language });
    },
    callRequests: createAccountCallRequestsClient(() => language, fetchImpl),
  };
}
