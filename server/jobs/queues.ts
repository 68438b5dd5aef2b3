import type { PgBoss } from 'pg-boss';

/** Every job queue, with its retry policy in one place. */
export const QUEUES = {
  /** send one application to its lenders; retried with backoff for those unreachable */
  lenderSend: 'lender-send',
  /** re-queue lender requests and resume Smart-ID sessions a crash left behind; expire stale offers and applications */
  sweep: 'sweep',
  /** delete applications past the retention period, old nonces and expired handoff codes */
  retention: 'data-retention',
} as const;

/** Messages to a lender about an application it holds (withdrawal, review): retried for hours while it is down. */
export const PARTNER_MESSAGE_QUEUE_OPTIONS = {
  notify: true,
  retryLimit: 20,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 60,
} as const;

export async function createQueues(boss: PgBoss): Promise<void> {
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
}
