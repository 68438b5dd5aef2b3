import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace';
import { DEFAULT_SERVICE_NAME, registerTracing, type Tracing } from './tracer.ts';

/**
 * Tracing for the production and sandbox entries: on when OTEL_EXPORTER_OTLP_ENDPOINT names a collector (the
 * exporter reads it, and the other OTEL_EXPORTER_OTLP_* variables, itself), off otherwise, and then nothing is
 * registered at all. Spans leave in batches, off the request path.
 */
export function startTracing(env: Readonly<Record<string, string | undefined>> = process.env): Tracing | null {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  return registerTracing({
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
    serviceName: env.OTEL_SERVICE_NAME || DEFAULT_SERVICE_NAME,
  });
}
