import { apiErrorSchema, applicationStatusSchema } from '../../domain/api.ts';
import { ENDPOINTS } from '../../domain/contract/index.ts';
import {
  isOtherAnswer,
  type Answer,
  type EndpointDefinition,
  type Security,
  type Tag,
} from '../../domain/contract/define-endpoint.ts';
import lvApi from '../../locales/lv/api.json' with { type: 'json' };
import { SESSION_COOKIE } from '../account/sessions.ts';
import { apiMessage, validationMessage } from './messages.ts';
import { openApiSchema, type JsonSchema } from './openapi-schema.ts';

/**
 * The OpenAPI document partners build their clients from, published at the contract's openApiDocument
 * path and read by the reference page (apiReference): generated from the contract (domain/contract), the endpoints the
 * routes are registered from, so it lists what the server serves and states what it checks. Public
 * means an operation a partner, a publisher, the site's scripts or a person's browser following one
 * of our links or a provider's redirect calls on purpose; the contract's private routes (images, a
 * stylesheet, the lenders' signed protocol, this document) stay out, each with its reason.
 */

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

const SECURITY_SCHEMES: Record<Security, object> = {
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
};

const PROBLEM_REF = { $ref: '#/components/schemas/ApiError' };

/**
 * What each error status means here; the body's `error` code says which case it is. A 400 whose
 * code is `validation`, `idempotencyKey` or `malformedBody` refuses the request's form, which the
 * schemas here state; the other 400 codes answer about the world (a spent code, a wrong SMS code).
 */
const ERROR_STATUSES: Readonly<Record<string, string>> = {
  '400':
    'The request is invalid: `validation` (with a message per field in `fields`), `malformedBody`, ' +
    '`idempotencyKey`, `handoffExpired`, `wrongSmsCode`, `unsubscribeLinkInvalid`, `invalidToken` or ' +
    '`badSignature` on a return',
  '401': 'Not authorized: `unauthorized` (no or unknown publisher key) or `notLoggedIn` (no live session)',
  '403':
    'Forbidden: `foreignOrigin` (a state-changing request a browser sent from another site), `badSignature` ' +
    "(a partner's message signed by another partner's key)",
  '404':
    'Not found: `invalidToken` (unknown or expired token), `tokenRevoked` (the token was replaced when the person ' +
    'logged out everywhere: they log in to the account to go on), `offerNotFound`, `loginExpired`, `notFound` or ' +
    "`documentNotFound` (a documents request, item or file that is not this application's)",
  '409':
    "Conflict with the application's state: `wrongState`, `offerExpired`, `idempotencyKey` still in flight; for " +
    'documents: `documentItemClosed` (the item was sent already), `documentRequestOverdue` (its due date passed), ' +
    '`tooManyDocuments` (the item holds 5 files already), `noDocuments` (sending an item without a file)',
  '413':
    '`payloadTooLarge`: the body is over 64 KiB; `documentTooLarge`: an uploaded file is over 10 MB (nothing is kept)',
  '415':
    '`unsupportedMediaType`: only UTF-8 JSON bodies are taken (an upload: multipart/form-data); ' +
    '`unsupportedDocument`: an uploaded file is not a PDF, JPEG or PNG by its content, whatever its name says',
  '422':
    'Understood but refused: `idempotencyKey` reused with another body, `unknownInstitution`, `identificationFailed`, ' +
    "`offerOutOfBounds` (a lender's offer outside its configured ranges, the product's bounds or the cost cap), " +
    '`unsafeDocument` (a PDF with JavaScript, a launch action, embedded files or encryption)',
  '429':
    '`rateLimited`: too many requests from this client; the Retry-After header says when to come back. ' +
    '`tooManyCodes`: the phone number got as many codes this hour as it may, whoever asked',
  '503': '`providerUnavailable`: the identity provider cannot be reached now; retry or choose another method',
};

const SUCCESS_STATUSES: Readonly<Record<string, string>> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted: the rest happens later',
  '204': 'No Content',
};

/** Schemas the document names once and refers to. */
const COMPONENTS = new Map<unknown, string>([[applicationStatusSchema, 'ApplicationStatus']]);

function errorComponent(): JsonSchema {
  const schema = openApiSchema(apiErrorSchema, 'output');
  const properties = schema.properties as Record<string, JsonSchema>;
  return {
    ...schema,
    description:
      'Every error answer. `error` is a stable code to branch on; `message` is written for a person, in Latvian or ' +
      "Russian: the body's `language`, else the query's `lang`, else Accept-Language, else Latvian; `fields` names " +
      'each invalid field with its message (`validation` only).',
    properties: { ...properties, error: { ...properties.error, enum: Object.keys(lvApi) } },
    example: {
      error: 'validation',
      message: apiMessage('lv', 'validation'),
      fields: { email: validationMessage('lv', 'email') },
    },
  };
}

/** Fastify's `/a/:id` as the document writes it, `/a/{id}`. */
export const documentPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

type Location = 'path' | 'query' | 'header';

/**
 * An object schema as parameters, one a property. A query of free-form fields (a bank's signed
 * return) is one exploded object parameter.
 */
