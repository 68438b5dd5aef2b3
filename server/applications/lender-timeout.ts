import type { Job } from 'pg-boss';
import type { Broker } from '../broker.ts';
import { QUEUES } from '../jobs/queues.ts';
import { noticeLenderProgress } from '../notices/notice-triggers.ts';
import { lockApplication, refreshLenderProgress } from './progress.ts';

/**
 * A lender that has not answered in time stops holding the application back. One timer job per
 * application (not per lender request: fifteen jobs an application were a visible share of the
 * queue's work), due when its first sends run out of time; requests sent later by a retry get the
 * job again for what is left of their time. A job of the old shape (`requestId`, queued before an
 * upgrade) is worked as its request's application.
 */
export type LenderTimeoutJob = { readonly applicationId: string } | { readonly requestId: string };

export async function scheduleLenderTimeout(broker: Broker, applicationId: string, afterSeconds?: number) {
  // a second job for the same application (a retry's sends) does no harm: each looks at the rows
  await broker.boss.send(QUEUES.lenderTimeout, { applicationId } satisfies LenderTimeoutJob, {
    startAfter: afterSeconds ?? broker.config.lenderAnswerTimeoutSeconds,
  });
}

/** Ends one lender request without an answer; the application row is locked first, as everywhere. */
export async function settleLenderRequest(
  broker: Broker,
  requestId: string,
  applicationId: string,
  state: 'failed' | 'timeout',
  failure: string,
): Promise<void> {
  await broker.db.transaction(async (tx) => {
    await lockApplication(tx, applicationId);
    const updated = await tx.query(
      `UPDATE lender_requests SET state = $2, failure = $3, answered_at = now(), lease_until = NULL
       WHERE id = $1 AND state IN ('queued', 'sending', 'sent') RETURNING id`,
      [requestId, state, failure],
    );
    if (updated.rows.length > 0) await refreshLenderProgress(tx, applicationId);
  });
  broker.hub.forget(applicationId);
  // the last lender failing or timing out may be what makes "all answered" true
  await noticeLenderProgress(broker, applicationId);
}

/** Times out the application's requests whose time ran out; sends the job again for those still within it. */
export async function expireLenderRequests(broker: Broker, job: Job<LenderTimeoutJob>): Promise<void> {
  const rows = (
    await broker.db.query<{ id: string; application_id: string; left_seconds: number }>(
      `SELECT id, application_id,
         extract(epoch FROM sent_at + make_interval(secs => $2) - now())::float8 AS left_seconds
       FROM lender_requests
       WHERE state = 'sent' AND ${'applicationId' in job.data ? 'application_id' : 'id'} = $1`,
      [
        'applicationId' in job.data ? job.data.applicationId : job.data.requestId,
        broker.config.lenderAnswerTimeoutSeconds,
      ],
    )
  ).rows;
  for (const row of rows)
    if (row.left_seconds <= 0)
      await settleLenderRequest(broker, row.id, row.application_id, 'timeout', 'no answer in time');
  const left = rows.filter((row) => row.left_seconds > 0).map((row) => row.left_seconds);
  const [applicationId] = rows.map((row) => row.application_id);
  if (left.length > 0 && applicationId)
    await scheduleLenderTimeout(broker, applicationId, Math.ceil(Math.min(...left)));
}
