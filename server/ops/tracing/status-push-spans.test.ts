import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTracing } from './register.ts';
import { noteStatusChange, tracedStatusPush } from './status-push-spans.ts';
import { activeTracer, type Tracing } from './tracer.ts';

describe('a status push is traced from the changes it shows', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  beforeAll(() => {
    tracing = registerTracing({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  });
  afterAll(() => tracing.shutdown());

  /** A change to the application made in a span of its own trace, as a request that changed it would. */
  const changeIn = (name: string, applicationId: string) =>
    activeTracer()?.startActiveSpan(name, (span) => {
      noteStatusChange(applicationId);
      noteStatusChange(applicationId);
      span.end();
      return span.spanContext();
    });

  it('is parented on the latest change of its burst, and linked to the earlier ones', async () => {
    const start = changeIn('POST /api/identification/start', 'app-1');
    const answer = changeIn('POST /api/partner/v1/decisions', 'app-1');
    await tracedStatusPush('app-1', async () => undefined);
    const push = exporter.getFinishedSpans().find((span) => span.name === 'status push');
    expect(push?.spanContext().traceId).toBe(answer?.traceId);
    expect(push?.parentSpanContext?.spanId).toBe(answer?.spanId);
    expect(push?.links.map((link) => link.context.spanId)).toEqual([start?.spanId]);
    expect(push?.attributes['kk.changes']).toBe(2);
  });

  it('keeps the latest changes of a long burst, and starts no span when nothing changed here', async () => {
    exporter.reset();
    const changes = Array.from({ length: 40 }, (_, at) => changeIn(`change ${at}`, 'app-2'));
    await tracedStatusPush('app-2', async () => undefined);
    await tracedStatusPush('app-2', async () => undefined);
    const pushes = exporter.getFinishedSpans().filter((span) => span.name === 'status push');
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.parentSpanContext?.spanId).toBe(changes.at(-1)?.spanId);
    expect(pushes[0]?.links.at(-1)?.context.spanId).toBe(changes.at(-2)?.spanId);
    expect(pushes[0]?.links.map((link) => link.context.spanId)).not.toContain(changes[0]?.spanId);
  });
});
