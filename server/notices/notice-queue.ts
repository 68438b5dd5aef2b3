import type { PgBoss } from 'pg-boss';
import type { BrokerConfig } from '../config/config.ts';

/** One message to one person over one channel; retried with backoff while SMTP or the SMS gateway is down. */
export const NOTICE_QUEUE = 'notice-send';

export interface NoticeJob {
  readonly noticeId: string;
}

export async function createNoticeQueue(boss: PgBoss, config: BrokerConfig): Promise<void> {
  const delay = config.notices.retryDelaySeconds;
  await boss.createQueue(NOTICE_QUEUE, {
    notify: true,
    // a day of retries: a message is late rather than lost while the mail server is down
    retryLimit: 40,
    retryDelay: delay,
    retryBackoff: true,
    retryDelayMax: Math.max(delay, Math.min(delay * 20, 3600)),
    expireInSeconds: 60,
  });
}
