import type {
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { apiErrorSchema } from '../../domain/api.ts';
import {
  isOtherAnswer,
  type EndpointDefinition,
  type ErrorStatus,
  type OtherAnswer,
  type PrivateRoute,
} from '../../domain/contract/define-endpoint.ts';

/**
 * Routes registered from the contract (domain/contract): the method, the path, the schemas that
 * validate the request and serialize the answer come from the endpoint; what is the server's alone
 * (rate limits, hooks, the handler) comes here. A handler is typed by the endpoint's schemas.
 */

type Field<E, K extends string> = E extends { readonly [P in K]: infer S } ? S : undefined;

/** The answers Fastify serializes: JSON by its schema; a page, a file or a stream as the string or bytes it is. */
type ResponsesOf<E extends EndpointDefinition> = {
  [S in keyof E['answers']]: E['answers'][S] extends $ZodType
    ? E['answers'][S]
    : E['answers'][S] extends { readonly content: object }
      ? z.ZodString
      : z.ZodNull;
} & { [S in E['errors'][number]]: typeof apiErrorSchema };

export interface RouteSchemaOf<E extends EndpointDefinition> {
  params: Field<E, 'params'>;
  querystring: Field<E, 'query'>;
  headers: Field<E, 'headers'>;
  body: Field<E, 'body'>;
  response: ResponsesOf<E>;
}

type Options<Schema extends FastifySchema> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    unknown,
    Schema,
    ZodTypeProvider
  >,
  'schema'
>;

export type EndpointHandler<E extends EndpointDefinition> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  RouteSchemaOf<E>,
  ZodTypeProvider
>;

const responseOf = (answer: $ZodType | OtherAnswer): $ZodType | undefined => {
  if (!isOtherAnswer(answer)) return answer;
  return answer.content ? z.string() : undefined;
};

/** Fastify's schema of an endpoint: the request's parts, and a schema for each answer it serializes. */
export function routeSchema(endpoint: EndpointDefinition): Record<string, unknown> {
  const response: Record<number, $ZodType> = {};
  for (const [status, answer] of Object.entries(endpoint.answers)) {
    const schema = responseOf(answer);
    if (schema) response[Number(status)] = schema;
  }
  for (const status of endpoint.errors) response[status satisfies ErrorStatus] = apiErrorSchema;
  return {
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.headers ? { headers: endpoint.headers } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    response,
  };
}

/** Registers a published endpoint of the contract with its handler. */
export function route<const E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  options: Options<RouteSchemaOf<E>>,
  handler: EndpointHandler<E>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...(options as object),
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(endpoint),
    handler: handler as RouteHandlerMethod,
  });
}

/** Registers one of the contract's private routes: its schema, if any, is the server's. */
export function privateRoute<const Schema extends { params?: $ZodType }>(
  app: FastifyInstance,
  definition: PrivateRoute,
  options: Options<Schema> & { schema?: Schema },
  handler: RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    unknown,
    Schema,
    ZodTypeProvider
  >,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...(options as object),
    method: definition.method,
    url: definition.path,
    handler: handler as RouteHandlerMethod,
  });
}
