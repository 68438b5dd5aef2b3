import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, applicationStatusSchema } from '../../domain/api.ts';
import lvApi from '../../locales/lv/api.json' with { type: 'json' };
import { SESSION_COOKIE } from '../account/sessions.ts';
import { apiMessage, validationMessage } from './messages.ts';

/**
 * The OpenAPI document partners build their clients from: generated from the routes' zod schemas,
 * published at /api/openapi.json and read by the reference page at /api/docs.
 *
 * It lists the public API alone, by an allow-list rather than a deny-list, so a route nobody decided
 * on stays out of partners' clients. Public means an operation a partner, a publisher, the site's
 * scripts or a person's browser following one of our links or a provider's redirect calls on
 * purpose. The site's pages, the widgets' iframe pages, built assets and /sandbox (simulators of
 * the outside world that production never mounts) are not an API; the /api routes kept out are
 * listed in PRIVATE_API_ROUTES with the reason.
 */

type Tag = 'Applications' | 'Status' | 'Identification' | 'Reference data' | 'Account' | 'Messages' | 'Publishers';

const TAGS: readonly { name: Tag; description: string }[] = [
  {
    name: 'Applications',
    description:
      'Submitting an application, choosing an offer, asking a lender for a human review, and carrying an ' +
      'application from a widget to the site. The answers carry a token: whoever holds it may act on the application.',
  },
  {
    name: 'Status',
    description: "An application's progress: identification, each lender's answer, the offers; once or as events.",
  },
  {
    name: 'Identification',
    description:
      'Confirming who applies by internet bank, Smart-ID or eParaksts. The returns are the addresses the ' +
      'providers send the browser back to; they answer with a redirect to the wizard.',
  },
  {
    name: 'Reference data',
    description: 'The banks a person may identify with and the lenders an application goes to.',
  },
  {
    name: 'Account',
    description:
      '"Mans profils": a login is an identification without an application; the session lives in an HttpOnly cookie ' +
      'and ends after 30 idle minutes.',
  },
  {
    name: 'Messages',
    description: 'The links in our e-mails and SMS: continuing an application, unsubscribing, the SMS opt-out.',
  },
  {
    name: 'Publishers',
    description: 'What a publisher reads about the applications its widgets brought, with its key.',
  },
];

type Security = 'publisherKey' | 'accountSession';

interface PublicOperation {
  readonly operationId: string;
  readonly tag: Tag;
  /** none: anyone may call it (the token in the body or query is the credential where there is one) */
  readonly security?: Security;
  /** the success, where it is not the JSON the route's schema describes */
  readonly success?: Record<string, OpenApiResponse>;
  /** error statuses the handler answers that the route's schema does not list */
  readonly alsoRefuses?: readonly string[];
  /** the request body, where it is not only the JSON the route's schema describes */
  readonly requestBody?: object;
}

interface OpenApiResponse {
  description: string;
  headers?: Record<string, { description: string; schema: object }>;
  content?: Record<string, { schema: object }>;
}

const redirect = (where: string): Record<string, OpenApiResponse> => ({
  '303': {
    description: `See Other: ${where}`,
    headers: { Location: { description: 'where the browser goes on', schema: { type: 'string' } } },
  },
});

