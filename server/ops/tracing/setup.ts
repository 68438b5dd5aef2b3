import { DEFAULT_SERVICE_NAME, type Tracing } from './tracer.ts';

/**
 * Tracing for the production and sandbox entries: on when OTEL_EXPORTER_OTLP_ENDPOINT names a collector (the
 * exporter reads it, and the other OTEL_EXPORTER_OTLP_* variables, from the environment itself), off otherwise, and
 * then nothing is registered, nor even loaded: the SDK and the exporter cost a few hundred milliseconds of start.
 * Spans leave in batches, off the request path.
 */
export async function startTracing(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<Tracing | null> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  const [{ registerTracing }, { BatchSpanProcessor }, { OTLPTraceExporter }] = await Promise.all([
    import('./register.ts'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]);
  return registerTracing({
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
    serviceName: env.OTEL_SERVICE_NAME || DEFAULT_SERVICE_NAME,
  });
}
