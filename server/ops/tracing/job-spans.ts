import { context, propagation, ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import {
  ATTR_MESSAGING_DESTINATION_NAME,
  ATTR_MESSAGING_MESSAGE_ID,
  ATTR_MESSAGING_OPERATION_TYPE,
  ATTR_MESSAGING_SYSTEM,
  MESSAGING_OPERATION_TYPE_VALUE_PROCESS,
} from './semconv-incubating.ts';
import type { PgBoss, WorkOptions } from 'pg-boss';
import { activeTracer, endingSpan } from './tracer.ts';

/** The W3C trace context a queued job carries in its data, so that its work joins the trace that queued it. */
export interface TracedJob {
  readonly traceparent?: string;
}

/**
 * The job's data with the active span's `traceparent` added (the same object while tracing is off or outside a
 * span). Only that field: it names a trace, nothing of the person.
 */
export function withTraceContext<T extends object>(data: T): T {
  if (activeTracer() === null || trace.getActiveSpan() === undefined) return data;
  const carrier: { traceparent?: string } = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent === undefined ? data : { ...data, traceparent: carrier.traceparent };
}

const traceparentOf = (data: unknown): string | undefined => {
  const value = (data as TracedJob | null)?.traceparent;
  return typeof value === 'string' ? value : undefined;
};

/**
 * Runs a job's handler in a consumer span, `{queue} process`, whose parent is the context the job was queued in
 * (none for the scheduled ones: each run is a trace of its own).
 */
export function consumeJob<R>(
  job: { readonly name: string; readonly id: string; readonly data: unknown },
  handler: () => Promise<R>,
): Promise<R> {
  const tracer = activeTracer();
  if (tracer === null) return handler();
  const traceparent = traceparentOf(job.data);
  const parent = traceparent === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, { traceparent });
  const span = tracer.startSpan(
    `${job.name} process`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        [ATTR_MESSAGING_SYSTEM]: 'pg-boss',
        [ATTR_MESSAGING_DESTINATION_NAME]: job.name,
        [ATTR_MESSAGING_OPERATION_TYPE]: MESSAGING_OPERATION_TYPE_VALUE_PROCESS,
        [ATTR_MESSAGING_MESSAGE_ID]: job.id,
      },
    },
    parent,
  );
  return context.with(trace.setSpan(parent, span), () => endingSpan(span, handler));
}

/**
 * pg-boss's `work` for the scheduled queues (sweep, retention): each run in a consumer span of its own, a trace whose
 * statements and calls are its children rather than a trace each.
 */
export const withScheduledSpans = (boss: PgBoss) => ({
  work: (name: string, options: WorkOptions, handler: () => Promise<void>): Promise<string> =>
    boss.work(name, options, (jobs) => consumeJob({ name, id: jobs[0]?.id ?? '', data: null }, handler)),
});
