import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { startTracing } from './setup.ts';
import { activeTracer, type Tracing } from './tracer.ts';

const bodyOf = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

describe('startTracing', () => {
  const saved = { ...process.env };
  let tracing: Tracing | null = null;

  afterEach(async () => {
    await tracing?.shutdown();
    tracing = null;
    process.env = { ...saved };
  });

  it('registers nothing without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    tracing = await startTracing({});
    expect(tracing).toBeNull();
    expect(activeTracer()).toBeNull();
    expect(trace.getTracer('any').startSpan('nothing').isRecording()).toBe(false);
  });

  it('sends spans over OTLP/HTTP to the endpoint, as kreditkompass or OTEL_SERVICE_NAME, and flushes on shutdown', async () => {
    const received: { path: string; body: string }[] = [];
    const collector = createServer((request, response) => {
      void bodyOf(request).then((body) => {
        received.push({ path: request.url ?? '', body });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
      // the exporter reads its endpoint from the environment itself
      process.env.OTEL_EXPORTER_OTLP_ENDPOINT = endpoint;
      process.env.OTEL_SERVICE_NAME = 'kreditkompass-test';
      tracing = await startTracing();
      expect(tracing).not.toBeNull();
      activeTracer()?.startSpan('GET /api/lenders').end();
      await tracing?.shutdown();
      tracing = null;
      expect(received.map((each) => each.path)).toEqual(['/v1/traces']);
      expect(received[0]?.body).toContain('kreditkompass-test');
      expect(activeTracer()).toBeNull();
    } finally {
      await new Promise((resolve) => collector.close(resolve));
    }
  });
});
