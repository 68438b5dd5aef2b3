import { context, ROOT_CONTEXT, trace, type Link, type SpanContext } from '@opentelemetry/api';
import { activeTracer } from './tracer.ts';

/**
 * The changes to each application this process announced and has not pushed yet: the span each was made in. The
 * NOTIFY that reaches the status hub carries the application's id only (its payload is the one every process reads),
 * so the context cannot travel with it; it is kept here instead, and a push in the process that made the change is
 * parented on it. A push in another process finds nothing here and starts no trace: we do not invent a cause.
 */
const pending = new Map<string, SpanContext[]>();
const MAX_APPLICATIONS = 10_000;
const MAX_CHANGES = 16;

/**
 * Called where a change is announced and where the process that made it forgets its cached body (after the commit),
 * inside the span of the work that made it.
 */
export function noteStatusChange(applicationId: string): void {
  if (activeTracer() === null) return;
  const span = trace.getActiveSpan();
  if (span === undefined) return;
  let changes = pending.get(applicationId);
  if (changes === undefined) {
    // the oldest application goes first: one whose changes were never pushed (nobody watched it)
    if (pending.size >= MAX_APPLICATIONS) pending.delete(pending.keys().next().value as string);
    changes = [];
    pending.set(applicationId, changes);
  }
  const made = span.spanContext();
  // the announcement and the forgetting of the same change note it once
  if (changes.at(-1)?.spanId === made.spanId) return;
  // the latest changes are the ones the push shows: the oldest make room
  if (changes.length >= MAX_CHANGES) changes.shift();
  changes.push(made);
}

/**
 * A span around one push of an application's body to its streams. A push gathers a burst of changes: its parent is
 * the latest of them, and the others are links, so each lender's answer leads to the push that showed it. The
 * latest, not the first: a burst may begin with a request outside the application's trace (the browser's start of
 * its identification) and end with the lenders' answers in it, and a slow timer gathers them all into one push.
 */
export function tracedStatusPush<T>(applicationId: string, push: () => Promise<T>): Promise<T> {
  const tracer = activeTracer();
  if (tracer === null) return push();
  const changes = pending.get(applicationId) ?? [];
  pending.delete(applicationId);
  const cause = changes.at(-1);
  if (cause === undefined) return context.with(ROOT_CONTEXT, push);
  const parent = trace.setSpanContext(ROOT_CONTEXT, cause);
  const links: Link[] = changes.slice(0, -1).map((other) => ({ context: other }));
  const span = tracer.startSpan(
    'status push',
    { attributes: { 'kk.application_id': applicationId, 'kk.changes': changes.length }, links },
    parent,
  );
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await push();
    } finally {
      span.end();
    }
  });
}
