import { z } from 'zod';
import {
  accountAnswerSchema,
  accountChooseOfferBodySchema,
  accountSessionAnswerSchema,
  consentSchema,
  eraseAnswerSchema,
  loginPollAnswerSchema,
  loginPollBodySchema,
  logoutBodySchema,
  setConsentBodySchema,
  startLoginAnswerSchema,
  startLoginBodySchema,
} from '../account-api.ts';
import { accountStandardInformationQuerySchema, chooseOfferAnswerSchema, handoffAnswerSchema } from '../api.ts';
import { defineEndpoint, USUAL_REFUSALS, type ErrorStatus } from './define-endpoint.ts';
import { bankReturnParams, bankReturnQuery, seeOther } from './identification.ts';

/**
 * The personal account "Mans profils": login, the person's applications, consents, their data, logout.
 * Every path is under the account's own, where the session cookie goes and nowhere else.
 */

const SESSION_REFUSALS = [...USUAL_REFUSALS, 401] as const satisfies readonly ErrorStatus[];
const applicationParams = z.object({ id: z.string().max(64) });

export const getAccount = defineEndpoint({
  method: 'GET',
  path: '/api/account',
  operationId: 'getAccount',
  tag: 'Account',
  summary: "The logged-in person's applications and consents",
  security: 'accountSession',
  answers: { 200: accountAnswerSchema },
  errors: SESSION_REFUSALS,
});

export const getAccountSession = defineEndpoint({
  method: 'GET',
  path: '/api/account/session',
  operationId: 'getAccountSession',
  tag: 'Account',
  summary: 'Whether the browser’s session cookie opens a live session (a logged-out visit is not an error)',
  answers: { 200: accountSessionAnswerSchema },
  errors: [429],
});

export const startLogin = defineEndpoint({
  method: 'POST',
  path: '/api/account/login/start',
  operationId: 'startLogin',
  tag: 'Account',
  summary: 'Start a login to the personal account by internet bank, Smart-ID or eParaksts',
  body: startLoginBodySchema,
  answers: { 200: startLoginAnswerSchema },
  errors: [...USUAL_REFUSALS, 503],
});

export const pollLogin = defineEndpoint({
  method: 'POST',
  path: '/api/account/login/poll',
  operationId: 'pollLogin',
  tag: 'Account',
  summary: 'Follow a Smart-ID login; sets the session cookie once it succeeded',
  body: loginPollBodySchema,
  answers: { 200: loginPollAnswerSchema },
  errors: USUAL_REFUSALS,
});

export const bankLoginReturn = defineEndpoint({
  method: 'GET',
  path: '/api/account/login/bank/:institutionId/return',
  operationId: 'bankLoginReturn',
  tag: 'Account',
  summary: "The bank's signed return from a login; sets the session cookie and redirects to the account",
  params: bankReturnParams,
  query: bankReturnQuery,
  answers: { 303: seeOther('the account, with the session cookie set when the login succeeded') },
  errors: [400, 404, 429],
});

export const createAccountHandoff = defineEndpoint({
  method: 'POST',
  path: '/api/account/applications/:id/handoff',
  operationId: 'createAccountHandoff',
  tag: 'Account',
  summary: 'A one-time code that opens one of the person’s applications in the wizard',
  security: 'accountSession',
  params: applicationParams,
  answers: { 200: handoffAnswerSchema },
  errors: SESSION_REFUSALS,
});

export const chooseAccountOffer = defineEndpoint({
  method: 'POST',
  path: '/api/account/applications/:id/choose',
  operationId: 'chooseAccountOffer',
  tag: 'Account',
  summary: 'Choose an offer of one of the person’s applications; answers where to sign',
  security: 'accountSession',
  params: applicationParams,
  body: accountChooseOfferBodySchema,
  answers: { 200: chooseOfferAnswerSchema },
  errors: SESSION_REFUSALS,
});

export const getAccountStandardInformation = defineEndpoint({
  method: 'GET',
  path: '/api/account/applications/:id/standardInformation',
  operationId: 'getAccountStandardInformation',
  tag: 'Account',
  summary: "An offer's standard pre-contractual information (SECCI) of one of the person's applications, HTML or PDF",
  security: 'accountSession',
  params: applicationParams,
  query: accountStandardInformationQuerySchema,
  answers: {
    200: {
      description: 'The printable page (`format=html`) or the PDF (`format=pdf`)',
      content: { 'text/html': 'text', 'application/pdf': 'binary' },
    },
  },
  errors: [400, 401, 404, 429],
});

export const setConsent = defineEndpoint({
  method: 'PUT',
  path: '/api/account/consents',
  operationId: 'setConsent',
  tag: 'Account',
  summary: 'Give or withdraw one consent; withdrawing stops the messages at once',
  security: 'accountSession',
  body: setConsentBodySchema,
  answers: { 200: z.array(consentSchema) },
  errors: SESSION_REFUSALS,
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/account/logout',
  operationId: 'logout',
  tag: 'Account',
  summary: 'Log out here, or everywhere (every session of the person, and the links in their messages)',
  security: 'accountSession',
  body: logoutBodySchema,
  answers: { 204: { description: 'Logged out; the session cookie is cleared' } },
  errors: SESSION_REFUSALS,
});

export const exportPersonData = defineEndpoint({
  method: 'GET',
  path: '/api/account/export',
  operationId: 'exportPersonData',
  tag: 'Account',
  summary: 'Everything held about the person, as JSON (GDPR access and portability)',
  security: 'accountSession',
  answers: { 200: z.record(z.string(), z.unknown()) },
  errors: SESSION_REFUSALS,
});

export const erasePersonData = defineEndpoint({
  method: 'POST',
  path: '/api/account/erase',
  operationId: 'erasePersonData',
  tag: 'Account',
  summary:
    'Delete everything held about the person; every lender that received an application is told to erase it (GDPR Art. 17, 19)',
  security: 'accountSession',
  answers: { 200: eraseAnswerSchema },
  errors: SESSION_REFUSALS,
});
