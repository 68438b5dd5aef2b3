import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { registerTracing } from '../../server/ops/tracing/register.ts';
import type { Tracing } from '../../server/ops/tracing/tracer.ts';

/** Tracing into memory for a test: every span as it ends. */
export function recordSpans(): { readonly exporter: InMemorySpanExporter; readonly tracing: Tracing } {
  const exporter = new InMemorySpanExporter();
  return { exporter, tracing: registerTracing({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }) };
}

/** The spans of one trace, and those of them whose parent is not among them (the root alone, in one tree). */
export function traceOf(spans: readonly ReadableSpan[], traceId: string) {
  const inTrace = spans.filter((span) => span.spanContext().traceId === traceId);
  const ids = new Set(inTrace.map((span) => span.spanContext().spanId));
  const orphans = inTrace.filter((span) => {
    const parent = span.parentSpanContext?.spanId;
    return parent !== undefined && !ids.has(parent);
  });
  const roots = inTrace.filter((span) => span.parentSpanContext === undefined);
  return { spans: inTrace, orphans, roots };
}
