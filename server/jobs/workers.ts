import type { Job } from 'pg-boss';
import type { Broker } from '../broker.ts';
import { expireLenderRequest, sendToLender, sweepLenderRequests, type LenderSendJob } from '../applications/lender-dispatch.ts';
import { deleteExpiredData, expireStaleApplications } from '../applications/maintenance.ts';
import { followSmartIdSession, type SmartIdPollJob } from '../applications/smart-id-session.ts';
import { createQueues, QUEUES } from './queues.ts';

const each =
  <T>(handler: (job: Job<T>) => Promise<void>) =>
  async (jobs: Job<T>[]) => {
    for (const job of jobs) await handler(job);
  };

/** Creates the queues and, unless this process serves HTTP only, works them. */
export async function startWorkers(broker: Broker): Promise<void> {
  const { boss } = broker;
  await createQueues(boss);
  if (!broker.config.workers) return;

  await boss.work<LenderSendJob>(
    QUEUES.lenderSend,
    { localConcurrency: 16, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 5 },
    each((job) => sendToLender(broker, job)),
  );
  await boss.work<LenderSendJob>(
    QUEUES.lenderTimeout,
    { pollingIntervalSeconds: 5 },
    each((job) => expireLenderRequest(broker, job)),
  );
  await boss.work<SmartIdPollJob>(
    QUEUES.smartIdPoll,
    { localConcurrency: 20, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 5 },
    each((job) => followSmartIdSession(broker, job)),
  );
  await boss.work(QUEUES.sweep, { pollingIntervalSeconds: 10 }, async () => {
    await sweepLenderRequests(broker);
    await expireStaleApplications(broker);
  });
  await boss.work(QUEUES.retention, { pollingIntervalSeconds: 30 }, async () => {
    await deleteExpiredData(broker);
  });
  await boss.schedule(QUEUES.sweep, '* * * * *');
  await boss.schedule(QUEUES.retention, '17 3 * * *', null, { tz: 'Europe/Riga' });

  // what a crash left behind resumes now, not at the next scheduled sweep
  await sweepLenderRequests(broker);
}
