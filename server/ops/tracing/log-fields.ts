import { trace } from '@opentelemetry/api';
import { currentRequest } from './request-context.ts';
import { activeTracer } from './tracer.ts';

/**
 * pino's `mixin`: every line written inside a request carries its `reqId` (a line of the request's own logger has it
 * already, and gets it once), and every line inside a span its `traceId` and `spanId`, so a line leads to its trace.
 * Ids only: nothing of what the request carries.
 */
export function logFields(_merge: object, _level: number, logger: unknown): Record<string, string> {
  const request = currentRequest();
  // off, there is no span to find: not even the API's look-up runs
  const span = activeTracer() === null ? undefined : trace.getActiveSpan();
  // a new object every line: pino merges the line's own fields into it
  const fields: Record<string, string> = {};
  if (request !== undefined && logger !== request.log) fields.reqId = request.id;
  if (span !== undefined) {
    const { traceId, spanId } = span.spanContext();
    fields.traceId = traceId;
    fields.spanId = spanId;
  }
  return fields;
}
