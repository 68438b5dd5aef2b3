import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { TracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { activeTracer, DEFAULT_SERVICE_NAME, setActiveTracer, type Tracing } from './tracer.ts';

/**
 * Registers a provider with these processors as the process's global one, with the async-hooks context manager
 * (the active span follows awaits) and the W3C `traceparent` propagator. The production entry gives it the OTLP
 * exporter (setup.ts); tests give it an in-memory one.
 */
export function registerTracing(options: {
  readonly spanProcessors: SpanProcessor[];
  readonly serviceName?: string;
}): Tracing {
  if (activeTracer() !== null) throw new Error('tracing is registered already');
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
  const tracer = provider.getTracer('kreditkompass');
  setActiveTracer(tracer);
  return {
    async shutdown() {
      if (activeTracer() !== tracer) return;
      setActiveTracer(null);
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
