import { SpanStatusCode, type Span, type Tracer } from '@opentelemetry/api';
import { ATTR_ERROR_TYPE } from '@opentelemetry/semantic-conventions';

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

/** An error as a span may name it: its name only, since a message may quote a URL or a value. */
const errorNameOf = (error: unknown): string => (error instanceof Error ? error.name : 'error');

/**
 * `work` as the span's: a throw marks the span failed, by `errorType` (the error's name unless told otherwise), and
 * the span ends either way.
 */
export async function endingSpan<R>(
  span: Span,
  work: () => Promise<R>,
  errorType: (error: unknown) => string = errorNameOf,
): Promise<R> {
  try {
    return await work();
  } catch (error) {
    span.setAttribute(ATTR_ERROR_TYPE, errorType(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}
