import type { Job } from 'pg-boss';
import { applicantBirthDate } from '../../domain/application.ts';
import type { Broker } from '../broker.ts';
import { QUEUES } from '../jobs/queues.ts';
import { sendApplication } from '../lenders/lender-client.ts';
import type { PartnerApplication } from '../lenders/messages.ts';
import { openApplicant } from './applicant-record.ts';
import { lockApplication, refreshLenderProgress } from './progress.ts';
import { APPLICATION_COLUMNS, type ApplicationRow } from './status.ts';
import { statusChanged } from './status-hub.ts';
import { noticeLenderProgress } from '../notices/notice-triggers.ts';

const LEASE_SECONDS = 30;

export interface LenderSendJob {
  readonly requestId: string;
}

/** One job per lender request; the singleton key keeps a second copy from queueing while one waits. */
export async function enqueueLenderRequests(broker: Broker, requestIds: readonly string[]): Promise<void> {
  await broker.boss.insert(
    QUEUES.lenderSend,
    requestIds.map((requestId) => ({ data: { requestId } satisfies LenderSendJob, singletonKey: requestId })),
  );
}

/**
 * Sends one application to one lender. The row is claimed with a lease first, so two processes
 * never send it together; a process killed mid-send leaves a lease that runs out, and the retry
 * sends again with the same idempotency key (the request id), which the lender deduplicates.
 */
export async function sendToLender(broker: Broker, job: Job<LenderSendJob>): Promise<void> {
  const { requestId } = job.data;
  const [claim] = (
    await broker.db.query<{ application_id: string; lender_id: string; attempts: number }>(
      `UPDATE lender_requests SET state = 'sending', attempts = attempts + 1,
         lease_until = now() + make_interval(secs => $2)
       WHERE id = $1 AND (state = 'queued' OR (state = 'sending' AND lease_until < now()))
       RETURNING application_id, lender_id, attempts`,
      [requestId, LEASE_SECONDS],
    )
  ).rows;
  if (!claim) return; // sent already, answered, or another process holds the lease
  const lender = broker.lenders.get(claim.lender_id);
  const payload = await partnerApplication(broker, requestId, claim.application_id);
  if (!lender || !payload) {
    await settle(broker, requestId, claim.application_id, 'failed', 'unknown lender or application');
    return;
  }
  try {
    const { reference } = await sendApplication(lender, payload);
    await broker.db.query(
      `UPDATE lender_requests SET state = 'sent', sent_at = now(), lender_reference = $2, lease_until = NULL
       WHERE id = $1 AND state = 'sending'`,
      [requestId, reference],
    );
    await broker.boss.send(
      QUEUES.lenderTimeout,
      { requestId },
      { startAfter: broker.config.lenderAnswerTimeoutSeconds, singletonKey: requestId },
    );
    await statusChanged(broker, claim.application_id);
  } catch (error) {
    const retryable = error instanceof Error && error.name === 'LenderRetryableError';
    if (retryable && claim.attempts < broker.config.lenderMaxAttempts) {
      await broker.db.query(
        `UPDATE lender_requests SET state = 'queued', lease_until = NULL WHERE id = $1 AND state = 'sending'`,
        [requestId],
      );
      throw error; // pg-boss retries with backoff
    }
    await settle(broker, requestId, claim.application_id, 'failed', error instanceof Error ? error.name : 'error');
  }
}

async function settle(
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

/** A lender that has not answered within its time stops holding the application back. */
export async function expireLenderRequest(broker: Broker, job: Job<LenderSendJob>): Promise<void> {
  const [row] = (
    await broker.db.query<{ application_id: string; state: string }>(
      'SELECT application_id, state FROM lender_requests WHERE id = $1',
      [job.data.requestId],
    )
  ).rows;
  if (row?.state === 'sent')
    await settle(broker, job.data.requestId, row.application_id, 'timeout', 'no answer in time');
}

/**
 * Finds what a crash can leave behind and sets it going again: lender requests still queued with
 * no job (a crash between commit and enqueue) and claims whose lease ran out.
 */
export async function sweepLenderRequests(broker: Broker): Promise<number> {
  const stale = (
    await broker.db.query<{ id: string }>(
      `SELECT id FROM lender_requests
       WHERE (state = 'queued' AND created_at < now() - interval '20 seconds')
          OR (state = 'sending' AND lease_until < now())
       LIMIT 1000`,
    )
  ).rows.map((row) => row.id);
  if (stale.length > 0) await enqueueLenderRequests(broker, stale);
  return stale.length;
}

/** What a lender receives: the applicant decrypted for this one request, never stored elsewhere. */
async function partnerApplication(
  broker: Broker,
  requestId: string,
  applicationId: string,
): Promise<PartnerApplication | null> {
  const [application] = (
    await broker.db.query<ApplicationRow>(`SELECT ${APPLICATION_COLUMNS} FROM applications WHERE id = $1`, [
      applicationId,
    ])
  ).rows;
  if (!application) return null;
  const applicant = openApplicant(broker.cipher, application);
  if (!applicant) return null;
  const [identification] = (
    await broker.db.query<{ method: PartnerApplication['identification']['method'] }>(
      `SELECT method FROM identifications WHERE application_id = $1 AND state = 'succeeded' ORDER BY finished_at DESC LIMIT 1`,
      [applicationId],
    )
  ).rows;
  const dependents = applicant.hasDependents
    ? applicant.numberOfDependents === 'moreThan5'
      ? 6
      : Number(applicant.numberOfDependents ?? 1)
    : 0;
  return {
    requestId,
    applicationRef: requestId,
    callbackUrl: `${broker.config.publicBaseUrl}/api/partner/v1/decisions`,
    submittedAt: new Date().toISOString(),
    loan: {
      amount: applicant.amount,
      term: applicant.term,
      purpose: applicant.loanPurpose,
      ...(applicant.loanPurposeText ? { purposeText: applicant.loanPurposeText } : {}),
      ...(applicant.amountRefinance !== undefined ? { amountRefinance: applicant.amountRefinance } : {}),
    },
    applicant: {
      personalCode: applicant.personalId,
      firstName: applicant.firstname,
      lastName: applicant.lastname,
      dateOfBirth: applicantBirthDate(applicant) ?? '',
      email: applicant.email,
      phone: applicant.phoneNumber,
      monthlyIncome: applicant.monthlyIncome,
      incomeTypes: applicant.incomeTypes.map((entry) => ({
        type: entry.type,
        employmentDuration: entry.employmentDuration,
        ...(entry.typeOfOtherIncome ? { typeOfOtherIncome: entry.typeOfOtherIncome } : {}),
      })),
      monthlyLiabilities: applicant.hasFinancialLiabilities ? (applicant.monthlyFinancialLiabilities ?? 0) : 0,
      hasSpouse: applicant.hasSpouse,
      dependents,
      ...(applicant.ownsProperty !== undefined ? { ownsProperty: applicant.ownsProperty } : {}),
      politicallyExposed: applicant.politicalyExposedPerson,
    },
    identification: {
      method: identification?.method ?? 'bank',
      verifiedAt: (application.identified_at ?? new Date()).toISOString(),
    },
  };
}
