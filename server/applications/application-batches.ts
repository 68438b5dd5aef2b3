import type { Database, Sql } from '../db/database.ts';
import { lockApplication, refreshLenderProgress } from './progress.ts';

/** A change to one application's lender rows, made inside the transaction that holds its row. */
export type ApplicationChange = (tx: Sql) => Promise<void>;

interface Waiting {
  readonly change: ApplicationChange;
  resolve(): void;
  reject(error: unknown): void;
}

export interface ApplicationBatches {
  /** Resolves once the change is committed and `afterCommit` has run for it. */
  apply(applicationId: string, change: ApplicationChange): Promise<void>;
}

/**
 * Lenders answer an application in bursts (fifteen callbacks within a second). Each in its own
 * transaction, they queued on the application's row lock, each holding a pooled connection while
 * it waited, and the pool ran dry for everyone else. Here one process applies an application's
 * changes one transaction at a time, and those that arrive meanwhile go together into the next:
 * one lock, one progress refresh, one NOTIFY for the lot. Other processes still meet the row lock.
 * When a batch fails, its changes are tried one by one, so one bad change fails alone.
 */
export function createApplicationBatches(
  db: Database,
  afterCommit: (applicationId: string) => Promise<void>,
): ApplicationBatches {
  const waiting = new Map<string, Waiting[]>();
  const running = new Set<string>();

  const commit = async (applicationId: string, changes: readonly ApplicationChange[]) => {
    await db.transaction(async (tx) => {
      await lockApplication(tx, applicationId);
      for (const change of changes) await change(tx);
      await refreshLenderProgress(tx, applicationId);
    });
    await afterCommit(applicationId);
  };

  const drain = async (applicationId: string) => {
    running.add(applicationId);
    try {
      for (let batch = waiting.get(applicationId); batch; batch = waiting.get(applicationId)) {
        waiting.delete(applicationId);
        try {
          await commit(
            applicationId,
            batch.map((item) => item.change),
          );
          for (const item of batch) item.resolve();
        } catch (error) {
          if (batch.length === 1) batch[0]?.reject(error);
          else for (const item of batch) await commit(applicationId, [item.change]).then(item.resolve, item.reject);
        }
      }
    } finally {
      running.delete(applicationId);
    }
  };

  return {
    apply: (applicationId, change) =>
      new Promise<void>((resolve, reject) => {
        const batch = waiting.get(applicationId);
        if (batch) batch.push({ change, resolve, reject });
        else waiting.set(applicationId, [{ change, resolve, reject }]);
        if (!running.has(applicationId)) void drain(applicationId);
      }),
  };
}
