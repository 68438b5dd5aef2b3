import ky from 'ky';
import { z } from 'zod';
import { answerSchemaOf, type AnswerSchemaOf, type EndpointDefinition } from '../../domain/contract/define-endpoint.ts';
import type { Language } from '../../domain/language.ts';
import { ApiRequestError, toApiRequestError } from './broker-client.ts';

/**
 * Calls endpoints of the contract at a path (their own unless they have parameters): `call` parses the answer with
 * the endpoint's schema, `none` expects no body; every failure becomes an ApiRequestError. Errors come in `language`.
 */
export function contractCaller(language: () => Language, fetchImpl?: typeof fetch) {
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
