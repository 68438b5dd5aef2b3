import { context, propagation, ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import { activeTracer, endingSpan } from './tracer.ts';

/** The active span's W3C traceparent, to keep with an application; null while tracing is off or outside a span. */
export function activeTraceparent(): string | null {
  if (activeTracer() === null || trace.getActiveSpan() === undefined) return null;
  const carrier: { traceparent?: string } = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/**
 * Runs the work that follows an application's identification in its own trace: a span `application identified`
 * under the submission's kept traceparent, linked to the span of the request that identified it (a bank's or
 * Smart-ID's return, a trace of its own since the browser carries no trace between requests). The sends, the
 * jobs they queue and the lenders' answers then join the submission's trace. Without a kept traceparent (tracing
 * was off at submission) the work stays where it is.
 */
export function inApplicationTrace<R>(
  traceparent: string | null,
  applicationId: string,
  work: () => Promise<R>,
): Promise<R> {
  const tracer = activeTracer();
  if (tracer === null || traceparent === null) return work();
  const parent = propagation.extract(ROOT_CONTEXT, { traceparent });
  const current = trace.getActiveSpan()?.spanContext();
  const span = tracer.startSpan(
    'application identified',
    {
      kind: SpanKind.INTERNAL,
      attributes: { 'kk.application_id': applicationId },
      ...(current ? { links: [{ context: current }] } : {}),
    },
    parent,
  );
  return context.with(trace.setSpan(parent, span), () => endingSpan(span, work));
}
