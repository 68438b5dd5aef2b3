import type { $ZodType } from 'zod/v4/core';

/**
 * The shape of one endpoint of the broker's API, in the style of ts-rest: everything a caller and the
 * server must agree on, written once. The server registers its route from it (server/http/route.ts),
 * the browser's clients (src/api) build its address and parse its answer with it, and the OpenAPI
 * document (server/http/openapi-document.ts) is generated from it. Schemas are zod's, classic or mini.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT';

/** The document's groups of operations; their words are in server/http/openapi-document.ts. */
export type Tag =
  'Applications' | 'Status' | 'Identification' | 'Reference data' | 'Account' | 'Messages' | 'Publishers' | 'Staff';

/** Who may call it: a publisher's key, the account's session cookie; none means anyone (a token in the request is the credential where there is one). */
export type Security = 'publisherKey' | 'accountSession';

/**
 * Error statuses an endpoint answers, every one in the API's error shape (apiErrorSchema). The
 * document adds 413 and 415 to each endpoint that reads a body.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** What most endpoints refuse with: an invalid request, an unknown token, a wrong state, a rule, too many requests. */
export const USUAL_REFUSALS = [400, 404, 409, 422, 429] as const satisfies readonly ErrorStatus[];

/** An answer that is not a JSON body: a page, a file, a stream, a redirect, or nothing. */
export interface OtherAnswer {
  readonly description: string;
  /** media type → the body's schema: a zod schema (JSON text sent as that type), or text or binary */
  readonly content?: Readonly<Record<string, $ZodType | 'text' | 'binary'>>;
  /** response headers it sets, with what each says */
  readonly headers?: Readonly<Record<string, string>>;
}

export type Answer = $ZodType | OtherAnswer;

export interface EndpointDefinition {
  readonly method: HttpMethod;
  /** with path parameters as `:name` */
  readonly path: `/api/${string}`;
  readonly operationId: string;
  readonly tag: Tag;
  readonly summary: string;
  readonly description?: string;
  readonly security?: Security;
  readonly params?: $ZodType;
  readonly query?: $ZodType;
  readonly headers?: $ZodType;
  readonly body?: $ZodType;
  /**
   * other media types the body may come as (a form a mail client posts), each with its JSON Schema; without
   * `body`, the only ones: a multipart upload, which the route reads as a stream rather than by a schema
   */
  readonly bodyAlsoAs?: Readonly<Record<string, object>>;
  /** success answers by status */
  readonly answers: Readonly<Record<number, Answer>>;
  readonly errors: readonly ErrorStatus[];
  /**
   * Why the published document leaves this endpoint out (the staff's back office): it is still routed, typed and
   * called from here, and counted among the private routes.
   */
  readonly unpublished?: string;
}

/**
 * A route under /api that the published API leaves out (an image, a stylesheet, the lenders' signed
 * protocol, the document itself), with the reason: its path is still written here once.
 */
export interface PrivateRoute {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly unpublished: string;
}

export const defineEndpoint = <const E extends EndpointDefinition>(endpoint: E): E => endpoint;
export const definePrivateRoute = <const R extends PrivateRoute>(route: R): R => route;

export const isOtherAnswer = (answer: Answer): answer is OtherAnswer => !('_zod' in answer);

/** The names of a path's parameters, `:id` → `id`. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type PathArguments<Path extends string> = [ParamNames<Path>] extends [never]
  ? []
  : [params: Readonly<Record<ParamNames<Path>, string>>];

/** The address of an endpoint, each parameter percent-encoded: `pathOf(handoff, { id })`. */
export function pathOf<Path extends string>(
  endpoint: { readonly path: Path },
  ...[params]: PathArguments<Path>
): string {
  const values = (params ?? {}) as Readonly<Record<string, string>>;
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`pathOf: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

type SuccessStatus = 200 | 201 | 202 | 204;

/** The schema of an endpoint's success answer: its JSON, or the JSON text it sends as another type. */
export type AnswerSchemaOf<E extends EndpointDefinition> = {
  [S in keyof E['answers'] & SuccessStatus]: E['answers'][S] extends $ZodType
    ? E['answers'][S]
    : E['answers'][S] extends { readonly content: infer Content }
      ? Extract<Content[keyof Content], $ZodType>
      : never;
}[keyof E['answers'] & SuccessStatus];

/** The schema a client parses an endpoint's success answer with; an endpoint that answers no JSON has none. */
export function answerSchemaOf<E extends EndpointDefinition>(endpoint: E): AnswerSchemaOf<E> {
  for (const [status, answer] of Object.entries(endpoint.answers)) {
    if (!status.startsWith('2')) continue;
    if (!isOtherAnswer(answer)) return answer as AnswerSchemaOf<E>;
    const json = Object.values(answer.content ?? {}).find((schema) => typeof schema !== 'string');
    if (json) return json as AnswerSchemaOf<E>;
  }
  throw new Error(`${endpoint.operationId} answers no JSON`);
}
