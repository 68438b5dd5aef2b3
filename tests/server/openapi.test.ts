import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ENDPOINTS, PRIVATE_ROUTES } from '../../domain/contract/index.ts';
import { startBroker, type RunningBroker } from '../support/broker.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: unknown }[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; contact?: object };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/** The document partners build clients from, served by the broker with the sandbox mounted beside it. */
describe('the OpenAPI document', () => {
  let broker: RunningBroker;
  let text: string;
  let document: OpenApiDocument;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    broker = await startBroker({
      storage: 'pglite',
      postgresUrl: inject('postgresUrl'),
      onRoute: (route) => void routes.push(route),
    });
    const response = await fetch(`${broker.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    text = await response.text();
    document = JSON.parse(text) as OpenApiDocument;
  });
  afterAll(async () => broker.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );

  it('passes a standard validator', async () => {
    // validate() dereferences in place: give it a copy
    await expect(SwaggerParser.validate(JSON.parse(text) as never)).resolves.toBeDefined();
  });

  it("passes Redocly's recommended rules without an error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`)).toEqual(
      [],
    );
    // what is left are warnings: no licence named, and the redirects answering 303 rather than a 2xx
    const warnings = problems.map((problem) => problem.ruleId);
    console.log(`Redocly recommended: ${errors.length} errors, ${warnings.length} warnings (${warnings.join(', ')})`);
    expect(warnings.filter((rule) => rule !== 'operation-2xx-response' && rule !== 'info-license')).toEqual([]);
  });

  it('lists the public API alone: no site page, no simulator, no asset', () => {
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
    for (const hidden of [
      '/api/openapi.json',
      '/api/docs',
      '/api/partner/v1/decisions',
      '/api/applications/standardInformation.css',
      '/api/lenders/{id}/logo.svg',
    ]) {
      expect(document.paths[hidden], hidden).toBeUndefined();
    }
    // the sandbox is mounted in this very server, and not in the document
    expect(routes.some((route) => route.url.startsWith('/sandbox/'))).toBe(true);
  });

  it('serves every /api route from the contract, published or kept out for a stated reason, and each of them', () => {
    const methods = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
    const served = routes
      .flatMap((route) => methods(route).map((method) => `${method} ${route.url}`))
      .filter((route) => !route.startsWith('HEAD ') && route.includes(' /api/'));
    const contract = [...ENDPOINTS, ...PRIVATE_ROUTES].map(({ method, path }) => `${method} ${path}`);
    expect(new Set(served)).toEqual(new Set(contract));
    expect(served).toHaveLength(contract.length);
    for (const route of PRIVATE_ROUTES) expect(route.unpublished, route.path).not.toBe('');
  });

  it('names, tags and secures every operation, and documents its errors in the one shape', () => {
    const ids = new Set<string>();
    for (const { path, method, operation } of operations()) {
      const where = `${method} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      ids.add(operation.operationId ?? '');
      expect(operation.summary, where).toBeTruthy();
      expect(operation.tags, where).toHaveLength(1);
      expect(operation.security, where).toBeDefined();
      expect(
        Object.keys(operation.responses).some((status) => /^4/.test(status)),
        where,
      ).toBe(true);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400) {
          expect(response.content?.['application/json']?.schema, `${where} ${status}`).toEqual({
            $ref: '#/components/schemas/ApiError',
          });
        }
      }
      for (const parameter of operation.parameters ?? []) {
        expect(typeof parameter.schema, `${where} ${parameter.name}`).toBe('object');
      }
    }
    expect(ids.size).toBe(operations().length);
  });

  it('says who may call what: a publisher key, the account session, or anyone', () => {
    expect(document.paths['/api/publishers/applications']?.get?.security).toEqual([{ publisherKey: [] }]);
    expect(document.paths['/api/account']?.get?.security).toEqual([{ accountSession: [] }]);
    expect(document.paths['/api/applications']?.post?.security).toEqual([]);
    // the bearer key is the security scheme, not a header parameter beside it
    expect(document.paths['/api/publishers/applications']?.get?.parameters?.map((p) => p.name)).not.toContain(
      'authorization',
    );
  });

  it("describes the installation it is served by, and what isn't JSON", () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: broker.url })]);
    expect(document.info).toMatchObject({ title: expect.any(String), version: '1', contact: expect.any(Object) });
    const status = document.paths['/api/getApplicationStatus']?.get?.responses['200'];
    expect(Object.keys(status?.content ?? {})).toEqual(['text/plain']);
    const bankReturn = document.paths['/api/identification/bank/{institutionId}/return']?.get;
    expect(Object.keys(bankReturn?.responses ?? {})).toContain('303');
    expect(bankReturn?.parameters?.find((parameter) => parameter.in === 'query')).toMatchObject({
      name: 'fields',
      style: 'form',
      explode: true,
      schema: { type: 'object' },
    });
  });

  it('has a reference page of its own whose policy allows no script but its own and no style but its nonce', async () => {
    const page = await fetch(`${broker.url}/api/docs`);
    expect(page.status).toBe(200);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('unsafe');
    const nonce = policy.match(/'nonce-([^']+)'/)?.[1] ?? '';
    expect(nonce).toMatch(/^[\w+/=]{20,}$/);
    const html = await page.text();
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(html).not.toMatch(/<script>/);
    const start = html.match(/<script src="([^"]+)" nonce="([^"]+)"/);
    expect(start?.[2]).toBe(nonce);
    expect(await (await fetch(`${broker.url}${start?.[1] ?? ''}`)).text()).toContain("Redoc.init('/api/openapi.json'");
    // a nonce is for one answer only
    const again = (await fetch(`${broker.url}/api/docs`)).headers.get('content-security-policy') ?? '';
    expect(again).not.toContain(nonce);
    const script = html.match(/<script src="([^"]+redoc[^"]+)"/)?.[1] ?? '';
    const bundle = await fetch(`${broker.url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-encoding')).toBe('gzip');
    expect(await bundle.text()).not.toContain('cdn.redoc.ly');
  });
});
