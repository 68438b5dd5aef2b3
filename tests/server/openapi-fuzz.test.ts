import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { validApplication } from '../fixtures/application.ts';
import {
  ABSENT,
  allowedValue,
  applyBreak,
  forbiddenValues,
  type Break,
  type JsonSchema,
} from '../support/json-schema-arbitrary.ts';
import { startBroker, type RunningBroker } from '../support/broker.ts';

/**
 * The OpenAPI document, taken at its word. For every operation with a body, a query, a header or a
 * path parameter, requests made of values the document allows are not refused as invalid, and a
 * request that breaks one rule the document states is refused with 400 `validation` (or
 * `idempotencyKey`, the header's own code). Fields whose rules the document can only name
 * (`x-unstated-rules`) take a known-good value. Other 400 codes are answers about the world (a spent
 * handoff code, a wrong SMS code, a return nobody signed), which a made-up value may well get.
 */

/** property runs per operation (FUZZ_RUNS=200 for a longer hunt) */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const PUBLISHER_KEY = 'fuzz-publisher-key-0123456789';
/** the codes of a request refused for its form */
const REFUSED_AS_INVALID = new Set(['validation', 'idempotencyKey', 'malformedBody']);

/** Known-good values of the fields whose rules the document names but cannot state. */
const FIXTURES: Readonly<Record<string, Partial<Record<Part, unknown>>>> = {
  submitApplication: { body: { application: validApplication } },
  startLogin: { body: { personalCode: validApplication.personalId } },
  startSmsOptOut: { body: { phoneNumber: validApplication.phoneNumber } },
  confirmSmsOptOut: { body: { phoneNumber: validApplication.phoneNumber } },
};

type Part = 'path' | 'query' | 'header' | 'body';
type Location = Exclude<Part, 'body'>;

interface Parameter {
  readonly name: string;
  readonly in: Location | 'cookie';
  readonly required?: boolean;
  readonly schema: JsonSchema;
}
interface Operation {
  readonly operationId: string;
  readonly security: readonly Record<string, unknown>[];
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { readonly required?: boolean; readonly content: Record<string, { schema: JsonSchema }> };
}
interface OpenApiDocument {
  readonly paths: Record<string, Record<string, Operation>>;
}

/** A request as values of its parts: path parameters, query, headers, body. */
type Request = Partial<Record<Part, unknown>>;

interface Target {
  readonly method: string;
  readonly path: string;
  readonly operation: Operation;
  /** each part's schema, as an object of its parameters or the body's own */
  readonly parts: Partial<Record<Part, JsonSchema>>;
  readonly bodyRequired: boolean;
}

function targetsOf(document: OpenApiDocument): Target[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const parts: Partial<Record<Part, JsonSchema>> = {};
      for (const location of ['path', 'query', 'header'] as const) {
        const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === location);
        if (parameters.length === 0) continue;
        parts[location] = {
          type: 'object',
          properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
          required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
        };
      }
      const body = operation.requestBody?.content['application/json']?.schema;
      if (body) parts.body = body;
      return {
        method: method.toUpperCase(),
        path,
        operation,
        parts,
        bodyRequired: operation.requestBody?.required ?? false,
      };
    }),
  );
}

/**
 * A path segment "." or ".." never reaches the server as a value: a URL's parser folds it (even as %2E) into the
 * path itself, so the request would go to another route.
 */
const isDotSegment = (value: unknown) => value === '.' || value === '..';

function allowedRequest(target: Target): fc.Arbitrary<Request> {
  const fixture = FIXTURES[target.operation.operationId] ?? {};
  const parts = Object.entries(target.parts).map(([part, schema]): [Part, fc.Arbitrary<unknown>] => {
    const value = allowedValue(schema, fixture[part as Part] ?? ABSENT, part === 'body' ? 'binary' : 'grapheme');
    return [part as Part, part === 'body' && !target.bodyRequired ? fc.option(value, { nil: ABSENT }) : value];
  });
  return fc
    .tuple(...parts.map(([, value]) => value))
    .map((values) => Object.fromEntries(parts.map(([part], index) => [part, values[index]])) as Request)
    .filter((request) => !Object.values((request.path ?? {}) as Record<string, unknown>).some(isDotSegment));
}