/** Keyed by method and the document's path (`{id}`, not Fastify's `:id`). */
const PUBLIC_OPERATIONS: Readonly<Record<string, PublicOperation>> = {
  'POST /api/applications': { operationId: 'submitApplication', tag: 'Applications' },
  'POST /api/applications/chooseOffer': { operationId: 'chooseOffer', tag: 'Applications' },
  'POST /api/applications/reviewRequest': { operationId: 'requestReview', tag: 'Applications' },
  'POST /api/applications/handoff': { operationId: 'createHandoff', tag: 'Applications' },
  'POST /api/applications/handoff/redeem': { operationId: 'redeemHandoff', tag: 'Applications' },
  'GET /api/applications/standardInformation': {
    operationId: 'getStandardInformation',
    tag: 'Applications',
    success: {
      '200': {
        description: 'The printable page (`format=html`) or the PDF (`format=pdf`)',
        content: {
          'text/html': { schema: { type: 'string' } },
          'application/pdf': { schema: { type: 'string', format: 'binary' } },
        },
      },
    },
  },
  'GET /api/getApplicationStatus': {
    operationId: 'getApplicationStatus',
    tag: 'Status',
    success: {
      '200': {
        description: 'The status, as JSON text served as `text/plain` (as the original specification has it)',
        content: { 'text/plain': { schema: { $ref: '#/components/schemas/ApplicationStatus' } } },
      },
    },
  },
  'GET /api/applicationStatusEvents': {
    operationId: 'followApplicationStatus',
    tag: 'Status',
    success: {
      '200': {
        description:
          'Server-sent events: `status` now and on every change (its data is the ApplicationStatus JSON), `gone` ' +
          'when the application was deleted, and a comment every 15 seconds to keep the connection open',
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      },
    },
  },
  'POST /api/identification/start': { operationId: 'startIdentification', tag: 'Identification' },
  'GET /api/identification/bank/{institutionId}/return': {
    operationId: 'bankIdentificationReturn',
    tag: 'Identification',
    alsoRefuses: ['404'],
    success: redirect("the wizard's waiting step, or its identification step with the failure"),
  },
  'GET /api/identification/eparaksts/callback': {
    operationId: 'eParakstsCallback',
    tag: 'Identification',
    success: redirect('the wizard (or, for a login, the account)'),
  },
  'GET /api/institutions': { operationId: 'listInstitutions', tag: 'Reference data' },
  'GET /api/lenders': { operationId: 'listLenders', tag: 'Reference data' },
  'POST /api/account/login/start': { operationId: 'startLogin', tag: 'Account' },
  'POST /api/account/login/poll': { operationId: 'pollLogin', tag: 'Account' },
  'GET /api/account/login/bank/{institutionId}/return': {
    operationId: 'bankLoginReturn',
    tag: 'Account',
    alsoRefuses: ['404'],
    success: redirect('the account, with the session cookie set when the login succeeded'),
  },
  'GET /api/account': { operationId: 'getAccount', tag: 'Account', security: 'accountSession' },
  'POST /api/account/applications/{id}/handoff': {
    operationId: 'createAccountHandoff',
    tag: 'Account',
    security: 'accountSession',
  },
  'POST /api/account/applications/{id}/choose': {
    operationId: 'chooseAccountOffer',
    tag: 'Account',
    security: 'accountSession',
  },
  'PUT /api/account/consents': { operationId: 'setConsent', tag: 'Account', security: 'accountSession' },
  'POST /api/account/logout': {
    operationId: 'logout',
    tag: 'Account',
    security: 'accountSession',
    success: { '204': { description: 'Logged out; the session cookie is cleared' } },
  },
  'GET /api/account/export': { operationId: 'exportPersonData', tag: 'Account', security: 'accountSession' },
  'POST /api/account/erase': { operationId: 'erasePersonData', tag: 'Account', security: 'accountSession' },
  'GET /api/continue': {
    operationId: 'continueApplication',
    tag: 'Messages',
    success: redirect('the wizard, where the application stands, or a page saying the link is spent'),
  },
  'POST /api/notices/unsubscribe': {
    operationId: 'unsubscribe',
    tag: 'Messages',
    // RFC 8058: a mail client's one-click POST is a form whose code is in the address
    requestBody: {
      required: false,
      content: {
        'application/json': {
          schema: { type: 'object', properties: { code: { type: 'string', maxLength: 100 } } },
        },
        'application/x-www-form-urlencoded': {
          schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } } },
        },
      },
    },
  },
  'POST /api/sms-opt-out/start': { operationId: 'startSmsOptOut', tag: 'Messages' },
  'POST /api/sms-opt-out/confirm': { operationId: 'confirmSmsOptOut', tag: 'Messages' },
  'GET /api/publishers/applications': {
    operationId: 'listPublisherApplications',
    tag: 'Publishers',
    security: 'publisherKey',
  },
};

