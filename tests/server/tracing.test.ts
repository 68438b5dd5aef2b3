import { randomUUID } from 'node:crypto';
import { SpanKind, trace } from '@opentelemetry/api';
import type { InMemorySpanExporter, ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { followApplicationStatus } from '../../domain/contract/status.ts';
import { activeTracer, type Tracing } from '../../server/ops/tracing/tracer.ts';
import { validApplication } from '../fixtures/application.ts';
import { buildApp, type BrokerApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config/config.ts';
import { startBroker, TEST_ENCRYPTION_KEYS, type RunningBroker, type Storage } from '../support/broker.ts';
import { allLendersAnswered, identifyByBank, submit, waitForStatus } from '../support/flow.ts';
import { recordSpans, traceOf } from '../support/traces.ts';

/**
 * Traces of issue 35: one application's way, from the browser's submission through every lender's send and answer
 * to the status pushed to its stream, is one trace, and nothing personal is in it.
 */

const attribute = (span: ReadableSpan, key: string) => span.attributes[key];

/** Waits until no span has ended for `quietMs`: the last push comes GATHER_MS after the last answer. */
async function settled(exporter: InMemorySpanExporter, quietMs = 600): Promise<ReadableSpan[]> {
  let count = -1;
  while (exporter.getFinishedSpans().length !== count) {
    count = exporter.getFinishedSpans().length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
  return exporter.getFinishedSpans();
}

/** The spans above `span` in its trace, nearest first. */
function ancestorsIn(spans: readonly ReadableSpan[]) {
  const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
  const ancestorsOf = (span: ReadableSpan): ReadableSpan[] => {
    const above: ReadableSpan[] = [];
    for (let at = byId.get(span.parentSpanContext?.spanId ?? ''); at; at = byId.get(at.parentSpanContext?.spanId ?? ''))
      above.push(at);
    return above;
  };
  // a push is parented on the latest change of its burst and linked to the others
  const causesOf = (push: ReadableSpan): ReadableSpan[] => [
    ...ancestorsOf(push),
    ...push.links.flatMap((link) => {
      const linked = byId.get(link.context.spanId);
      return linked ? [linked, ...ancestorsOf(linked)] : [];
    }),
  ];
  return { ancestorsOf, causesOf };
}

const isAnswer = (span: ReadableSpan) =>
  span.kind === SpanKind.SERVER && span.name === 'POST /api/partner/v1/decisions';

/** The trace's pushes that a lender's answer led to. */
function pushesOfAnswers(spans: readonly ReadableSpan[]): ReadableSpan[] {
  const { causesOf } = ancestorsIn(spans);
  return spans.filter((span) => span.name === 'status push' && causesOf(span).some(isAnswer));
}

const submissionOf = (exporter: InMemorySpanExporter) =>
  exporter.getFinishedSpans().find((span) => span.kind === SpanKind.SERVER && span.name === 'POST /api/applications');

describe.each<Storage>(['pglite', 'postgres'])('one application, one trace (%s)', (storage) => {
  let running: RunningBroker;
  let recorded: { exporter: InMemorySpanExporter; tracing: Tracing };
  let journey: { token: string; traceId: string; lenderIds: string[] };

  beforeAll(async () => {
    recorded = recordSpans();
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    const base = running.url;
    // a browser that sends no traceparent, as ours: each request would be a trace of its own, but the application
    // keeps its submission's, and what follows its identification continues it
    const token = await submit(base, {}, 'lv');
    // the wizard follows the status on its event stream: the pushes go to it
    const stream = new AbortController();
    const events = await fetch(`${base}${followApplicationStatus.path}?token=${token}`, { signal: stream.signal });
    expect(events.status).toBe(200);
    await identifyByBank(base, token, 'approve');
    const answered = await waitForStatus(base, token, allLendersAnswered);
    const traceId = submissionOf(recorded.exporter)?.spanContext().traceId ?? 'no submission span';
    // the push follows the last answer by GATHER_MS and a build of the body; on a busy machine, later than that
    await vi.waitFor(
      () => expect(pushesOfAnswers(traceOf(recorded.exporter.getFinishedSpans(), traceId).spans)).not.toEqual([]),
      {
        timeout: 15_000,
        interval: 100,
      },
    );
    await settled(recorded.exporter);
    stream.abort();
    await events.body?.cancel().catch(() => undefined);
    await settled(recorded.exporter, 300);
    journey = { token, lenderIds: answered.lenders.map((lender) => lender.lenderId), traceId };
  });

  afterAll(async () => {
    await running?.close();
    await recorded?.tracing.shutdown();
  });

  it('is one tree: one root, and every span’s parent in it', () => {
    const { spans, orphans, roots } = traceOf(recorded.exporter.getFinishedSpans(), journey.traceId);
    expect(orphans.map((span) => span.name)).toEqual([]);
    expect(roots.map((span) => span.name)).toEqual(['POST /api/applications']);
    expect(spans.length).toBeGreaterThan(20);
  });

  it('holds the submission, each lender’s send and answer, and the status push', () => {
    const { spans } = traceOf(recorded.exporter.getFinishedSpans(), journey.traceId);
    const submission = spans.filter((span) => span.name === 'POST /api/applications');
    expect(submission).toHaveLength(1);
    expect(submission[0]?.kind).toBe(SpanKind.SERVER);
    expect(attribute(submission[0] as ReadableSpan, 'http.response.status_code')).toBe(201);

    const sends = spans.filter((span) => span.kind === SpanKind.CLIENT && span.name === 'POST /applications');
    expect(new Set(sends.map((span) => attribute(span, 'kk.lender_id')))).toEqual(new Set(journey.lenderIds));
    for (const send of sends) expect(attribute(send, 'http.response.status_code')).toBe(202);

    // each lender's decision comes back as its signed callback, carrying the trace the send gave it
    const answers = spans.filter(isAnswer);
    const { ancestorsOf } = ancestorsIn(spans);
    const sendAbove = (span: ReadableSpan) => ancestorsOf(span).find((above) => sends.includes(above));
    const answered = new Set(answers.map((answer) => attribute(sendAbove(answer) as ReadableSpan, 'kk.lender_id')));
    expect(answered).toEqual(new Set(journey.lenderIds));

    // the messages the submission queued are worked under it (the job's data carried its traceparent)
    expect(spans.some((span) => span.kind === SpanKind.CONSUMER && span.name === 'notice-send process')).toBe(true);

    const pushes = spans.filter((span) => span.name === 'status push');
    // the answers lead to pushes
    expect(pushesOfAnswers(spans).length).toBeGreaterThan(0);
    for (const push of pushes) expect(attribute(push, 'kk.application_id')).toEqual(expect.any(String));
    const queries = spans.filter((span) => attribute(span, 'db.system.name') === 'postgresql');
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) expect(query.attributes).not.toHaveProperty('db.query.text');
  });

  it('carries nothing personal: no token, personal code, e-mail or phone in names, attributes or events', () => {
    const { spans } = traceOf(recorded.exporter.getFinishedSpans(), journey.traceId);
    const text = JSON.stringify(
      spans.map((span) => ({
        name: span.name,
        attributes: span.attributes,
        events: span.events,
        links: span.links.map((link) => link.attributes ?? {}),
        status: span.status,
      })),
    );
    for (const secret of [
      journey.token,
      validApplication.personalId,
      validApplication.personalId.replace('-', ''),
      validApplication.email,
      validApplication.phoneNumber,
      validApplication.phoneNumber.replace('+', ''),
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('puts the request id and the trace id on the lines written during a request', () => {
    const lines = running.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    const traced = lines.filter((line) => line.traceId === journey.traceId);
    expect(traced.length).toBeGreaterThan(0);
    for (const line of traced) expect(line.reqId).toEqual(expect.any(String));
    // each field once per line: the request's own logger has reqId already
    for (const line of running.logs) expect(line.match(/"reqId"/g)?.length ?? 0).toBeLessThanOrEqual(1);
  });
});

describe('a line the broker’s logger writes inside a request', () => {
  let recorded: { exporter: InMemorySpanExporter; tracing: Tracing };
  let built: BrokerApp;
  const logs: string[] = [];

  beforeAll(async () => {
    recorded = recordSpans();
    built = await buildApp({
      clientDir: null,
      config: loadConfig({ DATA_DIR: 'memory', ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS, HOST: '127.0.0.1' }),
      logStream: { write: (line) => void logs.push(line) },
      // a use case's line, written through the broker's logger after an await and after the body was read
      extend: async (app) => {
        app.post('/test/use-case', async (request) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          built.broker.log.info({ marker: (request.body as { marker: string }).marker }, 'use case line');
          return { ok: true };
        });
      },
    });
  });

  afterAll(async () => {
    await built?.app.close();
    await recorded?.tracing.shutdown();
  });

  it('carries the request’s reqId, its traceId and spanId; a line outside a request carries none', async () => {
    const marker = randomUUID();
    built.broker.log.info({ marker: `outside ${marker}` }, 'outside any request');
    const response = await built.app.inject({ method: 'POST', url: '/test/use-case', payload: { marker } });
    expect(response.statusCode).toBe(200);
    const lines = logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    const outside = lines.find((line) => line.marker === `outside ${marker}`);
    expect(outside).toBeDefined();
    expect(outside).not.toHaveProperty('reqId');
    expect(outside).not.toHaveProperty('traceId');
    const inside = lines.find((line) => line.marker === marker);
    const completed = lines.find((line) => line.msg === 'request completed');
    expect(inside?.reqId).toEqual(completed?.reqId);
    expect(inside?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(inside?.spanId).toMatch(/^[0-9a-f]{16}$/);
    const [span] = recorded.exporter.getFinishedSpans().filter((each) => each.name === 'POST /test/use-case');
    expect(span?.spanContext().traceId).toBe(inside?.traceId);
  });
});

describe('tracing off', () => {
  let running: RunningBroker;

  beforeAll(async () => {
    running = await startBroker({ storage: 'pglite' });
  });

  afterAll(async () => {
    await running?.close();
  });

  it('registers nothing, records nothing, and the application goes through', async () => {
    expect(activeTracer()).toBeNull();
    const token = await submit(running.url);
    await identifyByBank(running.url, token, 'approve');
    await waitForStatus(running.url, token, allLendersAnswered);
    expect(trace.getActiveSpan()).toBeUndefined();
    expect(trace.getTracer('any').startSpan('nothing').isRecording()).toBe(false);
    const lines = running.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.some((line) => 'traceId' in line)).toBe(false);
    // the request id is not tracing's: lines of requests still carry it
    expect(lines.filter((line) => line.msg === 'request completed').every((line) => 'reqId' in line)).toBe(true);
  });
});
