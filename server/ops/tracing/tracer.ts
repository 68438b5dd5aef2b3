import type { Tracer } from '@opentelemetry/api';

/**
 * The one tracer of the process, or null while tracing is off. Every seam asks `activeTracer()` first and does
 * nothing more when it is null: with no provider registered the API would still hand out non-recording spans, and
 * a span object per query and per request is a cost we do not pay for traces nobody collects. Only the API is
 * imported here: the SDK and the exporter load when tracing is turned on (register.ts, setup.ts).
 */
let current: Tracer | null = null;

export const activeTracer = (): Tracer | null => current;

/** register.ts's alone: the tracer of the provider it registered, or null once it is shut down. */
export function setActiveTracer(tracer: Tracer | null): void {
  current = tracer;
}

export interface Tracing {
  /** exports what is still buffered and unregisters the provider, the context manager and the propagator */
  shutdown(): Promise<void>;
}

export const DEFAULT_SERVICE_NAME = 'kreditkompass';
