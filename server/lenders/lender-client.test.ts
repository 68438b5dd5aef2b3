import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerApplicationFixture } from './application-fixture.ts';
import {
  isLenderRejectedError,
  isLenderRetryableError,
  LenderRejectedError,
  LenderRetryableError,
  sendApplication,
} from './lender-client.ts';
import { partnerApplicationSchema } from './messages.ts';
import { verifyPartnerMessage } from './partner-protocol.ts';
import { parseJson, useRawJsonBody } from './raw-json.ts';
import type { LenderEndpoint } from './registry.ts';

/** A stub lender whose answer each test chooses by path. */
let stub: FastifyInstance;
let base: string;
const secret = Buffer.alloc(32, 7);
const seen: { headers: Record<string, unknown>; raw: string }[] = [];

beforeAll(async () => {
  stub = Fastify();
  await stub.register(async (instance) => {
    useRawJsonBody(instance);
    instance.post<{ Params: { mode: string }; Body: string }>('/:mode/applications', async (request, reply) => {
      seen.push({ headers: request.headers, raw: request.body });
      switch (request.params.mode) {
        case 'ok':
          return reply.code(202).send({ reference: 'ref-1' });
        case 'slow':
          await new Promise((resolve) => setTimeout(resolve, 300));
          return reply.code(202).send({ reference: 'late' });
        case 'busy':
          return reply.code(429).send({});
        case 'down':
          return reply.code(503).send({});
        case 'refuse':
          return reply.code(422).send({ error: 'invalid' });
        case 'garbage':
          return reply.code(202).header('content-type', 'text/plain').send('accepted!');
        case 'redirect':
          return reply.code(302).header('location', 'http://example.test/').send();
        default:
          return reply.code(404).send();
      }
    });
  });
  await stub.listen({ port: 0, host: '127.0.0.1' });
  const address = stub.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await stub.close();
});

const endpoint = (mode: string, baseUrl = base): LenderEndpoint => ({
  id: 'stub',
  name: 'Stub',
  kind: 'nonBank',
  registrationNumber: '40203000001',
  address: 'Brīvības iela 1, Rīga, LV-1010',
  logo: '/api/lenders/stub/logo.svg',
  amounts: { min: 500, max: 25_000 },
  terms: { min: 6, max: 84 },
  purposes: ['personalNeeds'],
  baseUrl: `${baseUrl}/${mode}`,
  keyId: 'kk-2026-a',
  secret,
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('sendApplication', () => {
  it('posts JSON signed under the configured key id with the idempotency key and returns the reference', async () => {
    const application = partnerApplicationFixture();
    expect(await sendApplication(endpoint('ok'), application)).toEqual({ reference: 'ref-1' });
    const request = seen.at(-1);
    if (!request) throw new Error('the stub saw no request');
    expect(request.headers['idempotency-key']).toBe(application.requestId);
    expect(request.headers['content-type']).toBe('application/json');
    expect(verifyPartnerMessage(secret, request.headers as Record<string, string>, request.raw)).toMatchObject({
      ok: true,
      partner: 'kk-2026-a',
    });
    expect(partnerApplicationSchema.parse(parseJson(request.raw))).toEqual(application);
  });

  it.each([
    ['429', 'busy', 429],
    ['503', 'down', 503],
  ])('throws LenderRetryableError on %s', async (_label, mode, status) => {
    const error = await failure(sendApplication(endpoint(mode), partnerApplicationFixture()));
    expect(error).toBeInstanceOf(LenderRetryableError);
    expect(isLenderRetryableError(error)).toBe(true);
    expect(error).toMatchObject({ name: 'LenderRetryableError', lenderId: 'stub', status });
  });

  it('throws LenderRetryableError on a timeout', async () => {
    const error = await failure(sendApplication(endpoint('slow'), partnerApplicationFixture(), { timeoutMs: 50 }));
    expect(isLenderRetryableError(error)).toBe(true);
    expect((error as Error).message).toMatch(/timed out/);
  });

  it('throws LenderRetryableError when the lender is unreachable', async () => {
    const closed = Fastify();
    await closed.listen({ port: 0, host: '127.0.0.1' });
    const address = closed.server.address();
    await closed.close();
    const port = typeof address === 'object' && address ? address.port : 1;
    const error = await failure(
      sendApplication(endpoint('ok', `http://127.0.0.1:${port}`), partnerApplicationFixture()),
    );
    expect(isLenderRetryableError(error)).toBe(true);
    expect(error).toMatchObject({ status: undefined });
  });

  it.each([
    ['a 4xx', 'refuse', 422],
    ['a 404', 'nowhere', 404],
    ['a malformed answer', 'garbage', 202],
    ['a redirect', 'redirect', 302],
  ])('throws LenderRejectedError on %s', async (_label, mode, status) => {
    const error = await failure(sendApplication(endpoint(mode), partnerApplicationFixture()));
    expect(error).toBeInstanceOf(LenderRejectedError);
    expect(isLenderRejectedError(error)).toBe(true);
    expect(isLenderRetryableError(error)).toBe(false);
    expect(error).toMatchObject({ name: 'LenderRejectedError', status });
  });

  it('never puts the application into the error message', async () => {
    const application = partnerApplicationFixture();
    const error = (await failure(sendApplication(endpoint('refuse'), application))) as Error;
    expect(error.message).not.toContain(application.applicant.personalCode);
    expect(error.message).not.toContain(application.applicant.lastName);
  });
});