/** Routes under /api that are not part of the published API, and why. */
export const PRIVATE_API_ROUTES: Readonly<Record<string, string>> = {
  'GET /api/institutions/{id}/logo.svg': 'an image whose address the institutions list gives, not an operation',
  'GET /api/lenders/{id}/logo.svg': 'an image whose address the lenders list gives, not an operation',
  'GET /api/applications/standardInformation.css': "the standard information page's own stylesheet",
  'POST /api/partner/v1/decisions':
    "the lenders' signed partner protocol: verified over the raw bytes with each lender's secret and " +
    'described in the protocol each lender receives, not something a client of this API calls',
  'GET /api/openapi.json': 'this document',
  'GET /api/docs': 'the reference page of this document',
  'GET /api/docs/redoc.standalone.js': "the reference page's script",
  'GET /api/docs/redoc.standalone.js.LICENSE.txt': "the licences of the reference page's script",
  'GET /api/docs/start.js': 'starts the reference page with its nonce',
};

/** Fastify's `/a/:id` as the document writes it, `/a/{id}`. */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export const operationKey = (method: string, url: string) => `${method.toUpperCase()} ${documentPath(url)}`;

/** Whether someone decided on this route: published, or kept out for a stated reason (anything outside /api is out). */
export const isDecided = (method: string, url: string) =>
  !url.startsWith('/api/') ||
  operationKey(method, url) in PUBLIC_OPERATIONS ||
  operationKey(method, url) in PRIVATE_API_ROUTES;

const SECURITY_SCHEMES = {
  publisherKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'A publisher key of PUBLISHER_KEYS (24 characters or more), given to each publisher.',
  },
  accountSession: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The session of "Mans profils": set by a successful login (HttpOnly, SameSite=Lax), ended after 30 idle minutes.',
  },
} as const;

const PROBLEM_REF = { $ref: '#/components/schemas/ApiError' };

/** What each error status means here; the body's `error` code says which case it is. */
const ERROR_STATUSES: Readonly<Record<string, string>> = {
  '400':
    'The request is invalid: `validation` (with a message per field in `fields`), `malformedBody`, ' +
    '`idempotencyKey`, `handoffExpired`, `wrongSmsCode`, `invalidToken` or `badSignature` on a return',
  '401': 'Not authorized: `unauthorized` (no or unknown publisher key) or `notLoggedIn` (no live session)',
  '403': 'Forbidden',
  '404': 'Not found: `invalidToken` (unknown or expired token), `offerNotFound`, `loginExpired` or `notFound`',
  '409': "Conflict with the application's state: `wrongState`, `offerExpired`, or `idempotencyKey` still in flight",
  '413': '`payloadTooLarge`: the body is over 64 KiB',
  '415': '`unsupportedMediaType`: only UTF-8 JSON bodies are taken',
  '422':
    'Understood but refused: `idempotencyKey` reused with another body, `unknownInstitution`, `identificationFailed`',
  '429': '`rateLimited`: too many requests from this client; the Retry-After header says when to come back',
  '503': '`providerUnavailable`: the identity provider cannot be reached now; retry or choose another method',
};

const SUCCESS_STATUSES: Readonly<Record<string, string>> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted: the rest happens later',
  '204': 'No Content',
};

const toOpenApi = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;

function errorComponent(): Record<string, unknown> {
  const schema = toOpenApi(apiErrorSchema);
  const properties = schema.properties as Record<string, Record<string, unknown>>;
  return {
    ...schema,
    description:
      'Every error answer. `error` is a stable code to branch on; `message` is written for a person, in Latvian or ' +
      "Russian: the body's `language`, else the query's `lang`, else Accept-Language, else Latvian; `fields` names " +
      'each invalid field with its message (`validation` only).',
    properties: {
      ...properties,
      error: { ...properties.error, enum: Object.keys(lvApi) },
    },
    example: {
      error: 'validation',
      message: apiMessage('lv', 'validation'),
      fields: { email: validationMessage('lv', 'email') },
    },
  };
}

interface DocumentOperation {
  operationId?: string;
  requestBody?: unknown;
  responses: Record<string, OpenApiResponse & { content?: Record<string, { schema: object }> }>;
}