function parametersOf(schema: EndpointDefinition['query'], location: Location): JsonSchema[] {
  if (!schema) return [];
  const object = openApiSchema(schema, 'input');
  const properties = object.properties as Record<string, JsonSchema> | undefined;
  if (!properties) {
    const { description, ...fields } = object;
    return [
      {
        name: 'fields',
        in: location,
        required: false,
        description: ['the fields the provider signed, each as its own query parameter', description]
          .filter(Boolean)
          .join('. '),
        style: 'form',
        explode: true,
        schema: fields,
      },
    ];
  }
  const required = new Set((object.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

const bodySchema = (schema: object) => ({ schema });

function requestBodyOf({ body, bodyAlsoAs }: EndpointDefinition): object | undefined {
  if (!body) {
    if (!bodyAlsoAs) return undefined;
    // a streamed body (a file upload): what it is comes from the endpoint alone
    return {
      required: true,
      content: Object.fromEntries(Object.entries(bodyAlsoAs).map(([type, schema]) => [type, bodySchema(schema)])),
    };
  }
  return {
    required: !body._zod.optin,
    content: {
      'application/json': bodySchema(openApiSchema(body, 'input')),
      ...Object.fromEntries(Object.entries(bodyAlsoAs ?? {}).map(([type, schema]) => [type, bodySchema(schema)])),
    },
  };
}

const answerSchema = (schema: Parameters<typeof openApiSchema>[0]) => {
  const component = COMPONENTS.get(schema);
  return component ? { $ref: `#/components/schemas/${component}` } : openApiSchema(schema, 'output');
};

function successOf(status: string, answer: Answer): object {
  if (!isOtherAnswer(answer)) {
    return {
      description: SUCCESS_STATUSES[status] ?? 'OK',
      content: { 'application/json': { schema: answerSchema(answer) } },
    };
  }
  const content = Object.entries(answer.content ?? {}).map(([type, schema]) => [
    type,
    {
      schema:
        schema === 'text'
          ? { type: 'string' }
          : schema === 'binary'
            ? { type: 'string', format: 'binary' }
            : answerSchema(schema),
    },
  ]);
  const headers = Object.entries(answer.headers ?? {}).map(([name, description]) => [
    name,
    { description, schema: { type: 'string' } },
  ]);
  return {
    description: answer.description,
    ...(headers.length > 0 ? { headers: Object.fromEntries(headers) } : {}),
    ...(content.length > 0 ? { content: Object.fromEntries(content) } : {}),
  };
}

function responsesOf(endpoint: EndpointDefinition): Record<string, object> {
  const errors = new Set<string>(endpoint.errors.map(String));
  if (endpoint.body || endpoint.bodyAlsoAs) for (const status of ['413', '415']) errors.add(status);
  // every state-changing route refuses other sites' pages (server/http/same-origin.ts)
  if (endpoint.method !== 'GET') errors.add('403');
  const responses: [string, object][] = [
    ...Object.entries(endpoint.answers).map(([status, answer]): [string, object] => [
      status,
      successOf(status, answer),
    ]),
    ...[...errors].map((status): [string, object] => [
      status,
      { description: ERROR_STATUSES[status] ?? 'Error', content: { 'application/json': { schema: PROBLEM_REF } } },
    ]),
  ];
  return Object.fromEntries(responses.sort(([a], [b]) => a.localeCompare(b)));
}

function operationOf(endpoint: EndpointDefinition): object {
  const parameters = [
    ...parametersOf(endpoint.params, 'path'),
    ...parametersOf(endpoint.query, 'query'),
    ...parametersOf(endpoint.headers, 'header'),
  ];
  const requestBody = requestBodyOf(endpoint);
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [endpoint.tag],
    security: endpoint.security ? [{ [endpoint.security]: [] }] : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(endpoint),
  };
}

/** The whole document for an installation at `publicBaseUrl`. */
export function openApiDocument(publicBaseUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, object>> = {};
  for (const endpoint of ENDPOINTS) {
    (paths[documentPath(endpoint.path)] ??= {})[endpoint.method.toLowerCase()] = operationOf(endpoint);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Kreditkompass broker API',
      version: '1',
      description:
        'The API of Kreditkompass, the Latvian consumer-loan comparison and credit intermediary: submit an ' +
        "application, have the person identified, follow the lenders' answers and choose an offer; the account; " +
        "what publishers' widgets brought.\n\n" +
        'Bodies are UTF-8 JSON (`application/json`), validated with the same schemas this document is generated from. ' +
        'A field whose rules go beyond what a schema can state names them in its description and lists them in ' +
        '`x-unstated-rules`. Lengths count UTF-16 code units, as JavaScript does: a character beyond the Basic ' +
        'Multilingual Plane (an emoji) counts as two. Every error answers `{ error, message, fields? }`: `error` is a stable code, `message` ' +
        'is written for a person in Latvian or Russian (`language` in the body, `lang` in the query, else ' +
        'Accept-Language).',
      contact: { name: 'Kreditkompass partner support', url: `${publicBaseUrl}/partneriem` },
    },
    servers: [{ url: publicBaseUrl, description: 'this installation (PUBLIC_BASE_URL)' }],
    tags: [...TAGS],
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: {
        ApiError: errorComponent(),
        ApplicationStatus: openApiSchema(applicationStatusSchema, 'output'),
      },
    },
  };
}
