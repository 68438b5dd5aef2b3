import { context, propagation, trace, type Span } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { registerTracing } from '../../server/ops/tracing/register.ts';
import type { Tracing } from '../../server/ops/tracing/tracer.ts';

/** Tracing into memory for a test: every span as it ends. */
export function recordSpans(): { readonly exporter: InMemorySpanExporter; readonly tracing: Tracing } {
  const exporter = new InMemorySpanExporter();
  return { exporter, tracing: registerTracing({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }) };
}

/**
 * The test as a browser whose page is traced (as OpenTelemetry's web SDK does it): a span for the person's whole
 * journey, and its `traceparent` on every request the test makes with global fetch while `journey` runs. A request
 * that names its own traceparent (the server's calls, which use fetch too) keeps it.
 */
export async function asTracedBrowser<T>(name: string, journey: () => Promise<T>): Promise<{ result: T; root: Span }> {
  const root = trace.getTracer('test-browser').startSpan(name);
  const headers: Record<string, string> = {};
  propagation.inject(trace.setSpan(context.active(), root), headers);
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const given = new Headers(init?.headers);
    if (!given.has('traceparent')) for (const [key, value] of Object.entries(headers)) given.set(key, value);
    return realFetch(input, { ...init, headers: given });
  };
  try {
    return { result: await journey(), root };
  } finally {
    globalThis.fetch = realFetch;
    root.end();
  }
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
