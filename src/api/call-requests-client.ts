import ky from 'ky';
import { z } from 'zod';
import type { CallRequestAnswer, ConsultantSlots } from '../../domain/call-request-api.ts';
import {
  answerSchemaOf,
  pathOf,
  type AnswerSchemaOf,
  type EndpointDefinition,
} from '../../domain/contract/define-endpoint.ts';
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
import { ApiRequestError, toApiRequestError } from './broker-client.ts';

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

function caller(language: () => Language, fetchImpl?: typeof fetch) {
  const http = ky.create({ timeout: 20_000, retry: 0, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  const send = (endpoint: EndpointDefinition, path: string, body?: unknown) =>
    http(path, {
      method: endpoint.method,
      headers: { 'accept-language': language() },
      ...(body === undefined ? {} : { json: body }),
    });
  const call = async <E extends EndpointDefinition>(
    endpoint: E,
    body?: unknown,
    path: string = endpoint.path,
  ): Promise<z.output<AnswerSchemaOf<E>>> => {
    let data: unknown;
    try {
      data = await send(endpoint, path, body).json();
    } catch (error) {
      throw toApiRequestError(error);
    }
    const parsed = z.safeParse(answerSchemaOf(endpoint), data);
    if (!parsed.success) throw new ApiRequestError({ status: null, code: 'parse', message: '' });
    return parsed.data;
  };
  const none = async (endpoint: EndpointDefinition, body: unknown, path: string = endpoint.path) => {
    try {
      await send(endpoint, path, body);
    } catch (error) {
      throw toApiRequestError(error);
    }
  };
  return { call, none };
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