/** Every error documents the one shape, every success says what it is, and a body may be refused as such. */
function completeOperation(
  operation: DocumentOperation,
  { success, alsoRefuses = [], requestBody }: PublicOperation,
): void {
  const responses = success
    ? {
        ...Object.fromEntries(Object.entries(operation.responses).filter(([status]) => !status.startsWith('2'))),
        ...success,
      }
    : operation.responses;
  if (requestBody) operation.requestBody = requestBody;
  for (const status of alsoRefuses) responses[status] ??= { description: '' };
  if (operation.requestBody) {
    responses['413'] ??= { description: '' };
    responses['415'] ??= { description: '' };
  }
  for (const [status, response] of Object.entries(responses)) {
    const meaning = ERROR_STATUSES[status];
    if (meaning !== undefined) {
      response.description = meaning;
      response.content = { 'application/json': { schema: PROBLEM_REF } };
    } else if (response.description === 'Default Response') {
      response.description = SUCCESS_STATUSES[status] ?? response.description;
    }
  }
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * A query of free-form fields (a bank's signed return) is one exploded object parameter; left as it
 * is, the generator makes a parameter of each keyword of the schema, one of them of schema "object".
 */
function freeFormQuery(querystring: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!querystring || querystring.properties || !querystring.additionalProperties) return querystring;
  return {
    type: 'object',
    properties: {
      fields: {
        type: 'object',
        additionalProperties: querystring.additionalProperties,
        description: 'the fields the provider signed, each as its own query parameter',
      },
    },
    style: 'form',
    explode: true,
  };
}

export function openApiOptions(publicBaseUrl: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Kreditkompass broker API',
        version: '1',
        description:
          'The API of Kreditkompass, the Latvian consumer-loan comparison and credit intermediary: submit an ' +
          "application, have the person identified, follow the lenders' answers and choose an offer; the account; " +
          "what publishers' widgets brought.\n\n" +
          'Bodies are UTF-8 JSON (`application/json`), validated with the same schemas this document is generated from. ' +
          'Every error answers `{ error, message, fields? }`: `error` is a stable code, `message` is written for a ' +
          'person in Latvian or Russian (`language` in the body, `lang` in the query, else Accept-Language).',
        contact: { name: 'Kreditkompass partner support', url: `${publicBaseUrl}/partneriem` },
      },
      servers: [{ url: publicBaseUrl, description: 'this installation (PUBLIC_BASE_URL)' }],
      tags: [...TAGS],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (input) => {
      const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
      const operation = PUBLIC_OPERATIONS[operationKey(String(method), input.url)];
      if (!operation) return { schema: { hide: true }, url: input.url };
      const rateLimited = Boolean((input.route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
      const schema = input.schema as Record<string, unknown> & { response?: Record<string, unknown> };
      const transformed = jsonSchemaTransform({
        ...input,
        schema: {
          ...schema,
          ...(rateLimited && !schema.response?.['429']
            ? { response: { ...schema.response, 429: apiErrorSchema } }
            : {}),
        },
      });
      const result = transformed.schema as Record<string, unknown>;
      return {
        url: transformed.url,
        schema: {
          ...result,
          querystring: freeFormQuery(result.querystring as Record<string, unknown> | undefined),
          operationId: operation.operationId,
          tags: [operation.tag],
          security: operation.security ? [{ [operation.security]: [] }] : [],
        },
      };
    },
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      const paths = openapiObject.paths as Record<string, Record<string, DocumentOperation>>;
      for (const [path, item] of Object.entries(paths)) {
        for (const [method, operation] of Object.entries(item)) {
          const published = PUBLIC_OPERATIONS[`${method.toUpperCase()} ${path}`];
          if (published) completeOperation(operation, published);
        }
      }
      const components = {
        ...openapiObject.components,
        schemas: {
          ...openapiObject.components?.schemas,
          ApiError: errorComponent(),
          ApplicationStatus: toOpenApi(applicationStatusSchema),
        },
      };
      // the schemas are JSON Schema the generator wrote for this very document's version
      return { ...openapiObject, components } as typeof openapiObject;
    },
  };
}
