import { context, propagation, trace, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { TracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/**
 * The one tracer of the process, or null while tracing is off. Every seam asks `activeTracer()` first and does
 * nothing more when it is null: with no provider registered the API would still hand out non-recording spans, and
 * a span object per query and per request is a cost we do not pay for traces nobody collects.
 */
let current: { readonly tracer: Tracer; readonly provider: TracerProvider } | null = null;

export const activeTracer = (): Tracer | null => current?.tracer ?? null;

export interface Tracing {
  /** exports what is still buffered and unregisters the provider, the context manager and the propagator */
  shutdown(): Promise<void>;
}

export const DEFAULT_SERVICE_NAME = 'kreditkompass';

/**
 * Registers a provider with these processors as the process's global one, with the async-hooks context manager
 * (the active span follows awaits) and the W3C `traceparent` propagator. The production entry gives it the OTLP
 * exporter (setup.ts); tests give it an in-memory one.
 */
export function registerTracing(options: {
  readonly spanProcessors: SpanProcessor[];
  readonly serviceName?: string;
}): Tracing {
  if (current) throw new Error('tracing is registered already');
  const provider = new TracerProvider({
    resource: defaultResource().merge(
      resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName ?? DEFAULT_SERVICE_NAME }),
    ),
    spanProcessors: options.spanProcessors,
  });
  const contextManager = new AsyncLocalStorageContextManager();
  contextManager.enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  current = { tracer: provider.getTracer('kreditkompass'), provider };
  return {
    async shutdown() {
      if (current?.provider !== provider) return;
      current = null;
      try {
        await provider.shutdown();
      } finally {
        trace.disable();
        propagation.disable();
        context.disable();
      }
    },
  };
}
