import type { PgBoss } from 'pg-boss';
import type { BrokerConfig } from '../config/config.ts';

/**
 * Every pg-boss queue of the broker: its name, what one job carries and its retry policy, here and nowhere
 * else. Who sends a job imports its queue's name and type from here; workers.ts says who works it. A job's data may
 * also carry the `traceparent` of the work that queued it (server/ops/tracing/job-spans.ts), never anything else.
 */
export const QUEUES = {
  /** send one application to its lenders; retried with backoff for those unreachable */
  lenderSend: 'lender-send',
  /** re-queue lender requests and resume Smart-ID sessions a crash left behind; expire stale offers and applications */
  sweep: 'sweep',
  /** delete applications past the retention period, old nonces, expired handoff codes, year-old erasure records */
  retention: 'data-retention',
  /** tell a lender an application is withdrawn or erased (an erasure's word is recorded: account/erasure-notices.ts) */
  lenderWithdrawal: 'lender-withdraw',
  /** ask a lender that declined for a human review (Directive 2023/2225) */
  lenderReview: 'lender-review',
  /** one message to one person over one channel */
  notice: 'notice-send',
  /** post the files of one item of a lender's documents request to that lender, until it acknowledges them */
  documentDelivery: 'document-delivery',
} as const;

/**
 * One application's sends to all its lenders, made together by one process. A job carrying a `requestId`
 * stands for its request's application: that shape may still wait in the queue of a database upgraded
 * from a release that queued one job per lender request.
 */
export type LenderSendJob = { readonly applicationId: string } | { readonly requestId: string };

/**
 * No personal data, only the lender's own reference, so that the job outlives the application's deletion (an
 * erasure withdraws the application from its lenders after its rows are gone). An erasure's `requestId` is its
 * notice's id in `erasure_notices`, where the lender's answer is recorded.
 */
export interface LenderWithdrawalJob {
  readonly lenderId: string;
  readonly lenderReference: string;
  readonly requestId: string;
  readonly reason: 'erasure' | 'withdrawn';
}

/** The review request's row holds the rest; the job names it only. */
export interface LenderReviewJob {
  readonly reviewId: string;
}

/** The notice's row holds the rest; the job names it only. */
export interface NoticeJob {
  readonly noticeId: string;
}

/**
 * The item's rows name the rest (its request, its lender, its files); the job names the item only, and its id is the
 * item's, so an item has one job at a time (server/documents/delivery.ts).
 */
export interface DocumentDeliveryJob {
  readonly itemId: string;
}

/** How often a message to a lender is tried again: with the backoff below, about ten hours in all. */
export const PARTNER_MESSAGE_RETRY_LIMIT = 20;

/** Messages to a lender about an application it holds (withdrawal, review): retried for hours while it is down. */
const PARTNER_MESSAGE_QUEUE_OPTIONS = {
  notify: true,
  retryLimit: PARTNER_MESSAGE_RETRY_LIMIT,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 60,
} as const;

/** How often a message to a person is tried: a day of retries, with the backoff below. */
export const NOTICE_RETRY_LIMIT = 40;

/** Creates every queue with its policy; each process does so as it starts, before it sends or works a job. */
export async function createQueues(boss: PgBoss, config: BrokerConfig): Promise<void> {
  await boss.createQueue(QUEUES.lenderSend, {
    notify: true,
    retryLimit: 8,
    retryDelay: 1,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 60,
  });
  await boss.createQueue(QUEUES.sweep, { retryLimit: 0, expireInSeconds: 120 });
  await boss.createQueue(QUEUES.retention, { retryLimit: 1, expireInSeconds: 600 });
  const noticeDelay = config.notices.retryDelaySeconds;
  await boss.createQueue(QUEUES.notice, {
    notify: true,
    // a day of retries: a message is late rather than lost while the mail server is down
    retryLimit: NOTICE_RETRY_LIMIT,
    retryDelay: noticeDelay,
    retryBackoff: true,
    retryDelayMax: Math.max(noticeDelay, Math.min(noticeDelay * 20, 3600)),
    expireInSeconds: 60,
  });
  await boss.createQueue(QUEUES.lenderWithdrawal, PARTNER_MESSAGE_QUEUE_OPTIONS);
  await boss.createQueue(QUEUES.lenderReview, PARTNER_MESSAGE_QUEUE_OPTIONS);
  // files of up to 50 MB an item go to the lender in one request: a minute is too short for a slow one
  await boss.createQueue(QUEUES.documentDelivery, { ...PARTNER_MESSAGE_QUEUE_OPTIONS, expireInSeconds: 900 });
}
