import { z } from 'zod';
import {
  accountCancelCallRequestBodySchema,
  accountCreateCallRequestBodySchema,
  accountMoveCallRequestBodySchema,
  callRequestAnswerSchema,
  callRequestOfTokenBodySchema,
  consultantSlotsAnswerSchema,
  createCallRequestBodySchema,
  moveCallRequestBodySchema,
} from '../call-request-api.ts';
import { defineEndpoint, USUAL_REFUSALS, type ErrorStatus } from './define-endpoint.ts';

/**
 * "Ask a consultant to call me" (issue 34): the consultant hours' open slots, and one call request an application,
 * made, cancelled or moved with the application's token, or cancelled and moved from the account.
 */

const SESSION_REFUSALS = [...USUAL_REFUSALS, 401] as const satisfies readonly ErrorStatus[];
const applicationParams = z.object({ id: z.string().max(64) });
const SLOT_RULE =
  'A slot starts on the half hour within the consultant hours (weekdays 8:00–19:00 Riga time, Latvian public ' +
  'holidays closed) and is not past; another is refused 422 `slotClosed` or `slotPast`, whose message names the ' +
  'next open slot.';

export const listConsultantSlots = defineEndpoint({
  method: 'GET',
  path: '/api/consultant/slots',
  operationId: 'listConsultantSlots',
  tag: 'Reference data',
  summary: 'The open slots a consultant can call in, over the next ten working days',
  answers: { 200: consultantSlotsAnswerSchema },
  errors: [429],
});

export const getCallRequest = defineEndpoint({
  method: 'POST',
  path: '/api/applications/callRequests/current',
  operationId: 'getCallRequest',
  tag: 'Applications',
  summary: "The application's call request waiting for a consultant, and the last digits of the number called",
  description: 'A POST so that the token stays out of addresses and logs.',
  body: callRequestOfTokenBodySchema,
  answers: { 200: callRequestAnswerSchema },
  errors: USUAL_REFUSALS,
});

export const createCallRequest = defineEndpoint({
  method: 'POST',
  path: '/api/applications/callRequests',
  operationId: 'createCallRequest',
  tag: 'Applications',
  summary: 'Ask a consultant to call the number of the application at a slot',
  description: `${SLOT_RULE} One request waits at a time: a new one replaces it. A confirmation goes by e-mail, and by SMS when the person chose SMS.`,
  body: createCallRequestBodySchema,
  answers: { 201: callRequestAnswerSchema },
  errors: USUAL_REFUSALS,
});

export const moveCallRequest = defineEndpoint({
  method: 'POST',
  path: '/api/applications/callRequests/move',
  operationId: 'moveCallRequest',
  tag: 'Applications',
  summary: 'Move the waiting call request to another slot',
  description: `${SLOT_RULE} Without a waiting request: 404 \`callRequestNotFound\`.`,
  body: moveCallRequestBodySchema,
  answers: { 200: callRequestAnswerSchema },
  errors: USUAL_REFUSALS,
});

export const cancelCallRequest = defineEndpoint({
  method: 'POST',
  path: '/api/applications/callRequests/cancel',
  operationId: 'cancelCallRequest',
  tag: 'Applications',
  summary: 'Cancel the waiting call request',
  body: callRequestOfTokenBodySchema,
  answers: { 204: { description: 'Cancelled; no consultant calls' } },
  errors: USUAL_REFUSALS,
});

export const getAccountCallRequest = defineEndpoint({
  method: 'GET',
  path: '/api/account/applications/:id/callRequest',
  operationId: 'getAccountCallRequest',
  tag: 'Account',
  summary: "One of the person's applications' call request waiting for a consultant",
  security: 'accountSession',
  params: applicationParams,
  answers: { 200: callRequestAnswerSchema },
  errors: SESSION_REFUSALS,
});

export const createAccountCallRequest = defineEndpoint({
  method: 'POST',
  path: '/api/account/applications/:id/callRequest',
  operationId: 'createAccountCallRequest',
  tag: 'Account',
  summary: "Ask a consultant to call about one of the person's applications, at a slot",
  description: `${SLOT_RULE} One request waits at a time: a new one replaces it.`,
  security: 'accountSession',
  params: applicationParams,
  body: accountCreateCallRequestBodySchema,
  answers: { 201: callRequestAnswerSchema },
  errors: SESSION_REFUSALS,
});

export const moveAccountCallRequest = defineEndpoint({
  method: 'POST',
  path: '/api/account/applications/:id/callRequest/move',
  operationId: 'moveAccountCallRequest',
  tag: 'Account',
  summary: "Move one of the person's applications' call request to another slot",
  description: SLOT_RULE,
  security: 'accountSession',
  params: applicationParams,
  body: accountMoveCallRequestBodySchema,
  answers: { 200: callRequestAnswerSchema },
  errors: SESSION_REFUSALS,
});

export const cancelAccountCallRequest = defineEndpoint({
  method: 'POST',
  path: '/api/account/applications/:id/callRequest/cancel',
  operationId: 'cancelAccountCallRequest',
  tag: 'Account',
  summary: "Cancel one of the person's applications' call request",
  security: 'accountSession',
  params: applicationParams,
  body: accountCancelCallRequestBodySchema,
  answers: { 204: { description: 'Cancelled; no consultant calls' } },
  errors: SESSION_REFUSALS,
});
