import type { Job } from 'pg-boss';
import type { Broker } from '../broker.ts';
import { QUEUES, type LenderSendJob } from '../jobs/queues.ts';
import { sendApplication } from '../lenders/lender-client.ts';
import {
  partnerApplication,
  partnerApplicationOf,
  type IdentifiedApplication,
  type PartnerApplicationBase,
} from './partner-application.ts';
import { settleLenderRequest } from './lender-timeout.ts';
import { sentRequests } from './sent-requests.ts';
import { STATUS_CHANNEL } from './status-hub.ts';
import { timeLenderSend } from '../ops/metrics/record.ts';
import { withTraceContext } from '../ops/tracing/job-spans.ts';
import { inApplicationTrace } from '../ops/tracing/application-trace.ts';
import { activeTracer } from '../ops/tracing/tracer.ts';

/** How long a process holds the lender requests it sends; a process that stopped mid-send loses them after it. */
export const SEND_LEASE_SECONDS = 30;

/** A second job for an application (the sweep's, a retry's) sends nothing twice: the leases decide. */
export async function enqueueLenderRequests(
  broker: Broker,
  applicationIds: readonly string[],
  startAfterSeconds?: number,
): Promise<void> {
  await broker.boss.insert(
    QUEUES.lenderSend,
    applicationIds.map((applicationId) => ({
      data: withTraceContext({ applicationId } satisfies LenderSendJob),
      singletonKey: applicationId,
      ...(startAfterSeconds === undefined ? {} : { startAfter: startAfterSeconds }),
    })),
  );
}

/** A lender request this process holds the lease of, to send it. */
export interface Claim {
  readonly id: string;
  readonly lender_id: string;
  readonly attempts: number;
}

/**
 * What the identifying process hands to the send: the application as it has just read it, and the requests it
 * has just created already claimed (state `sending`, leased), so the send reads and claims nothing.
 */
export interface PreparedSend {
  readonly identified: IdentifiedApplication;
  readonly claims: readonly Claim[];
}

/** Whether this process sends an application it identified itself (a process serving HTTP only queues a job). */
export const sendsAtOnce = (broker: Broker): boolean => broker.config.workers;

type Outcome =
  | { readonly kind: 'sent'; readonly id: string; readonly reference: string }
  | { readonly kind: 'retry'; readonly id: string }
  | { readonly kind: 'failed'; readonly id: string; readonly failure: string };

async function applicationOf(broker: Broker, data: LenderSendJob): Promise<string | null> {
  if ('applicationId' in data) return data.applicationId;
  const [row] = (
    await broker.db.query<{ application_id: string }>('SELECT application_id FROM lender_requests WHERE id = $1', [
      data.requestId,
    ])
  ).rows;
  return row?.application_id ?? null;
}

/**
 * Sends an identified application's requests at once, from the process that identified it, with no job: a job
 * cost its insert, its fetch and its completion, and the sends waited for the worker's next poll. A process that
 * works no jobs (HTTP only), or one that is closing, queues the job instead. Lenders to retry go to the queue,
 * whose backoff then takes over; a crash mid-send leaves leases that run out, and the sweep queues them again.
 */
export async function sendOrQueueLenderRequests(
  broker: Broker,
  applicationId: string,
  prepared?: PreparedSend,
): Promise<void> {
  const traceparent = activeTracer() === null ? null : await traceparentOf(broker, applicationId);
  await inApplicationTrace(traceparent, applicationId, async () => {
    // a closing process queues the job; requests it had claimed are queued again by the sweep once their lease ends
    const started =
      sendsAtOnce(broker) &&
      broker.background.run(`lender-send ${applicationId}`, async () => {
        try {
          await sendToLendersOf(broker, applicationId, prepared);
        } catch (error) {
          // the first retry a second later, as pg-boss's own backoff would have made it
          await enqueueLenderRequests(broker, [applicationId], 1);
          if (!(error instanceof Error && error.name === 'LenderRetryableError')) throw error;
        }
      });
    if (!started) await enqueueLenderRequests(broker, [applicationId]);
  });
}

/** The traceparent kept with the application at its submission (read only while tracing is on). */
async function traceparentOf(broker: Broker, applicationId: string): Promise<string | null> {
  const { rows } = await broker.db.query<{ trace_parent: string | null }>(
    'SELECT trace_parent FROM applications WHERE id = $1',
    [applicationId],
  );
  return rows[0]?.trace_parent ?? null;
}

/** A lender-send job: the sends of its application, retried with backoff while a lender asks for a retry. */
export async function sendToLenders(broker: Broker, job: Job<LenderSendJob>): Promise<void> {
  const applicationId = await applicationOf(broker, job.data);
  if (applicationId) await sendToLendersOf(broker, applicationId);
}

