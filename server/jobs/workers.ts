import type { Job, JobResult } from 'pg-boss';
import type { Broker } from '../broker.ts';
import { sendToLenders, sweepLenderRequests } from '../applications/lender-dispatch.ts';
import { watchLenderTimeouts } from '../applications/lender-timeout.ts';
import { deleteExpiredData, expireStaleApplications } from '../applications/maintenance.ts';
import { resumeSmartIdSessions } from '../applications/smart-id-session.ts';
import { deliverDocumentItem, requeueUndeliveredDocuments } from '../documents/delivery.ts';
import {
  createQueues,
  QUEUES,
  type DocumentDeliveryJob,
  type LenderReviewJob,
  type LenderSendJob,
  type LenderWithdrawalJob,
  type NoticeJob,
} from './queues.ts';
import { sendWithdrawal } from '../applications/lender-withdrawal.ts';
import { sendReviewRequest } from '../applications/review-request.ts';
import { backfillPersonKeys } from '../account/person-key-backfill.ts';
import { backfillCallRequestKeys } from '../staff/consultant/contact-keys-backfill.ts';
import { deleteExpiredRevokedTokens } from '../applications/token-revocation.ts';
import { deleteOldErasures, requeueUnsentErasureNotices } from '../account/erasure-notices.ts';
import { deleteOldLoginAttempts } from '../account/login.ts';
import { deleteIdleSessions } from '../account/sessions.ts';
import { deleteIdleStaffSessions } from '../staff/sessions.ts';
import { deleteOldLoginFailures } from '../staff/lockout.ts';
import { sendNotice } from '../notices/notice-sender.ts';
import { noticeExpiringOffers } from '../notices/notice-triggers.ts';
import { deleteExpiredOptOutCodes } from '../notices/sms-opt-out.ts';
import { deleteOldRecipientSends } from '../notices/recipient-limits.ts';
import { consumeJob, withScheduledSpans } from '../ops/tracing/job-spans.ts';

/** Runs a fetched batch in parallel and settles each job by itself: one failure retries one job. */
const eachJob =
  <T>(handler: (job: Job<T>) => Promise<void>) =>
  async (jobs: Job<T>[]): Promise<JobResult[]> =>
    Promise.all(
      jobs.map(async (job): Promise<JobResult> => {
        try {
          await consumeJob(job, () => handler(job));
          return { id: job.id, status: 'completed' };
        } catch (error) {
          return { id: job.id, status: 'failed', output: { error: error instanceof Error ? error.name : 'error' } };
        }
      }),
    );

const batch = { perJobResults: true, burstWhenBatchFull: true } as const;

/** Creates the queues and, unless this process serves HTTP only, works them. */
export async function startWorkers(broker: Broker): Promise<void> {
  const { boss } = broker;
  await createQueues(boss, broker.config);
  if (!broker.config.workers) return;
  const scheduled = withScheduledSpans(boss);

  // a job is one application's sends to all its lenders, made in parallel
  await boss.work<LenderSendJob>(
    QUEUES.lenderSend,
    { ...batch, batchSize: 16, localConcurrency: 2, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 5 },
    eachJob((job) => sendToLenders(broker, job)),
  );
  broker.background.run('lender-timeouts', (signal) => watchLenderTimeouts(broker, signal));
  await scheduled.work(QUEUES.sweep, { pollingIntervalSeconds: 10 }, async () => {
    await sweepLenderRequests(broker);
    await resumeSmartIdSessions(broker);
    await expireStaleApplications(broker);
    await noticeExpiringOffers(broker);
    await requeueUnsentErasureNotices(broker);
    await requeueUndeliveredDocuments(broker);
  });
  await scheduled.work(QUEUES.retention, { pollingIntervalSeconds: 30 }, async () => {
    await deleteExpiredData(broker);
    await deleteIdleSessions(broker.db);
    await deleteOldLoginAttempts(broker.db);
    await deleteExpiredOptOutCodes(broker.db);
    await deleteOldErasures(broker.db);
    await deleteExpiredRevokedTokens(broker.db);
    await deleteOldRecipientSends(broker.db);
    await deleteIdleStaffSessions(broker.db);
    await deleteOldLoginFailures(broker.db);
  });
  await boss.work<LenderWithdrawalJob>(
    QUEUES.lenderWithdrawal,
    { ...batch, batchSize: 16, localConcurrency: 2, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 5 },
    eachJob((job) => sendWithdrawal(broker, job)),
  );
  await boss.work<LenderReviewJob>(
    QUEUES.lenderReview,
    { ...batch, batchSize: 16, localConcurrency: 2, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 5 },
    eachJob((job) => sendReviewRequest(broker, job)),
  );
  await boss.work<DocumentDeliveryJob>(
    QUEUES.documentDelivery,
    { ...batch, batchSize: 4, localConcurrency: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 5 },
    eachJob((job) => deliverDocumentItem(broker, job)),
  );
  await boss.work<NoticeJob>(
    QUEUES.notice,
    { ...batch, batchSize: 10, localConcurrency: 2, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 5 },
    eachJob((job) => sendNotice(broker, job)),
  );
  await boss.schedule(QUEUES.sweep, '* * * * *');
  await boss.schedule(QUEUES.retention, '17 3 * * *', null, { tz: 'Europe/Riga' });

  // what a crash left behind resumes now, not at the next scheduled sweep
  await sweepLenderRequests(broker);
  await resumeSmartIdSessions(broker);
  while ((await backfillPersonKeys(broker)) === 500);
  while ((await backfillCallRequestKeys(broker)) === 500);
}
