import { SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeJob, withTraceContext } from './job-spans.ts';
import { registerTracing } from './register.ts';
import { activeTracer, type Tracing } from './tracer.ts';

describe('a job carries the trace that queued it', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  beforeAll(() => {
    tracing = registerTracing({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  });
  afterAll(() => tracing.shutdown());

  it('adds nothing outside a span', () => {
    const data = { noticeId: 'n-1' };
    expect(withTraceContext(data)).toBe(data);
  });

  it('queues the active traceparent and works the job in a consumer span under it', async () => {
    const queued = await new Promise<{ noticeId: string; traceparent?: string }>((resolve) => {
      activeTracer()?.startActiveSpan('POST /api/applications', (span) => {
        resolve(withTraceContext({ noticeId: 'n-2' }));
        span.end();
      });
    });
    expect(Object.keys(queued).sort()).toEqual(['noticeId', 'traceparent']);
    const inside = await consumeJob({ name: 'notice-send', id: 'job-1', data: queued }, async () =>
      trace.getActiveSpan()?.spanContext(),
    );
    const [producer, consumer] = exporter.getFinishedSpans();
    expect(consumer?.name).toBe('notice-send process');
    expect(consumer?.kind).toBe(SpanKind.CONSUMER);
    expect(consumer?.parentSpanContext?.spanId).toBe(producer?.spanContext().spanId);
    expect(consumer?.spanContext().traceId).toBe(producer?.spanContext().traceId);
    expect(inside?.spanId).toBe(consumer?.spanContext().spanId);
    expect(consumer?.attributes).toMatchObject({
      'messaging.destination.name': 'notice-send',
      'messaging.message.id': 'job-1',
    });
  });
});