/**
 * Sends one application to every lender it still waits to reach. Each request row is claimed with a
 * lease first (all in one statement), so two processes never send the same one; a process killed
 * mid-send leaves leases that run out, and the sweep's job sends again with the same idempotency key
 * (the request id), which the lender deduplicates. Lenders that failed in a way worth retrying go
 * back to `queued` and this throws a LenderRetryableError, so pg-boss retries the job with backoff for them alone.
 */
async function sendToLendersOf(broker: Broker, applicationId: string, prepared?: PreparedSend): Promise<void> {
  const claims =
    prepared?.claims ??
    (
      await broker.db.query<Claim>(
        `UPDATE lender_requests SET state = 'sending', attempts = attempts + 1,
         lease_until = now() + make_interval(secs => $2)
       WHERE application_id = $1 AND (state = 'queued' OR (state = 'sending' AND lease_until < now()))
       RETURNING id, lender_id, attempts`,
        [applicationId, SEND_LEASE_SECONDS],
      )
    ).rows;
  if (claims.length === 0) return; // sent already, answered, or another process holds the leases
  const payload = prepared
    ? partnerApplicationOf(broker, prepared.identified)
    : await partnerApplication(broker, applicationId);
  // before the sends: a lender may answer before its send has returned
  for (const claim of claims) sentRequests(broker).remember(claim.id, { applicationId, lenderId: claim.lender_id });
  const outcomes = await Promise.all(claims.map((claim) => sendOne(broker, claim, payload)));

  const sent = outcomes.filter((outcome) => outcome.kind === 'sent');
  if (sent.length > 0) {
    await broker.db.query(
      // a lender may have answered before the last of the sends returned: its row keeps its answer
      // but gets the reference too, which a review request or a withdrawal is addressed by; the
      // status change is announced by the same statement
      // The rows are found by their primary key (= ANY), as the answers' batches find them.
      `WITH marked AS (
         UPDATE lender_requests r
         SET lender_reference = ($2::text[])[array_position($1::uuid[], r.id)],
           sent_at = COALESCE(r.sent_at, now()),
           state = CASE WHEN r.state = 'sending' THEN 'sent' ELSE r.state END,
           lease_until = CASE WHEN r.state = 'sending' THEN NULL ELSE r.lease_until END
         WHERE r.id = ANY($1::uuid[]))
       SELECT pg_notify($3, $4)`,
      [sent.map((outcome) => outcome.id), sent.map((outcome) => outcome.reference), STATUS_CHANNEL, applicationId],
    );
    broker.hub.forget(applicationId);
  }
  for (const outcome of outcomes)
    if (outcome.kind === 'failed')
      await settleLenderRequest(broker, outcome.id, applicationId, 'failed', outcome.failure);
  const retry = outcomes.filter((outcome) => outcome.kind === 'retry').map((outcome) => outcome.id);
  if (retry.length > 0) {
    await broker.db.query(
      `UPDATE lender_requests SET state = 'queued', lease_until = NULL WHERE id = ANY($1::uuid[]) AND state = 'sending'`,
      [retry],
    );
    const error = new Error(`${retry.length} lender(s) to retry`);
    error.name = 'LenderRetryableError';
    throw error; // pg-boss retries with backoff
  }
}

async function sendOne(broker: Broker, claim: Claim, payload: PartnerApplicationBase | null): Promise<Outcome> {
  const lender = broker.lenders.get(claim.lender_id);
  if (!lender || !payload) return { kind: 'failed', id: claim.id, failure: 'unknown lender or application' };
  try {
    const { reference } = await timeLenderSend(broker, lender.id, claim.id, () =>
      sendApplication(lender, { ...payload, requestId: claim.id, applicationRef: claim.id }),
    );
    return { kind: 'sent', id: claim.id, reference };
  } catch (error) {
    const retryable = error instanceof Error && error.name === 'LenderRetryableError';
    if (retryable && claim.attempts < broker.config.lenderMaxAttempts) return { kind: 'retry', id: claim.id };
    return { kind: 'failed', id: claim.id, failure: error instanceof Error ? error.name : 'error' };
  }
}

/**
 * Finds what a crash can leave behind and sets it going again: lender requests still queued with
 * no job (a crash between commit and enqueue) and claims whose lease ran out.
 */
export async function sweepLenderRequests(broker: Broker): Promise<number> {
  const stale = (
    await broker.db.query<{ application_id: string }>(
      `SELECT DISTINCT application_id FROM lender_requests
       WHERE (state = 'queued' AND created_at < now() - interval '20 seconds')
          OR (state = 'sending' AND lease_until < now())
       LIMIT 1000`,
    )
  ).rows.map((row) => row.application_id);
  if (stale.length > 0) await enqueueLenderRequests(broker, stale);
  return stale.length;
}
