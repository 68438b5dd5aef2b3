import type { CallRequestAnswer, ConsultantSlots } from '../../domain/call-request-api.ts';
import { pathOf } from '../../domain/contract/define-endpoint.ts';
import {
  cancelAccountCallRequest,
  cancelCallRequest,
  createAccountCallRequest,
  createCallRequest,
  getAccountCallRequest,
  getCallRequest,
  listConsultantSlots,
  moveAccountCallRequest,
  moveCallRequest,
} from '../../domain/contract/call-requests.ts';
import type { Language } from '../../domain/language.ts';
import { contractCaller as caller } from './contract-caller.ts';

/**
 * "Ask a consultant to call me": the open slots, and the application's call request by its token (the wizard) or
 * by its id under the account's session. The token travels in bodies only; errors come in the page's language.
 */
export interface CallRequestsClient {
  slots(): Promise<ConsultantSlots>;
  current(token: string): Promise<CallRequestAnswer>;
  create(token: string, slotStart: string, question?: string): Promise<CallRequestAnswer>;
  move(token: string, slotStart: string): Promise<CallRequestAnswer>;
  cancel(token: string): Promise<void>;
}

/** The same for one of the logged-in person's applications, named by its id. */
export interface AccountCallRequestsClient {
  slots(): Promise<ConsultantSlots>;
  current(applicationId: string): Promise<CallRequestAnswer>;
  create(applicationId: string, slotStart: string, question?: string): Promise<CallRequestAnswer>;
  move(applicationId: string, slotStart: string): Promise<CallRequestAnswer>;
  cancel(applicationId: string): Promise<void>;
}

export function createCallRequestsClient(language: () => Language, fetchImpl?: typeof fetch): CallRequestsClient {
  const { call, none } = caller(language, fetchImpl);
  return {
    slots: () => call(listConsultantSlots),
    current: (token) => call(getCallRequest, { token, language: language() }),
    create: (token, slotStart, question) =>
      call(createCallRequest, { token, slotStart, ...(question ? { question } : {}), language: language() }),
    move: (token, slotStart) => call(moveCallRequest, { token, slotStart, language: language() }),
    cancel: (token) => none(cancelCallRequest, { token, language: language() }),
  };
}

export function createAccountCallRequestsClient(
  language: () => Language,
  fetchImpl?: typeof fetch,
): AccountCallRequestsClient {
  const { call, none } = caller(language, fetchImpl);
  return {
    slots: () => call(listConsultantSlots),
    current: (id) => call(getAccountCallRequest, undefined, pathOf(getAccountCallRequest, { id })),
    create: (id, slotStart, question) =>
      call(
        createAccountCallRequest,
        { slotStart, ...(question ? { question } : {}), language: language() },
        pathOf(createAccountCallRequest, { id }),
      ),
    move: (id, slotStart) =>
      call(moveAccountCallRequest, { slotStart, language: language() }, pathOf(moveAccountCallRequest, { id })),
    cancel: (id) => none(cancelAccountCallRequest, { language: language() }, pathOf(cancelAccountCallRequest, { id })),
  };
}