/** A header travels as printable ASCII or not at all; a path parameter is always there, and never a dot segment. */
const sendable = (part: Part, { value, rule }: Break) =>
  part === 'path'
    ? rule !== 'required' && !isDotSegment(value)
    : part !== 'header' || value === ABSENT || (typeof value === 'string' && /^[\x20-\x7e]*$/.test(value));

function breaksOf(target: Target, request: Request): Break[] {
  return Object.entries(target.parts).flatMap(([part, schema]) =>
    forbiddenValues(schema, request[part as Part], part !== 'body', [part]).filter((candidate) =>
      sendable(part as Part, candidate),
    ),
  );
}

const text = (value: unknown) => String(value);

async function send(base: string, target: Target, request: Request): Promise<{ status: number; error?: string }> {
  const params = (request.path ?? {}) as Record<string, unknown>;
  const path = target.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(text(params[name] ?? '')),
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'object' && value !== null) {
      for (const [field, fieldValue] of Object.entries(value)) query.append(field, text(fieldValue));
    } else query.append(name, text(value));
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries((request.header ?? {}) as Record<string, unknown>))
    headers[name] = text(value);
  if (target.operation.security.some((scheme) => 'publisherKey' in scheme)) {
    headers.authorization = `Bearer ${PUBLISHER_KEY}`;
  }
  const hasBody = 'body' in request && request.body !== ABSENT;
  if (hasBody) headers['content-type'] = 'application/json';
  const search = query.toString();
  const response = await fetch(`${base}${path}${search ? `?${search}` : ''}`, {
    method: target.method,
    headers,
    ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
    redirect: 'manual',
  });
  const body = await response.text();
  let error: string | undefined;
  try {
    error = (JSON.parse(body) as { error?: string }).error;
  } catch {
    error = undefined;
  }
  return { status: response.status, ...(error === undefined ? {} : { error }) };
}

describe('the OpenAPI document, fuzzed over HTTP', () => {
  let broker: RunningBroker;
  let targets: Target[];

  beforeAll(async () => {
    broker = await startBroker({
      storage: 'pglite',
      postgresUrl: inject('postgresUrl'),
      env: { PUBLISHER_KEYS: `fuzz-publisher:${PUBLISHER_KEY}` },
    });
    const document = (await (await fetch(`${broker.url}/api/openapi.json`)).json()) as OpenApiDocument;
    targets = targetsOf(document).filter((target) => Object.keys(target.parts).length > 0);
  });
  afterAll(async () => broker.close());

  it('covers every operation that takes input', () => {
    expect(targets.map((target) => target.operation.operationId)).toEqual(
      expect.arrayContaining(['submitApplication', 'startIdentification', 'listPublisherApplications', 'setConsent']),
    );
    expect(targets.length).toBeGreaterThan(20);
  });

  it('takes every request the document allows', async () => {
    for (const target of targets) {
      await fc.assert(
        fc.asyncProperty(allowedRequest(target), async (request) => {
          const answer = await send(broker.url, target, request);
          const refused = answer.status === 400 && REFUSED_AS_INVALID.has(answer.error ?? '');
          expect(
            refused || answer.status >= 500,
            `${target.operation.operationId} answered ${answer.status} ${answer.error}`,
          ).toBe(false);
        }),
        { numRuns: RUNS },
      );
    }
  }, 120_000);

  it('refuses as invalid every request that breaks a rule the document states', async () => {
    for (const target of targets) {
      const broken = allowedRequest(target).chain((request) => {
        const breaks = breaksOf(target, request);
        return breaks.length === 0
          ? fc.constant(null)
          : fc.constantFrom(...breaks).map((rule) => ({ rule, request: applyBreak(request, rule) as Request }));
      });
      await fc.assert(
        fc.asyncProperty(broken, async (probe) => {
          if (probe === null) return;
          const answer = await send(broker.url, target, probe.request);
          const where = `${target.operation.operationId}: ${probe.rule.rule} at ${probe.rule.path.join('.')}`;
          expect({ status: answer.status, invalid: REFUSED_AS_INVALID.has(answer.error ?? '') }, where).toEqual({
            status: 400,
            invalid: true,
          });
        }),
        { numRuns: RUNS * 2 },
      );
    }
  }, 120_000);
});
